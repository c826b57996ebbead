/**
 * `npm run load`: the mixed-workload load test (issues 24 and 55, docs/performance.md). Seeds the data
 * once per scale (PGlite: a data directory copied for each run; PostgreSQL: a template database),
 * starts the built server (dist/server/main.js, production mode, 127.0.0.1 only) and ramps signed-in
 * users per instance through LOAD_SCALE's steps (run.ts, ramp.ts): on PGlite, on PostgreSQL, and with
 * two instances on one PostgreSQL. Exits 1 when a step at or below the target (200 signed-in users
 * per instance) breaks its bound (p99 > 500 ms or errors > 0.1 %); with LOAD_SHORT=1 (CI) only when a
 * request or socket fails.
 *
 * Each step prints a second line, `where:` (where.ts): the CPU of each server process, of the
 * PostgreSQL server, of Redis and of this driver (% of one core), the event loop's busy share, and the
 * run's database: transactions/s, the time its backends spent in statements (active s/s), tuples
 * read and written/s, blocks read/s, the NOTIFYs/s on the change channel; with the bus, the PUBLISH
 * commands/s, all Redis commands/s and the messages/s each instance received.
 *
 * LOAD_SCALE=full|medium|small, LOAD_SHORT=1 (CI: small data, two 4 s steps, PGlite and two instances),
 * LOAD_TARGETS=pglite,postgres,two (the default), bus (bus.ts: one, two and four instances on one
 * PostgreSQL with the Redis bus; LOAD_BUS_INSTANCES=1,2,4, LOAD_REDIS_URL for an existing Redis of its
 * own, otherwise a throwaway redis-server), pgbench (pgbench.ts: pgbench's select-only and TPC-B-like
 * TPS on the same PostgreSQL server; LOAD_PGBENCH_SCALE, LOAD_PGBENCH_SECONDS, LOAD_PGBENCH_CLIENTS),
 * LOAD_STEPS=25,50,..., LOAD_STEP_SECONDS, LOAD_THINK_S (3), LOAD_DATABASE_URL (a PostgreSQL server to keep
 * the seeded template on between runs; otherwise a throwaway server), LOAD_PORT (3240; the instances
 * take the ports from it on), LOAD_CPU_PROF=1 (server CPU profiles in .tmp/load/prof).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { startBenchPostgres, type BenchPostgres } from '../bench/postgres';
import { busSummary, busTarget, type BusRun } from './bus';
import { mapVersion, pgliteData, postgresData, restoreOldMapTrigger, serverUrlOf } from './data';
import { pgbenchTarget } from './pgbench';
import { load, log, ramp, withServers, type RampSummary } from './run';
import { loadScale, loadTargets } from './scale';

function build() {
  const run = (args: string[]) => spawnSync(process.execPath, args, { stdio: 'inherit' });
  if (!existsSync('dist/web/index.html')) run(['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn']);
  // The server as it is now: a bundle left from older sources would measure old code.
  if (run(['scripts/build/server-once.mjs']).status !== 0) throw new Error('the server build failed');
}

/**
 * The throwaway PostgreSQL is sized for a 2 GB database as a production server would be (initdb's
 * defaults are 128 MB of shared buffers and 1 GB of WAL between checkpoints, made for tiny
 * installs). With the defaults, WAL-triggered checkpoints every 3-30 s during the ramp stalled
 * commits for 700 ms. A server passed in LOAD_DATABASE_URL keeps its own settings.
 */
const SERVER_SETTINGS = { shared_buffers: '1GB', max_wal_size: '4GB' };

async function main() {
  const started = performance.now();
  // The CI version guards against rot, so it leaves out the one-instance PostgreSQL setup: two instances
  // run the same PostgreSQL code, and the run stays near a minute (decision 0403).
  const targets = loadTargets();
  const scale = loadScale(targets);
  build();
  mkdirSync(resolve('.tmp/load/files'), { recursive: true });
  log(`load test: scale ${scale.name} (${scale.experts} experts, ${scale.tasks} tasks, ${scale.messages} messages, ${scale.notifications} notifications), ` +
    `steps ${scale.steps.join(',')} signed-in users per instance, target ${scale.target}; think time ${process.env.LOAD_THINK_S ?? 3} s; Accept-Encoding as a browser; load average ${load()}`);
  const summaries: RampSummary[] = [];
  let busRuns: BusRun[] = [];
  let benched = false;
  if (targets.includes('pglite')) {
    const { dataDir, cast } = await pgliteData(scale);
    summaries.push(await withServers(1, { dataDir }, (servers) => ramp('PGlite', scale, cast, servers)));
  }
  if (['postgres', 'two', 'bus', 'pgbench'].some((target) => targets.includes(target))) {
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
                return ramp(count === 1 ? 'PostgreSQL' : 'two instances on one PostgreSQL', scale, data.cast, servers, { databaseUrl: data.url });
              }),
            );
            // Each bump makes every instance recompute its map answer (migration 0016_load.sql).
            log(`  expert map version bumps during the ramp: ${(await mapVersion(data.url)) - before}`);
          } finally {
            await data.drop();
          }
        }
        if (targets.includes('bus')) busRuns = await busTarget(base, scale);
        if (targets.includes('pgbench')) benched = (await pgbenchTarget(base)).length > 0;
      } finally {
        server?.stop();
      }
    }
  }
  log('\n## summary');
  for (const summary of [...summaries, ...busRuns.map((run) => run.summary)]) {
    log(`  ${summary.label.padEnd(32)} sustainable ${summary.sustainable} signed-in users per instance` +
      ` (${summary.sustainable * summary.instances} in all)${summary.brokeAtOrBelowTarget ? `, target ${scale.target} MISSED` : ''}`);
  }
  const one = summaries.find((s) => s.label === 'PostgreSQL');
  const two = summaries.find((s) => s.label === 'two instances on one PostgreSQL');
  if (one && two) {
    const users = one.sustainable ? (two.sustainable * 2) / one.sustainable : 0;
    // Throughput and p99 at the highest step both ramps ran (passed or not).
    const common = two.steps.filter((s) => one.steps.some((o) => o.users === s.users)).at(-1);
    const base = common && one.steps.find((o) => o.users === common.users)!;
    const at = common && base ? `req/s ${(common.rps / base.rps).toFixed(2)}x, p99 ${(common.p99 / base.p99).toFixed(2)}x at ${common.users} users per instance` : 'no common step';
    log(`  two instances as a ratio of one: sustainable users ${one.sustainable ? `${users.toFixed(2)}x` : 'n/a (one instance carried no step)'}; ${at}`);
  }
  busSummary(busRuns);
  log(`  finished in ${((performance.now() - started) / 1000).toFixed(0)} s; load average ${load()}`);
  // The CI version guards against rot (a journey or socket failing), not the CI machine's speed: it
  // exits 1 on errors only, and prints latency breaks like the full run. The bus runs are
  // measurements (four instances share the machine's cores): errors only, as in CI.
  const erred = (s: RampSummary) => s.steps.some((step) => step.errorRate > 0.001 || step.requests === 0 || step.sockets.failed > 0);
  const failed =
    (process.env.LOAD_SHORT === '1' ? summaries.some(erred) : summaries.some((s) => s.brokeAtOrBelowTarget)) ||
    busRuns.some((run) => erred(run.summary));
  process.exit(failed || summaries.length + busRuns.length + (benched ? 1 : 0) === 0 ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
