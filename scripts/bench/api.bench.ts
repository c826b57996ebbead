/**
 * Signed-in GET /api/tasks/:id (one task with its client, expert, applications, review and
 * transaction) against a bare Hono JSON route, each served by its own process and loaded over
 * HTTP with 20 keep-alive connections by autocannon in this one; on PGlite (in its worker thread,
 * and on the server's thread as before decision 0102) and on PostgreSQL. Each repeat loads
 * the bare route, then the app, for BENCH_LOAD_MS each. The bare route is also loaded by the
 * project's own generator (http-load.ts `load`), printed beside autocannon's figure: a slower
 * generator caps the reference and makes every "share of bare" read better than it is (issue 24).
 */
import { autocannonLoad, startBenchServer, load, type BenchServer, type LoadResult } from './http-load';
import { startBenchPostgres } from './postgres';
import { ms, percent, ratioRow, repeat, REPEATS, spread, type BenchRow } from './stats';

const CONNECTIONS = 20;
const LOAD_MS = Number(process.env.BENCH_LOAD_MS ?? 5_000);

const options = (server: BenchServer, durationMs: number) => ({
  port: server.port,
  path: server.path,
  headers: (server.cookie ? { cookie: server.cookie } : {}) as Record<string, string>,
  connections: CONNECTIONS,
  durationMs,
});
const run = (server: BenchServer, durationMs = LOAD_MS) => autocannonLoad(options(server, durationMs));
const runOwn = (server: BenchServer, durationMs = LOAD_MS) => load(options(server, durationMs));

async function compare(label: string, goal: string, env: Record<string, string>): Promise<BenchRow[]> {
  const bare = await startBenchServer('bare');
  // As production runs: a JSON line per request on stdout and the Prometheus metrics on (issue 55).
  const app = await startBenchServer('app', { LOG_LEVEL: 'info', BENCH_METRICS_TOKEN: 'bench-metrics-token-0123456789abcdef', ...env });
  try {
    await run(bare, 1_000);
    await run(app, 1_000);
    await app.loopDelay();
    const pairs: Array<{ bare: LoadResult; own: LoadResult; app: LoadResult; loop: { p99: number; max: number } }> = await repeat(
      REPEATS,
      async () => {
        const bareResult = await run(bare);
        const ownResult = await runOwn(bare);
        const appResult = await run(app);
        return { bare: bareResult, own: ownResult, app: appResult, loop: await app.loopDelay() };
      },
    );
    const non2xx = pairs.reduce((sum, pair) => sum + pair.app.non2xx + pair.app.errors, 0);
    return [
      ratioRow(
        `${label}: bare Hono req/s, the project's generator as a share of autocannon`,
        pairs.map((pair) => ({ value: pair.own.rps, reference: pair.bare.rps })),
        { format: (v) => `${v.toFixed(0)}/s`, ratio: percent, goal: '(reference: autocannon drives the ratios below)' },
      ),
      ratioRow(
        `${label}: task details req/s as a share of bare Hono (autocannon, ${CONNECTIONS} conn, logs and metrics on)`,
        pairs.map((pair) => ({ value: pair.app.rps, reference: pair.bare.rps })),
        { format: (v) => `${v.toFixed(0)}/s`, ratio: percent, goal },
      ),
      ratioRow(
        `${label}: task details p99 vs bare Hono p99, at least autocannon's 1 ms step (${CONNECTIONS} conn)`,
        // autocannon's latencies are whole milliseconds: on a fast machine the bare route's p99 is 0,
        // and the ratio printed Infinity. Below its resolution the reference counts as 1 ms.
        pairs.map((pair) => ({ value: pair.app.p99, reference: Math.max(pair.bare.p99, 1) })),
        { format: ms, goal: 'p99 <= 50 ms; issue 55: within 2x' },
      ),
      { name: `${label}: task details non-2xx answers or errors`, value: String(non2xx) },
      { name: `${label}: app event-loop delay p99 under load (min / median / max)`, value: spread(pairs.map((p) => p.loop.p99), ms) },
    ];
  } finally {
    await app.stop();
    await bare.stop();
  }
}

export async function benchApi(): Promise<BenchRow[]> {
  const rows = await compare('PGlite', '>= 5%', {});
  // The same on PGlite kept on the server's thread, as before decision 0102.
  rows.push(...(await compare('PGlite on the main thread', '(reference for 0102)', { BENCH_PGLITE_THREAD: 'main' })));
  const postgres = await startBenchPostgres();
  if ('skipped' in postgres) {
    rows.push({ name: 'PostgreSQL: task details', value: `skipped: ${postgres.skipped}` });
    return rows;
  }
  try {
    const database = await postgres.createDatabase();
    try {
      rows.push(...(await compare('PostgreSQL', '>= 20%; issue 55: >= 25%', { BENCH_DB_URL: database.url })));
    } finally {
      await database.drop();
    }
  } finally {
    postgres.stop();
  }
  return rows;
}
