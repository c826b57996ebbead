/**
 * One ramp of the load test (scripts/load/index.ts) over a set of started instances: the smoke pass,
 * a warm-up, then the scale's steps until one breaks its bound, each step measured for where its
 * time went (where.ts).
 */
import { loadavg } from 'node:os';
import { buildJourneys, type Counters, type Population } from './journeys';
import { formatStep, runStep, smoke, type StepResult } from './ramp';
import type { LoadScale } from './scale';
import type { LoadCast } from './seed';
import { startServer, type LoadServer, type ServerOptions } from './server';
import { socketPool } from './sockets';
import { whereProbe } from './where';

/** The instances' ports: LOAD_PORT, then the next ones (LOAD_PORT_2 for the second, as before). */
const BASE_PORT = Number(process.env.LOAD_PORT ?? 3240);
export const portOf = (index: number) => (index === 1 && process.env.LOAD_PORT_2 ? Number(process.env.LOAD_PORT_2) : BASE_PORT + index);
export const log = (line: string) => console.log(line);
export const load = () => loadavg().map((v) => v.toFixed(2)).join(' ');

const WARMUP_SECONDS = process.env.LOAD_SHORT === '1' ? 2 : 10;
/** A pause after the warm-up, so that the jobs it queued (emails, pushes) are not the first step's. */
const SETTLE_MS = process.env.LOAD_SHORT === '1' ? 1_000 : 3_000;

/** LOAD_PAUSE_RETRIES (3; 0 with LOAD_SHORT=1): how many times a paused step runs again. */
const PAUSE_RETRIES = Number(process.env.LOAD_PAUSE_RETRIES ?? (process.env.LOAD_SHORT === '1' ? 0 : 3));
const paused = (step: StepResult) => (step.where?.driverPaused ?? 0) > 0 || step.metrics.some((m) => m.pausedMs > 0);

export interface RampSummary {
  label: string;
  instances: number;
  steps: StepResult[];
  sustainable: number;
  brokeAtOrBelowTarget: boolean;
}

export async function ramp(
  label: string,
  scale: LoadScale,
  cast: LoadCast,
  servers: LoadServer[],
  measured: { databaseUrl?: string; redisUrl?: string } = {},
): Promise<RampSummary> {
  log(`\n## ${label}: ${servers.length} instance(s), steps of ${scale.stepSeconds} s, bound p99 <= 500 ms and errors <= 0.1 % (load ${load()})`);
  const counters: Counters = { hire: 0, evidence: 0, apply: 0, exhausted: 0 };
  // Each instance's users: its sockets and its reads come from the same numbers (sockets.ts).
  const populations: Population[] = servers.map((_, index) => ({ first: (index * cast.users) / servers.length, perRole: 1 }));
  const journeys = await Promise.all(servers.map((server, index) => buildJourneys(cast, server.origin, counters, populations[index])));
  const pools = servers.map((server, index) => socketPool(server.origin, populations[index].first));
  const steps: StepResult[] = [];
  for (const [index, server] of servers.entries()) {
    for (let pass = 0; pass < 3; pass++) {
      const failures = await smoke(server.origin, journeys[index]);
      if (pass === 0) for (const failure of failures) log(`  smoke: ${failure}`);
    }
  }
  const probe = await whereProbe({ serverPids: servers.map((server) => server.pid), ...measured });
  try {
    // A warm-up at the first step's rate, not counted: the database copy's first reads from disk,
    // the first use of lazily built parts (the geocoder's tables, sharp, the map's caches) and the
    // jobs the smoke queued would otherwise all land in the first step's first seconds.
    const warm = await runStep(servers, journeys, pools, populations, scale.steps[0], WARMUP_SECONDS);
    log(`  warm-up (not counted): ${WARMUP_SECONDS} s at ${scale.steps[0]} users, ${warm.requests} requests, p99 ${Math.round(warm.p99)} ms, ${warm.errors} errors`);
    await new Promise((done) => setTimeout(done, SETTLE_MS));
    for (const users of scale.steps) {
      let result = await runStep(servers, journeys, pools, populations, users, scale.stepSeconds, probe);
      // A step during which the driver or a server was stopped measured the pause, not the product
      // (where.ts' pauseWatch): printed, then run again, up to PAUSE_RETRIES times.
      for (let retry = 0; paused(result) && retry < PAUSE_RETRIES; retry++) {
        log(`${formatStep(result, servers.length)}\n      (paused: the step runs again, ${retry + 1} of ${PAUSE_RETRIES})`);
        result = await runStep(servers, journeys, pools, populations, users, scale.stepSeconds, probe);
      }
      steps.push(result);
      log(formatStep(result, servers.length));
      if (!result.ok) break;
    }
  } finally {
    for (const pool of pools) pool.close();
    await probe.close();
  }
  if (counters.exhausted > 0) log(`  note: ${counters.exhausted} writes reused a pool item (raise the scale's pool)`);
  const passed = steps.filter((step) => step.ok);
  const sustainable = passed.length === steps.length || passed.length > 0 ? (passed.at(-1)?.users ?? 0) : 0;
  const broke = steps.find((step) => !step.ok);
  // Also when the steps start above the target and the first breaks (LOAD_STEPS=100,… on small).
  const brokeAtOrBelowTarget = broke ? broke.users <= scale.target || sustainable < scale.target : sustainable < scale.target;
  log(`  sustainable signed-in users per instance: ${sustainable}${broke ? ` (broke at ${broke.users}: slowest ${broke.slowest.name})` : ' (no step broke)'}; target ${scale.target} ${brokeAtOrBelowTarget ? 'MISSED' : 'met'}`);
  return { label, instances: servers.length, steps, sustainable, brokeAtOrBelowTarget };
}

export async function withServers<T>(count: number, options: Omit<ServerOptions, 'port'>, run: (servers: LoadServer[]) => Promise<T>) {
  const servers: LoadServer[] = [];
  try {
    for (let index = 0; index < count; index++) servers.push(await startServer({ ...options, port: portOf(index) }));
    return await run(servers);
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}
