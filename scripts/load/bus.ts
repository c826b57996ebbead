/**
 * LOAD_TARGETS=bus (issue 55): one, two and four instances on one PostgreSQL with the Redis bus
 * (REDIS_URL, decision 0476), each ramping the same steps per instance. Redis is a throwaway
 * redis-server started here on a free port (no persistence), or LOAD_REDIS_URL, which should be a
 * server of its own: the bus's channels (`rt:…`) are server-wide and its INFO counts every client.
 * After the runs, a summary gives per run the users held per instance, req/s per instance as a ratio
 * of the one-instance run, the database's transactions, the server's queries and the NOTIFYs per 100
 * signed-in users per second, and the bus's publishes and received messages per second.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { postgresData } from './data';
import type { StepResult } from './ramp';
import { load, log, ramp, withServers, type RampSummary } from './run';
import type { LoadScale } from './scale';

interface Redis {
  url: string;
  stop(): void;
}

/** A redis-server of this run, or why there is none. */
export async function startRedis(): Promise<Redis | { skipped: string }> {
  if (process.env.LOAD_REDIS_URL) return { url: process.env.LOAD_REDIS_URL, stop: () => undefined };
  const binary = process.env.LOAD_REDIS_SERVER ?? 'redis-server';
  if (spawnSync(binary, ['--version'], { stdio: 'ignore' }).status !== 0) return { skipped: `no ${binary} (install redis-server or valkey, or set LOAD_REDIS_URL)` };
  const port = 46000 + Math.floor(Math.random() * 2000);
  const child: ChildProcess = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const url = `redis://127.0.0.1:${port}`;
  const { Redis } = await import('ioredis');
  const deadline = Date.now() + 10_000;
  for (;;) {
    const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    const ready = await client.connect().then(() => client.ping(), () => null);
    client.disconnect();
    if (ready === 'PONG') break;
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill();
      return { skipped: `${binary} did not start on port ${port}` };
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  return { url, stop: () => child.kill('SIGTERM') };
}

export interface BusRun {
  summary: RampSummary;
  loadBefore: string;
  loadAfter: string;
}

/** LOAD_BUS_INSTANCES (default 1,2,4): the instance counts ramped, one after another. */
export async function busTarget(serverUrl: string, scale: LoadScale): Promise<BusRun[]> {
  const redis = await startRedis();
  if ('skipped' in redis) {
    log(`\nRedis bus (one, two and four instances): skipped: ${redis.skipped}`);
    return [];
  }
  const runs: BusRun[] = [];
  try {
    for (const count of (process.env.LOAD_BUS_INSTANCES ?? '1,2,4').split(',').map(Number)) {
      const data = await postgresData(serverUrl, scale);
      try {
        const loadBefore = load();
        const summary = await withServers(count, { databaseUrl: data.url, redisUrl: redis.url }, (servers) =>
          ramp(`${count} instance(s) on one PostgreSQL with the Redis bus`, scale, data.cast, servers, { databaseUrl: data.url, redisUrl: redis.url }),
        );
        runs.push({ summary, loadBefore, loadAfter: load() });
      } finally {
        await data.drop();
      }
    }
  } finally {
    redis.stop();
  }
  return runs;
}

/** The step whose figures stand for the run: the highest that held, or the first when none did. */
const heldStep = (summary: RampSummary): StepResult | undefined =>
  summary.steps.filter((step) => step.ok).at(-1) ?? summary.steps[0];

export function busSummary(runs: BusRun[]) {
  if (runs.length === 0) return;
  log('\n## the Redis bus: one, two and four instances on one PostgreSQL');
  log('  (per 100 users: per 100 signed-in users in all instances, each second, at the highest step held; visitors come on top, U/2 per instance)');
  const one = runs.find((run) => run.summary.instances === 1);
  // req/s per instance at the highest step every run ran, as a ratio of the one-instance run's.
  const common = runs
    .map((run) => new Set(run.summary.steps.map((step) => step.users)))
    .reduce((a, b) => new Set([...a].filter((users) => b.has(users))));
  const at = Math.max(0, ...common);
  const rpsAt = (run: BusRun) => {
    const step = run.summary.steps.find((s) => s.users === at);
    return step ? step.rps / run.summary.instances : null;
  };
  const base = one ? rpsAt(one) : null;
  for (const run of runs) {
    const { summary } = run;
    const step = heldStep(summary);
    const where = step?.where;
    const per100 = (count: number | null | undefined) => {
      if (count === null || count === undefined || !step || !where) return 'n/a';
      const value = count / where.seconds / ((step.users * summary.instances) / 100);
      return value.toFixed(value < 10 ? 2 : 1);
    };
    const perSecond = (count: number | null | undefined) => (count === null || count === undefined || !where ? 'n/a' : (count / where.seconds).toFixed(1));
    const rps = rpsAt(run);
    const queries = step ? step.metrics.reduce((sum, m) => sum + m.queries, 0) : null;
    const received = step ? step.metrics.reduce((sum, m) => sum + m.busReceived, 0) : null;
    log(
      [
        `  x${summary.instances}: held ${summary.sustainable} users/inst (${summary.sustainable * summary.instances} in all)`,
        `req/s per inst at ${at}: ${rps === null ? 'n/a' : rps.toFixed(0)}${rps !== null && base ? ` (${(rps / base).toFixed(2)}x of one)` : ''}`,
        `at ${step?.users ?? 0}/inst: per 100 users ${per100(where?.db?.xacts)} xact/s, ${per100(queries)} server queries/s, ${per100(where?.notifies)} NOTIFY/s, ` +
          `db active ${where?.db ? ((where.db.activeMs / 1000 / where.seconds) * 100).toFixed(0) : 'n/a'}% of a backend`,
        `bus ${perSecond(where?.publishes)} publish/s, ${perSecond(received)} msg received/s in all, ${perSecond(where?.redisCommands)} redis cmd/s`,
        `cpu postgres ${where?.postgresCpu?.toFixed(0) ?? 'n/a'}% redis ${where?.redisCpu?.toFixed(0) ?? 'n/a'}% servers ${where ? where.serverCpu.map((c) => (c === null ? 'n/a' : c.toFixed(0))).join('+') : 'n/a'}%`,
        `load ${run.loadBefore} -> ${run.loadAfter}`,
        ...(summary.steps.some((s) => (s.where?.driverPaused ?? 0) > 0 || s.metrics.some((m) => m.pausedMs > 0))
          ? [`PAUSED in ${summary.steps.filter((s) => (s.where?.driverPaused ?? 0) > 0 || s.metrics.some((m) => m.pausedMs > 0)).map((s) => s.users).join(',')}`]
          : []),
      ].join(' | '),
    );
  }
}
