/**
 * Signed-in GET /api/tasks/:id (one task with its client, expert, applications, review and
 * transaction) against a bare Hono JSON route, each served by its own process and loaded over
 * HTTP with 20 keep-alive connections by autocannon in this one; on PGlite (in its worker thread,
 * and on the server's thread as before decision 0102) and on PostgreSQL. Each repeat loads
 * the bare route, then the app, for BENCH_LOAD_MS each. The bare route is also loaded by the
 * project's own generator (http-load.ts `load`), printed beside autocannon's figure: a slower
 * generator caps the reference and makes every "share of bare" read better than it is (issue 24).
 * The app runs with its request log and metrics on. BENCH_API_BEFORE=<git ref> adds that commit's
 * app on PostgreSQL, loaded in the same repeats (api-before.ts): the before and after of issue 55.
 * A second reference, bare Hono sending the app's own answer (the same body and headers), separates
 * what the answer costs any server from the app's own work per request.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { autocannonLoad, startBenchServer, load, type BenchServer, type LoadResult } from './http-load';
import { checkoutBefore } from './api-before';
import { BROWSER_HEADERS } from '../load/ramp';
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
/**
 * The server process's own CPU time (all its threads, user and system) over a run, per answered
 * request, from /proc (Linux; undefined elsewhere). Unlike req/s it does not move when another
 * process on the machine takes a core: the figure to compare a before and an after by.
 */
function cpuMicros(pid: number | undefined): number | undefined {
  if (pid === undefined || !existsSync(`/proc/${pid}/stat`)) return undefined;
  // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th, in clock ticks (100 a second).
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}
type CpuLoadResult = LoadResult & { cpuPerRequest?: number };
async function withCpu(server: BenchServer, durationMs: number, load: () => Promise<LoadResult>): Promise<CpuLoadResult> {
  const before = cpuMicros(server.child.pid);
  const result = await load();
  const after = cpuMicros(server.child.pid);
  const requests = result.rps * (durationMs / 1000);
  return before === undefined || after === undefined || requests === 0 ? result : { ...result, cpuPerRequest: (after - before) / requests };
}
const run = (server: BenchServer, durationMs = LOAD_MS) => withCpu(server, durationMs, () => autocannonLoad(options(server, durationMs)));
/** As a browser asks: with its Accept-Encoding, so the answer is gzipped (json-compression.ts). */
const runAsBrowser = (server: BenchServer) => {
  const base = options(server, LOAD_MS);
  return withCpu(server, LOAD_MS, () => autocannonLoad({ ...base, headers: { ...base.headers, ...BROWSER_HEADERS } }));
};
const runOwn = (server: BenchServer, durationMs = LOAD_MS) => load(options(server, durationMs));

// As production runs: a JSON line per request on stdout and the Prometheus metrics on (issue 55).
const PRODUCTION_LIKE = { LOG_LEVEL: 'info', BENCH_METRICS_TOKEN: 'bench-metrics-token-0123456789abcdef' };

/** Headers of the answer that the transport writes, not the app: not replayed. */
const TRANSPORT_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'content-type', 'transfer-encoding', 'content-encoding']);

/**
 * A bare Hono server whose `/same` route sends the app's task-details answer: the same body
 * through `c.json` and the same headers (api-server.ts BENCH_REPLAY_FILE). The app's share of it is
 * the app's own work apart from what the answer's 3 KB and its security headers cost any server.
 * Fails when the replayed answer's length differs from the app's, so the reference cannot drift.
 */
async function startSameAnswerServer(app: BenchServer): Promise<{ server: BenchServer; remove: () => void }> {
  const url = (server: BenchServer) => `http://127.0.0.1:${server.port}${server.path}`;
  // As autocannon asks (fetch would ask for gzip): the plain answer the ratios are measured with.
  const answer = await fetch(url(app), { headers: { cookie: app.cookie, 'accept-encoding': 'identity' } });
  const text = await answer.text();
  if (!answer.ok) throw new Error(`task details answered ${answer.status}`);
  const headers = [...answer.headers].filter(([name]) => !TRANSPORT_HEADERS.has(name));
  const dir = mkdtempSync(join(tmpdir(), 'bench-replay-'));
  const file = join(dir, 'answer.json');
  writeFileSync(file, JSON.stringify({ body: JSON.parse(text), headers }));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  const server = await startBenchServer('bare', { BENCH_REPLAY_FILE: file });
  try {
    const replayed = await fetch(url(server), { headers: { 'accept-encoding': 'identity' } });
    const replayedLength = (await replayed.text()).length;
    const names = (response: Response) => [...response.headers.keys()].sort().join(',');
    if (replayedLength !== text.length || names(replayed) !== names(answer))
      throw new Error(`the replayed answer differs: ${replayedLength} against ${text.length} characters, headers ${names(replayed)} against ${names(answer)}`);
  } catch (error) {
    await server.stop();
    remove();
    throw error;
  }
  return { server, remove };
}

/** `before`: another checkout's app (api-before.ts) on its own database, loaded in the same repeats. */
async function compare(
  label: string,
  goal: string,
  env: Record<string, string>,
  before?: { ref: string; script: string; env: Record<string, string> },
): Promise<BenchRow[]> {
  const bare = await startBenchServer('bare');
  const app = await startBenchServer('app', { ...PRODUCTION_LIKE, ...env });
  const old = before ? await startBenchServer('app', { ...PRODUCTION_LIKE, ...before.env }, before.script) : undefined;
  let sameAnswer: Awaited<ReturnType<typeof startSameAnswerServer>> | undefined;
  try {
    sameAnswer = await startSameAnswerServer(app);
    const same = sameAnswer.server;
    await run(bare, 1_000);
    await run(same, 1_000);
    await run(app, 1_000);
    if (old) await run(old, 1_000);
    await app.loopDelay();
    const pairs: Array<{
      bare: CpuLoadResult;
      same: CpuLoadResult;
      own: LoadResult;
      app: CpuLoadResult;
      browser: CpuLoadResult;
      old?: CpuLoadResult;
      oldBrowser?: CpuLoadResult;
      loop: { p99: number; max: number };
    }> = await repeat(REPEATS, async (index) => {
      const bareResult = await run(bare);
      const sameResult = await run(same);
      const ownResult = await runOwn(bare);
      // The before and after take turns at going first: whichever ran second read a few % slower.
      const oldFirst = index % 2 === 0;
      const oldResult = old && oldFirst ? await run(old) : undefined;
      const appResult = await run(app);
      const loop = await app.loopDelay();
      const browser = await runAsBrowser(app);
      const later = old && !oldFirst ? await run(old) : undefined;
      const oldBrowser = old ? await runAsBrowser(old) : undefined;
      return { bare: bareResult, same: sameResult, own: ownResult, app: appResult, browser, old: oldResult ?? later, oldBrowser, loop };
    });
    const µs = (v: number) => `${v.toFixed(0)} µs`;
    const cpuRows = (rows: Array<[string, Array<{ value?: number; reference?: number }>, string]>): BenchRow[] =>
      rows
        .filter(([, values]) => values.every((v) => v.value !== undefined && v.reference !== undefined))
        .map(([name, values, goal]) => ratioRow(name, values as Array<{ value: number; reference: number }>, { format: µs, goal }));
    const beforeRows: BenchRow[] = before
      ? [
          ...cpuRows([
            [
              `${label}: server CPU per task-details request, now against before (${before.ref})`,
              pairs.map((pair) => ({ value: pair.app.cpuPerRequest, reference: pair.old!.cpuPerRequest })),
              '(the same run; not moved by other work on the machine)',
            ],
          ]),
          ratioRow(
            `${label}: task details req/s as a share of bare Hono, before (${before.ref})`,
            pairs.map((pair) => ({ value: pair.old!.rps, reference: pair.bare.rps })),
            { format: (v) => `${v.toFixed(0)}/s`, ratio: percent, goal: '(the same run, the same client)' },
          ),
          ratioRow(
            `${label}: task details req/s, now against before (${before.ref})`,
            pairs.map((pair) => ({ value: pair.app.rps, reference: pair.old!.rps })),
            { format: (v) => `${v.toFixed(0)}/s`, goal: 'issue 55: >= 2x' },
          ),
          ratioRow(
            `${label}: task details asked as a browser asks, now against before (${before.ref})`,
            pairs.map((pair) => ({ value: pair.browser.rps, reference: pair.oldBrowser!.rps })),
            { format: (v) => `${v.toFixed(0)}/s`, goal: '(the same run, gzipped answers)' },
          ),
          ratioRow(
            `${label}: task details p99 before (${before.ref}) vs bare Hono p99`,
            pairs.map((pair) => ({ value: pair.old!.p99, reference: Math.max(pair.bare.p99, 1) })),
            { format: ms, goal: '(the same run)' },
          ),
        ]
      : [];
    const non2xx = pairs.reduce((sum, pair) => sum + pair.app.non2xx + pair.app.errors + pair.browser.non2xx + pair.browser.errors, 0);
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
      ratioRow(
        `${label}: task details req/s as a share of bare Hono, asked as a browser asks (gzipped answer)`,
        pairs.map((pair) => ({ value: pair.browser.rps, reference: pair.bare.rps })),
        { format: (v) => `${v.toFixed(0)}/s`, ratio: percent, goal: '(what a browser costs: issue 55)' },
      ),
      ...cpuRows([
        [
          `${label}: server CPU per task-details request against bare Hono's (its process, user and system)`,
          pairs.map((pair) => ({ value: pair.app.cpuPerRequest, reference: pair.bare.cpuPerRequest })),
          '(issue 55: the work per request, whatever else runs)',
        ],
      ]),
      ratioRow(
        `${label}: task details req/s as a share of bare Hono sending the same answer (its body through c.json, its headers)`,
        pairs.map((pair) => ({ value: pair.app.rps, reference: pair.same.rps })),
        { format: (v) => `${v.toFixed(0)}/s`, ratio: percent, goal: '(the app apart from its answer: issue 55)' },
      ),
      ...cpuRows([
        [
          `${label}: server CPU per task-details request against bare Hono sending the same answer`,
          pairs.map((pair) => ({ value: pair.app.cpuPerRequest, reference: pair.same.cpuPerRequest })),
          '(the app apart from its answer: issue 55)',
        ],
      ]),
      { name: `${label}: task details non-2xx answers or errors`, value: String(non2xx) },
      { name: `${label}: app event-loop delay p99 under load (min / median / max)`, value: spread(pairs.map((p) => p.loop.p99), ms) },
      ...beforeRows,
    ];
  } finally {
    await old?.stop();
    await sameAnswer?.server.stop();
    sameAnswer?.remove();
    await app.stop();
    await bare.stop();
  }
}

/** BENCH_API_TARGETS=postgres (or pglite, pglite-main, comma-separated) runs only those rows: a longer before-and-after in the same time. */
const targets = new Set(process.env.BENCH_API_TARGETS?.split(',') ?? ['pglite', 'pglite-main', 'postgres']);

export async function benchApi(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  if (targets.has('pglite')) rows.push(...(await compare('PGlite', '>= 5%', {})));
  // The same on PGlite kept on the server's thread, as before decision 0102.
  if (targets.has('pglite-main')) rows.push(...(await compare('PGlite on the main thread', '(reference for 0102)', { BENCH_PGLITE_THREAD: 'main' })));
  if (!targets.has('postgres')) return rows;
  const postgres = await startBenchPostgres();
  if ('skipped' in postgres) {
    rows.push({ name: 'PostgreSQL: task details', value: `skipped: ${postgres.skipped}` });
    return rows;
  }
  try {
    const database = await postgres.createDatabase();
    // BENCH_API_BEFORE=<git ref>: that commit's app too, on a database of its own (api-before.ts).
    const before = checkoutBefore();
    const beforeDatabase = before ? await postgres.createDatabase() : undefined;
    try {
      rows.push(
        ...(await compare(
          'PostgreSQL',
          '>= 20%; issue 55: >= 25%',
          { BENCH_DB_URL: database.url },
          before && beforeDatabase ? { ref: before.ref, script: before.script, env: { BENCH_DB_URL: beforeDatabase.url } } : undefined,
        )),
      );
    } finally {
      await database.drop();
      await beforeDatabase?.drop();
      before?.remove();
    }
  } finally {
    postgres.stop();
  }
  return rows;
}
