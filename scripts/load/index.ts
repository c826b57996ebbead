/**
 * `npm run load`: the mixed-workload load test (issue 24, docs/performance.md). Seeds the data once
 * per scale (PGlite: a data directory copied for each run; PostgreSQL: a template database), starts
 * the built server (dist/server/main.js, production mode, 127.0.0.1 only) and ramps signed-in users
 * per instance through LOAD_SCALE's steps: on PGlite, on PostgreSQL, and with two instances on one
 * PostgreSQL. Exits 1 when a step at or below the target (200 signed-in users per instance) breaks its
 * bound (p99 > 500 ms or errors > 0.1 %); with LOAD_SHORT=1 (CI) only when a request or socket fails.
 *
 * LOAD_SCALE=full|medium|small, LOAD_SHORT=1 (CI: small data, two 4 s steps, PGlite and two instances), LOAD_TARGETS=pglite,postgres,two,
 * LOAD_STEPS=25,50,..., LOAD_STEP_SECONDS, LOAD_THINK_S (3), LOAD_DATABASE_URL (a PostgreSQL server to keep
 * the seeded template on between runs; otherwise a throwaway server), LOAD_CPU_PROF=1 (server CPU profiles
 * in .tmp/load/prof).
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { openDatabase } from '../../src/server/db/client';
import { startBenchPostgres, type BenchPostgres } from '../bench/postgres';
import { buildJourneys, type Counters, type Population } from './journeys';
import { formatStep, runStep, smoke, type StepResult } from './ramp';
import { loadScale, type LoadScale } from './scale';
import { seedLoad, type LoadCast } from './seed';
import { startServer, type LoadServer } from './server';
import { socketPool } from './sockets';

const PORTS = [Number(process.env.LOAD_PORT ?? 3240), Number(process.env.LOAD_PORT_2 ?? 3241)];
const log = (line: string) => console.log(line);
const load = () => loadavg().map((v) => v.toFixed(2)).join(' ');

function build() {
  const run = (args: string[]) => spawnSync(process.execPath, args, { stdio: 'inherit' });
  if (!existsSync('dist/web/index.html')) run(['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn']);
  // The server as it is now: a bundle left from older sources would measure old code.
  if (run(['scripts/build/server-once.mjs']).status !== 0) throw new Error('the server build failed');
}

/** A seeded PGlite data directory for the scale (made once), copied afresh for this run. */
async function pgliteData(scale: LoadScale): Promise<{ dataDir: string; cast: LoadCast }> {
  // Named by the cast's size too, as the PostgreSQL template is: LOAD_STEPS past the scale's users
  // seeds more sessions, and a cast of fewer users would answer their requests 401.
  const root = resolve(`.tmp/load/pglite-${scale.name}-${scale.users}-${scale.pool}`);
  const castFile = join(root, 'cast.json');
  if (!existsSync(castFile)) {
    rmSync(root, { recursive: true, force: true });
    log(`seeding PGlite (${scale.name}; once, kept in ${root}/seed)`);
    const database = await openDatabase({ dataDir: join(root, 'seed', 'db') });
    const cast = await seedLoad(database.db, scale, log);
    await database.close();
    writeFileSync(castFile, JSON.stringify(cast));
  }
  const run = join(root, 'run');
  rmSync(run, { recursive: true, force: true });
  cpSync(join(root, 'seed'), run, { recursive: true });
  return { dataDir: run, cast: JSON.parse(readFileSync(castFile, 'utf8')) as LoadCast };
}

/** The seeded template database on the server (made once per server), and a fresh copy for this run. */
async function postgresData(serverUrl: string, scale: LoadScale) {
  const pg = (await import('pg')).default;
  const template = `load_seed_${scale.name}_${scale.users}_${scale.pool}`;
  const admin = async <T>(run: (client: InstanceType<typeof pg.Client>) => Promise<T>) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      return await run(client);
    } finally {
      await client.end();
    }
  };
  // The cast (seeded ids) is kept in a file named by the template's own seed id, written into the
  // database's comment: a template seeded by another run or on another server never meets a cast
  // that is not its own (it did: every hire answered "Application not found").
  const seedId = await admin((c) =>
    c.query<{ seed: string | null }>(`select shobj_description(oid, 'pg_database') as seed from pg_database where datname = $1`, [template]),
  ).then((r) => r.rows[0]?.seed ?? null);
  const castFileOf = (id: string) => resolve(`.tmp/load/postgres-${scale.name}-${id}-cast.json`);
  let castFile = seedId && /^[a-z0-9]+$/.test(seedId) ? castFileOf(seedId) : null;
  if (!castFile || !existsSync(castFile)) {
    log(`seeding PostgreSQL (${scale.name}; once per server, database ${template})`);
    await admin((c) => c.query(`drop database if exists ${template}`));
    await admin((c) => c.query(`create database ${template}`));
    const url = new URL(serverUrl);
    url.pathname = `/${template}`;
    const database = await openDatabase({ databaseUrl: url.toString() });
    const cast = await seedLoad(database.db, scale, log);
    await database.close();
    const newSeedId = randomBytes(6).toString('hex');
    await admin((c) => c.query(`comment on database ${template} is '${newSeedId}'`));
    mkdirSync(resolve('.tmp/load'), { recursive: true });
    castFile = castFileOf(newSeedId);
    writeFileSync(castFile, JSON.stringify(cast));
  }
  const name = `load_run_${Date.now().toString(36)}`;
  // FILE_COPY, then a checkpoint: the default strategy (WAL_LOG) writes the whole multi-GB copy into
  // the WAL, and the checkpoints that flush it then stall every commit of the ramp's first steps on
  // the disk (730 ms COMMITs in the PostgreSQL log). The copy is flushed before the ramp starts.
  await admin(async (c) => {
    await c.query(`create database ${name} template ${template} strategy file_copy`);
    await c.query('checkpoint');
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    cast: JSON.parse(readFileSync(castFile, 'utf8')) as LoadCast,
    drop: () => admin((c) => c.query(`drop database if exists ${name} with (force)`)),
  };
}

interface RampSummary {
  label: string;
  instances: number;
  steps: StepResult[];
  sustainable: number;
  brokeAtOrBelowTarget: boolean;
}

async function ramp(label: string, scale: LoadScale, cast: LoadCast, servers: LoadServer[]): Promise<RampSummary> {
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
  try {
    // A warm-up at the first step's rate, not counted: the database copy's first reads from disk,
    // the first use of lazily built parts (the geocoder's tables, sharp, the map's caches) and the
    // jobs the smoke queued would otherwise all land in the first step's first seconds.
    const warm = await runStep(servers, journeys, pools, populations, scale.steps[0], WARMUP_SECONDS);
    log(`  warm-up (not counted): ${WARMUP_SECONDS} s at ${scale.steps[0]} users, ${warm.requests} requests, p99 ${Math.round(warm.p99)} ms, ${warm.errors} errors`);
    await new Promise((done) => setTimeout(done, SETTLE_MS));
    for (const users of scale.steps) {
      const result = await runStep(servers, journeys, pools, populations, users, scale.stepSeconds);
      steps.push(result);
      log(formatStep(result, servers.length));
      if (!result.ok) break;
    }
  } finally {
    for (const pool of pools) pool.close();
  }
  if (counters.exhausted > 0) log(`  note: ${counters.exhausted} writes reused a pool item (raise the scale's pool)`);
  const passed = steps.filter((step) => step.ok);
  const sustainable = passed.length === steps.length || passed.length > 0 ? (passed.at(-1)?.users ?? 0) : 0;
  const broke = steps.find((step) => !step.ok);
  const brokeAtOrBelowTarget = broke ? broke.users <= scale.target : sustainable < scale.target;
  log(`  sustainable signed-in users per instance: ${sustainable}${broke ? ` (broke at ${broke.users}: slowest ${broke.slowest.name})` : ' (no step broke)'}; target ${scale.target} ${brokeAtOrBelowTarget ? 'MISSED' : 'met'}`);
  return { label, instances: servers.length, steps, sustainable, brokeAtOrBelowTarget };
}

async function withServers<T>(count: number, options: { dataDir?: string; databaseUrl?: string }, run: (servers: LoadServer[]) => Promise<T>) {
  const servers: LoadServer[] = [];
  try {
    for (let index = 0; index < count; index++) servers.push(await startServer({ ...options, port: PORTS[index] }));
    return await run(servers);
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}

/**
 * The throwaway PostgreSQL is sized for a 2 GB database as a production server would be (initdb's
 * defaults are 128 MB of shared buffers and 1 GB of WAL between checkpoints, made for tiny
 * installs). With the defaults, WAL-triggered checkpoints every 3-30 s during the ramp stalled
 * commits for 700 ms. A server passed in LOAD_DATABASE_URL keeps its own settings.
 */
const SERVER_SETTINGS = { shared_buffers: '1GB', max_wal_size: '4GB' };
const WARMUP_SECONDS = process.env.LOAD_SHORT === '1' ? 2 : 10;
/** A pause after the warm-up, so that the jobs it queued (emails, pushes) are not the first step's. */
const SETTLE_MS = process.env.LOAD_SHORT === '1' ? 1_000 : 3_000;

async function main() {
  const started = performance.now();
  const scale = loadScale();
  // The CI version guards against rot, so it leaves out the one-instance PostgreSQL setup: two instances
  // run the same PostgreSQL code, and the run stays near a minute (decision 0403).
  const targets = (process.env.LOAD_TARGETS ?? (process.env.LOAD_SHORT === '1' ? 'pglite,two' : 'pglite,postgres,two')).split(',');
  build();
  mkdirSync(resolve('.tmp/load/files'), { recursive: true });
  log(`load test: scale ${scale.name} (${scale.experts} experts, ${scale.tasks} tasks, ${scale.messages} messages, ${scale.notifications} notifications), ` +
    `steps ${scale.steps.join(',')} signed-in users per instance, target ${scale.target}; think time ${process.env.LOAD_THINK_S ?? 3} s; load average ${load()}`);
  const summaries: RampSummary[] = [];
  if (targets.includes('pglite')) {
    const { dataDir, cast } = await pgliteData(scale);
    summaries.push(await withServers(1, { dataDir }, (servers) => ramp('PGlite', scale, cast, servers)));
  }
  if (targets.includes('postgres') || targets.includes('two')) {
    const serverUrl = process.env.LOAD_DATABASE_URL;
    const postgres = serverUrl ? null : await startBenchPostgres(SERVER_SETTINGS);
    if (postgres && 'skipped' in postgres) {
      log(`\nPostgreSQL: skipped (${postgres.skipped})`);
    } else {
      const server = postgres as BenchPostgres | null;
      try {
        const base = serverUrl ?? (await serverUrlOf(server!));
        for (const [target, count] of [['postgres', 1], ['two', 2]] as const) {
          if (!targets.includes(target)) continue;
          const data = await postgresData(base, scale);
          try {
            // LOAD_BEFORE_0016=1 puts back the trigger that migration 0016_load.sql replaced (the "before" of
            // docs/performance.md, measured in the same session as the "after").
            // After the servers start: starting applies the migrations.
            let before = 0;
            summaries.push(
              await withServers(count, { databaseUrl: data.url }, async (servers) => {
                if (process.env.LOAD_BEFORE_0016 === '1') await restoreOldMapTrigger(data.url);
                before = await mapVersion(data.url);
                return ramp(count === 1 ? 'PostgreSQL' : 'two instances on one PostgreSQL', scale, data.cast, servers);
              }),
            );
            // Each bump makes every instance recompute its map answer (migration 0016_load.sql).
            log(`  expert map version bumps during the ramp: ${(await mapVersion(data.url)) - before}`);
          } finally {
            await data.drop();
          }
        }
      } finally {
        server?.stop();
      }
    }
  }
  log('\n## summary');
  for (const summary of summaries) {
    log(`  ${summary.label.padEnd(32)} sustainable ${summary.sustainable} signed-in users per instance` +
      ` (${summary.sustainable * summary.instances} in all)${summary.brokeAtOrBelowTarget ? `, target ${scale.target} MISSED` : ''}`);
  }
  const one = summaries.find((s) => s.label === 'PostgreSQL');
  const two = summaries.find((s) => s.instances === 2);
  if (one && two) {
    const users = one.sustainable ? (two.sustainable * 2) / one.sustainable : 0;
    // Throughput and p99 at the highest step both ramps ran (passed or not).
    const common = two.steps.filter((s) => one.steps.some((o) => o.users === s.users)).at(-1);
    const base = common && one.steps.find((o) => o.users === common.users)!;
    const at = common && base ? `req/s ${(common.rps / base.rps).toFixed(2)}x, p99 ${(common.p99 / base.p99).toFixed(2)}x at ${common.users} users per instance` : 'no common step';
    log(`  two instances as a ratio of one: sustainable users ${one.sustainable ? `${users.toFixed(2)}x` : 'n/a (one instance carried no step)'}; ${at}`);
  }
  log(`  finished in ${((performance.now() - started) / 1000).toFixed(0)} s; load average ${load()}`);
  // The CI version guards against rot (a journey or socket failing), not the CI machine's speed: it
  // exits 1 on errors only, and prints latency breaks like the full run.
  const failed =
    process.env.LOAD_SHORT === '1'
      ? summaries.some((s) => s.steps.some((step) => step.errorRate > 0.001 || step.requests === 0 || step.sockets.failed > 0))
      : summaries.some((s) => s.brokeAtOrBelowTarget);
  process.exit(failed || summaries.length === 0 ? 1 : 0);
}

async function restoreOldMapTrigger(url: string) {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`DROP TRIGGER IF EXISTS "expert_profiles_map_version" ON "expert_profiles";
    CREATE TRIGGER "expert_profiles_map_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "expert_profiles"
      FOR EACH STATEMENT EXECUTE FUNCTION bump_expert_map_version()`);
  await client.end();
}

async function mapVersion(url: string): Promise<number> {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ v: string }>('select last_value::text as v from expert_map_version_seq');
    return Number(result.rows[0].v);
  } finally {
    await client.end();
  }
}

/** The throwaway server's admin URL: BenchPostgres hides it, so ask it for a database and take its host. */
async function serverUrlOf(server: BenchPostgres): Promise<string> {
  const probe = await server.createDatabase();
  await probe.drop();
  const url = new URL(probe.url);
  url.pathname = '/postgres';
  return url.toString();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
