// The drawings are hidden from assistive technology (accessibilityLayer off, aria-hidden wrapper); ChartCard
// gives the same figures as a table.
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { paletteColor } from './charts';

export interface Series {
  key: string;
  label: string;
}

type Row = Record<string, string | number>;

/** Up to 12 points (the six months of revenue, a year by month) every label shows; recharts would skip some. */
const everyLabel = (data: Row[]) => (data.length <= 12 ? 0 : 'preserveStartEnd');

/**
 * A pie of labelled counts or amounts, in palette order. Slices are parted by a white stroke; a pie
 * with one slice that has a value (every task in one status) is drawn without it, as a plain full
 * circle: the stroke of a 360° sector is a line from the centre to the edge.
 */
export function PieShape({
  data,
  format,
}: {
  data: { label: string; value: number }[];
  format?: (value: number) => string;
}) {
  const stroke = data.filter((entry) => entry.value > 0).length > 1 ? '#ffffff' : 'none';
  return (
    <ResponsiveContainer width="100%" height="100%">
      <PieChart accessibilityLayer={false}>
        <Pie
          data={data}
          dataKey="value"
          nameKey="label"
          outerRadius="75%"
          stroke={stroke}
          paddingAngle={0}
          isAnimationActive={false}
        >
          {data.map((entry, index) => (
            <Cell key={entry.label} fill={paletteColor(index)} stroke={stroke} />
          ))}
        </Pie>
        <Tooltip formatter={(value) => (format ? format(Number(value)) : String(value))} />
        <Legend />
      </PieChart>
    </ResponsiveContainer>
  );
}

/**
 * The grid, axes, tooltip and legend every line and bar chart shares. An array, not a component:
 * the chart finds its axes among its direct children by type.
 */
function cartesianFrame(data: Row[], xKey: string, format?: (v: number) => string) {
  return [
    <CartesianGrid key="grid" strokeDasharray="3 3" />,
    <XAxis key="x" dataKey={xKey} fontSize={12} interval={everyLabel(data)} />,
    <YAxis
      key="y"
      fontSize={12}
      allowDecimals={false}
      tickFormatter={format ? (v: number) => format(v) : undefined}
      width={format ? 72 : 40}
    />,
    <Tooltip key="tooltip" formatter={(value) => (format ? format(Number(value)) : String(value))} />,
    <Legend key="legend" />,
  ];
}

/** Lines over an x axis of labels. */
export function LineShape({
  data,
  xKey,
  series,
  format,
}: {
  data: Row[];
  xKey: string;
  series: Series[];
  format?: (v: number) => string;
}) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={data} margin={{ left: 4, right: 12, top: 8 }} accessibilityLayer={false}>
        {cartesianFrame(data, xKey, format)}
        {series.map((s, index) => (
          <Line
            key={s.key}
            type="monotone"
            dataKey={s.key}
            name={s.label}
            stroke={paletteColor(index)}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}

/** Bars (side by side, or stacked) over an x axis of labels. */
export function BarShape({
  data,
  xKey,
  series,
  stacked = false,
  format,
}: {
  data: Row[];
  xKey: string;
  series: Series[];
  stacked?: boolean;
  format?: (v: number) => string;
}) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={data} margin={{ left: 4, right: 12, top: 8 }} accessibilityLayer={false}>
        {cartesianFrame(data, xKey, format)}
        {series.map((s, index) => (
          <Bar
            key={s.key}
            dataKey={s.key}
            name={s.label}
            fill={paletteColor(index)}
            stackId={stacked ? 'stack' : undefined}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
