/** Shared helpers of `npm run bench`: repeats, summaries and the ratio format every row uses. */
export interface BenchRow {
  name: string;
  value: string;
}

export const REPEATS = Number(process.env.BENCH_REPEATS ?? 3);

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
};

export const median = (values: number[]) => percentile(values, 0.5);

/** "min / median / max" of the repeats, with a unit or formatter. */
export function spread(values: number[], format: (value: number) => string): string {
  const sorted = [...values].sort((a, b) => a - b);
  return `${format(sorted[0])} / ${format(median(sorted))} / ${format(sorted[sorted.length - 1])}`;
}

export const ms = (value: number) => `${value < 10 ? value.toFixed(2) : value.toFixed(0)} ms`;
export const seconds = (value: number) => `${(value / 1000).toFixed(2)} s`;
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
export const times = (value: number) => `${value.toFixed(2)}x`;

/**
 * One measured figure against its reference, both measured in each repeat of the same run:
 * "ratio min / median / max (figure ...; reference ...)".
 */
export function ratioRow(
  name: string,
  pairs: Array<{ value: number; reference: number }>,
  options: { format: (value: number) => string; ratio?: (value: number) => string; goal?: string },
): BenchRow {
  const ratios = pairs.map((pair) => pair.value / pair.reference);
  const ratioFormat = options.ratio ?? times;
  const figure = spread(
    pairs.map((pair) => pair.value),
    options.format,
  );
  const reference = spread(
    pairs.map((pair) => pair.reference),
    options.format,
  );
  return {
    name,
    value: `${spread(ratios, ratioFormat)}  (value ${figure}; reference ${reference})${options.goal ? `  goal ${options.goal}` : ''}`,
  };
}

export async function repeat<T>(count: number, run: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let index = 0; index < count; index++) results.push(await run(index));
  return results;
}
