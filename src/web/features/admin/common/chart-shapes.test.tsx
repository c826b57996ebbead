// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { cloneElement, isValidElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BarShape, LineShape, PieShape } from './chart-shapes';

// jsdom has no layout: the responsive box measures 0 × 0 and draws nothing, so give the chart a fixed size.
vi.mock('recharts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('recharts')>();
  return {
    ...actual,
    ResponsiveContainer: ({ children }: { children: ReactNode }) =>
      isValidElement<{ width?: number; height?: number }>(children)
        ? cloneElement(children, { width: 400, height: 300 })
        : null,
  };
});

afterEach(cleanup);

const sectorPaths = (container: HTMLElement) => [...container.querySelectorAll('.recharts-pie-sector path')];

describe('PieShape', () => {
  it('draws a single-slice pie as a clean full circle: no stroke from the centre to the edge', () => {
    const { container } = render(
      <PieShape
        data={[
          { label: 'Open', value: 4 },
          { label: 'Completed', value: 0 },
        ]}
      />,
    );
    const paths = sectorPaths(container);
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) {
      const stroke = path.getAttribute('stroke');
      expect(stroke === null || stroke === 'none' || path.getAttribute('stroke-width') === '0').toBe(true);
    }
  });

  it('keeps the white separators between the slices of a pie with several', () => {
    const { container } = render(
      <PieShape
        data={[
          { label: 'Open', value: 3 },
          { label: 'Completed', value: 1 },
        ]}
      />,
    );
    const paths = sectorPaths(container);
    expect(paths).toHaveLength(2);
    for (const path of paths) expect(path).toHaveAttribute('stroke', '#ffffff');
  });
});

describe('LineShape and BarShape', () => {
  const data = [
    { month: 'Oct', revenue: 1200, fees: 120 },
    { month: 'Nov', revenue: 2400, fees: 240 },
  ];
  const series = [
    { key: 'revenue', label: 'Revenue' },
    { key: 'fees', label: 'Fees' },
  ];

  it.each([
    ['line', LineShape, '.recharts-line'],
    ['bar', BarShape, '.recharts-bar'],
  ] as const)('draws the %s chart with its grid, labelled x axis, formatted y axis and legend', (_name, Shape, seriesClass) => {
    const { container } = render(<Shape data={data} xKey="month" series={series} format={(v) => `$${v}`} />);
    expect(container.querySelector('.recharts-cartesian-grid')).not.toBeNull();
    const xTicks = [...container.querySelectorAll('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-label')].map((tick) => tick.textContent);
    expect(xTicks).toEqual(['Oct', 'Nov']);
    const yTicks = [...container.querySelectorAll('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-label')].map((tick) => tick.textContent);
    expect(yTicks.length).toBeGreaterThan(1);
    expect(yTicks.every((tick) => tick?.startsWith('$'))).toBe(true);
    expect([...container.querySelectorAll('.recharts-legend-item-text')].map((item) => item.textContent).sort()).toEqual(['Fees', 'Revenue']);
    expect(container.querySelectorAll(seriesClass).length).toBeGreaterThan(0);
  });
});
