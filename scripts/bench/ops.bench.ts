/**
 * Issue 21: what logging and metrics cost. Signed-in GET /api/tasks/:id served twice in the same run,
 * once with request logging (LOG_LEVEL=info, JSON lines to a pipe) and the Prometheus metrics on, once
 * with both off; each repeat loads one then the other for BENCH_LOAD_MS. The ratio is "on" req/s as a
 * share of "off" (goal: at least 90%).
 */
import { autocannonLoad, startBenchServer, type BenchServer } from './http-load';
import { ms, percent, ratioRow, repeat, REPEATS, type BenchRow } from './stats';

const CONNECTIONS = 20;
const LOAD_MS = Number(process.env.BENCH_LOAD_MS ?? 5_000);

const run = (server: BenchServer, durationMs = LOAD_MS) =>
  autocannonLoad({
    port: server.port,
    path: server.path,
    headers: server.cookie ? { cookie: server.cookie } : {},
    connections: CONNECTIONS,
    durationMs,
  });

export async function benchOps(): Promise<BenchRow[]> {
  const off = await startBenchServer('app', { LOG_LEVEL: 'silent' });
  const on = await startBenchServer('app', {
    LOG_LEVEL: 'info',
    LOG_FORMAT: 'json',
    BENCH_METRICS_TOKEN: 'bench-metrics-token',
  });
  try {
    await run(off, 1_000);
    await run(on, 1_000);
    const pairs = await repeat(REPEATS, async () => ({ off: await run(off), on: await run(on) }));
    return [
      ratioRow(
        `task details req/s with logging and metrics on, as a share of both off (${CONNECTIONS} conn)`,
        pairs.map((pair) => ({ value: pair.on.rps, reference: pair.off.rps })),
        { format: (v) => `${v.toFixed(0)}/s`, ratio: percent, goal: '>= 90%' },
      ),
      ratioRow(
        'task details p99 with logging and metrics on vs off',
        pairs.map((pair) => ({ value: pair.on.p99, reference: pair.off.p99 })),
        { format: ms, goal: '(reference)' },
      ),
    ];
  } finally {
    await on.stop();
    await off.stop();
  }
}
