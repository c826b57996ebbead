import { describe, expect, it } from 'vitest';
import { markerColor, markerSize } from './map-markers';

describe('markerSize', () => {
  it('stays between 20 and 40 px', () => {
    for (const count of [-5, 0, 1, 2, 7, 55, 110, 199, 200, 10_000, Number.NaN, Number.POSITIVE_INFINITY]) {
      const size = markerSize(count);
      expect(size).toBeGreaterThanOrEqual(20);
      expect(size).toBeLessThanOrEqual(40);
    }
    expect(markerSize(1)).toBe(20);
    expect(markerSize(0)).toBe(20);
    expect(markerSize(200)).toBe(40);
    expect(markerSize(5_000)).toBe(40);
  });

  it('grows with the expert count', () => {
    const sizes = [1, 3, 10, 30, 55, 110, 200].map(markerSize);
    for (let i = 1; i < sizes.length; i += 1) expect(sizes[i]).toBeGreaterThan(sizes[i - 1]);
  });
});

describe('markerColor', () => {
  it('is green above 100 experts, blue above 50, indigo otherwise', () => {
    expect(markerColor(101)).toBe('green');
    expect(markerColor(500)).toBe('green');
    expect(markerColor(100)).toBe('blue');
    expect(markerColor(51)).toBe('blue');
    expect(markerColor(50)).toBe('indigo');
    expect(markerColor(1)).toBe('indigo');
    expect(markerColor(0)).toBe('indigo');
  });
});
