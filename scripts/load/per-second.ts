/**
 * The server's request log of a load run, second by second: requests, the median and slowest
 * server-side time, and the slowest route. A step's p99 can come from a few seconds of stall (the
 * first use of a lazily built part, a checkpoint) or from the whole step; this tells which.
 * Usage: node --import tsx scripts/load/per-second.ts [.tmp/load/server-3240.log]
 */
import { readFileSync } from 'node:fs';

interface Line {
  time: number;
  ms: number;
  req: { method: string; route: string };
}

const file = process.argv[2] ?? '.tmp/load/server-3240.log';
const lines: Line[] = [];
for (const text of readFileSync(file, 'utf8').split('\n')) {
  if (!text.startsWith('{')) continue;
  const parsed = JSON.parse(text) as Partial<Line>;
  if (parsed.req && typeof parsed.ms === 'number' && typeof parsed.time === 'number') lines.push(parsed as Line);
}
if (lines.length === 0) throw new Error(`no request lines in ${file}`);
const start = lines[0].time;
const seconds = new Map<number, Line[]>();
for (const line of lines) {
  const second = Math.floor((line.time - start) / 1000);
  const group = seconds.get(second);
  if (group) group.push(line);
  else seconds.set(second, [line]);
}
for (const [second, group] of seconds) {
  const sorted = group.map((line) => line.ms).sort((a, b) => a - b);
  const slowest = group.reduce((a, b) => (b.ms > a.ms ? b : a));
  const median = sorted[Math.floor(sorted.length / 2)];
  console.log(
    `${String(second).padStart(4)} s  ${String(group.length).padStart(4)} requests  median ${median.toFixed(0).padStart(4)} ms  slowest ${slowest.ms.toFixed(0).padStart(5)} ms  ${slowest.req.method} ${slowest.req.route}`,
  );
}
