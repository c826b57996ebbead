/**
 * One ramp over a set of instances: at each step, U signed-in users per instance (sockets open)
 * and U/2 visitors, every journey an autocannon instance at its arrival rate, all at once for the
 * step's duration. A step breaks its bound when its p99 passes 500 ms or its errors pass 0.1 %;
 * the ramp stops there. Latencies are every response's own (autocannon's "response" event).
 */
import autocannon from 'autocannon';
import { percentile } from '../bench/stats';
import type { Journey, Population } from './journeys';
import type { LoadServer, ServerMetrics } from './server';
import type { SocketPool } from './sockets';
import { formatWhere, type StepProbe, type WhereFigures } from './where';

export const P99_BOUND_MS = 500;
export const ERROR_BOUND = 0.001;
const THINK_S = Number(process.env.LOAD_THINK_S ?? 3);
const START_SPREAD_MS = 1_000;

export interface StepResult {
  users: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  requests: number;
  errors: number;
  errorRate: number;
  slowest: { name: string; p99: number };
  errorsBy: Record<string, number>;
  metrics: ServerMetrics[];
  sockets: { open: number; failed: number; events: number };
  loadAverage: number;
  /** Where the step's time went (where.ts), when the ramp measured it. */
  where?: WhereFigures;
  ok: boolean;
}

interface JourneyRun {
  journey: Journey;
  latencies: number[];
  errors: number;
}

/**
 * What Chromium sends with every request: the server gzips its larger JSON answers for it, as it does
 * for every browser (json-compression.ts). Without it the ramp left out that work (issue 55).
 */
export const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

function runJourney(origin: string, journey: Journey, users: number, seconds: number, into: JourneyRun): Promise<void> {
  // At least one user on every journey, so that each step exercises the whole mix.
  const people = Math.max(1, Math.round(users * journey.share));
  const rate = Math.max(1, Math.round((people * journey.requests.length) / THINK_S));
  // autocannon sends every connection's first request at once: started together, the journeys'
  // first requests arrived as one burst (42 at once where the step makes 23 a second), and that
  // burst alone decided the p99 of a 25-user step. Each journey starts within the first second.
  return new Promise((resolve, reject) => setTimeout(() => {
    const instance = autocannon(
      {
        url: origin,
        headers: BROWSER_HEADERS,
        connections: Math.min(people, rate),
        overallRate: rate,
        duration: seconds,
        requests: journey.requests,
        timeout: 10,
      },
      (error) => (error ? reject(error) : resolve()),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      into.latencies.push(responseTime);
      if (statusCode < 200 || statusCode >= 400) into.errors++;
    });
    instance.on('reqError', () => into.errors++);
  }, Math.random() * START_SPREAD_MS));
}

export async function runStep(
  servers: LoadServer[],
  journeysOf: Journey[][],
  pools: SocketPool[],
  populations: Population[],
  users: number,
  seconds: number,
  probe?: StepProbe,
): Promise<StepResult> {
  await Promise.all(pools.map((pool) => pool.grow(Math.ceil(users / 2))));
  for (const population of populations) population.perRole = Math.ceil(users / 2);
  await Promise.all(servers.map((server) => server.metrics()));
  await probe?.begin();
  const runs: JourneyRun[] = [];
  const started = performance.now();
  await Promise.all(
    servers.flatMap((server, index) =>
      journeysOf[index].map((journey) => {
        const run: JourneyRun = { journey, latencies: [], errors: 0 };
        runs.push(run);
        const roleUsers = users / 2;
        return runJourney(server.origin, journey, roleUsers, seconds, run);
      }),
    ),
  );
  const elapsed = (performance.now() - started) / 1000;
  const where = await probe?.end();
  const metrics = await Promise.all(servers.map((server) => server.metrics()));
  const all = runs.flatMap((run) => run.latencies);
  const errors = runs.reduce((sum, run) => sum + run.errors, 0);
  const byName = new Map<string, { latencies: number[]; errors: number }>();
  for (const run of runs) {
    const entry = byName.get(run.journey.name) ?? { latencies: [], errors: 0 };
    entry.latencies.push(...run.latencies);
    entry.errors += run.errors;
    byName.set(run.journey.name, entry);
  }
  let slowest = { name: '', p99: 0 };
  const errorsBy: Record<string, number> = {};
  for (const [name, entry] of byName) {
    const p99 = percentile(entry.latencies, 0.99) ?? 0;
    if (p99 > slowest.p99) slowest = { name, p99 };
    if (entry.errors) errorsBy[name] = entry.errors;
  }
  const socketStats = pools.map((pool) => pool.stats());
  const requests = all.length;
  const p99 = percentile(all, 0.99) ?? 0;
  const errorRate = requests ? errors / requests : 1;
  return {
    users,
    rps: requests / elapsed,
    p50: percentile(all, 0.5) ?? 0,
    p95: percentile(all, 0.95) ?? 0,
    p99,
    requests,
    errors,
    errorRate,
    slowest,
    errorsBy,
    metrics,
    sockets: {
      open: socketStats.reduce((s, x) => s + x.open, 0),
      failed: socketStats.reduce((s, x) => s + x.failed, 0),
      events: socketStats.reduce((s, x) => s + x.events, 0),
    },
    loadAverage: (await import('node:os')).loadavg()[0],
    where,
    ok: p99 <= P99_BOUND_MS && errorRate <= ERROR_BOUND && requests > 0,
  };
}

export function formatStep(result: StepResult, instances: number): string {
  const f = (v: number) => (v < 10 ? v.toFixed(1) : v.toFixed(0));
  const loop = result.metrics.map((m) => `${f(m.loopP99)}/${f(m.loopMax)}`).join(' ');
  // PostgreSQL: the wait for a pooled connection (q: the most requests waiting at once); PGlite: for its one connection.
  const connectionOnly = result.metrics.every((m) => m.waitKind === 'connection');
  const pool = result.metrics.some((m) => m.poolWaits > 0)
    ? result.metrics
        .map((m) => `${f(m.poolWaitP99)}/${f(m.poolWaitMax)}${m.waitKind === 'connection' ? '' : ` (q${m.poolMaxWaiting})`}`)
        .join(' ')
    : 'n/a';
  const errors = Object.entries(result.errorsBy)
    .map(([name, count]) => `${name} ${count}`)
    .join(', ');
  return [
    `  ${String(result.users).padStart(4)} users/inst x${instances}`,
    `${f(result.rps).padStart(5)} req/s`,
    `p50 ${f(result.p50)} p95 ${f(result.p95)} p99 ${f(result.p99)} ms`,
    `errors ${result.errors}/${result.requests} (${(result.errorRate * 100).toFixed(2)}%)`,
    `loop p99/max ${loop} ms, busy ${result.metrics.map((m) => `${Math.round(m.loopBusy * 100)}%`).join(' ')}`,
    `${connectionOnly ? 'connection wait' : 'pool wait'} p99/max ${pool} ms`,
    // The queries counted include the jobs' and the sockets' own: the per-request figure is the whole cost.
    ...(result.metrics.some((m) => m.queries > 0)
      ? [
          `query round trip p50/p99 ${result.metrics.map((m) => `${f(m.queryP50)}/${f(m.queryP99)}`).join(' ')} ms, ` +
            `${f(result.metrics.reduce((sum, m) => sum + m.queries, 0) / Math.max(1, result.requests))} queries per request`,
        ]
      : []),
    `sockets ${result.sockets.open} open, ${result.sockets.failed} failed, ${result.sockets.events} events`,
    `slowest ${result.slowest.name} p99 ${f(result.slowest.p99)} ms`,
    `load ${result.loadAverage.toFixed(2)}`,
    result.ok ? 'ok' : 'BROKE',
  ].join(' | ') +
    (errors ? `\n      errors by journey: ${errors}` : '') +
    (result.where ? `\n${formatWhere(result.where, result.metrics.map((m) => m.loopBusy), result.metrics.map((m) => m.busReceived), result.metrics.map((m) => m.pausedMs))}` : '');
}

/**
 * Each journey's sequence once through fetch before the ramp (which also warms the server): a
 * journey that fails here would only show up as an error count, so its status and body are printed.
 */
export async function smoke(origin: string, journeys: Journey[]): Promise<string[]> {
  const failures: string[] = [];
  for (const journey of journeys) {
    const context: Record<string, unknown> = {};
    for (const request of journey.requests) {
      const setup = request.setupRequest;
      const built = typeof setup === 'function' ? setup({ ...request }, context) : request;
      if (!built) continue;
      const response = await fetch(`${origin}${built.path}`, {
        method: built.method ?? 'GET',
        headers: built.headers as Record<string, string> | undefined,
        body: built.body as string | Uint8Array<ArrayBuffer> | undefined,
      });
      const text = await response.text();
      if (response.status >= 400) failures.push(`${journey.name}: ${built.method ?? 'GET'} ${built.path} -> ${response.status} ${text.slice(0, 200)}`);
    }
  }
  return failures;
}
