/**
 * `npm run chaos`: the money path under random kills (issue 47, docs/decisions/0440). Against the
 * server as a process on a throwaway PostgreSQL (the built one when dist/server/main.js exists), each
 * round fires a burst of 20 requests at once (confirmations, cancellations, hires, card steps) and
 * kills the process with SIGKILL inside it (100-1,500 ms for the built server, 300-2,000 ms for the source through tsx). After the last round a restarted server runs its
 * outbox jobs and its reconciler; then every task is checked against the provider. Prints a
 * reconciliation table and exits 1 when any drift is left.
 *
 * CHAOS_ROUNDS (default 6; CHAOS_SHORT=1, as CI runs it: 2), CHAOS_DATABASE_URL or TEST_DATABASE_URL
 * (a PostgreSQL server to use instead of a throwaway one), CHAOS_SEED (the random kill delays).
 */
import { existsSync } from 'node:fs';
import { startBenchPostgres, type BenchPostgres } from '../bench/postgres';
import { createPostgresTemplate } from '../../src/server/test/global-setup';
import { send, startServerProcess } from '../../src/server/test/server-process';
import { buildBurst, checkInvariants, reconciliationTotals, type ChaosTask } from './workload';

const rounds = Number(process.env.CHAOS_ROUNDS ?? (process.env.CHAOS_SHORT === '1' ? 2 : 6));
let seed = Number(process.env.CHAOS_SEED ?? Date.now() % 100_000);
/** A small seeded generator (mulberry32), so that a failing run can be repeated with its seed. */
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let value = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
  return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
};

async function main() {
  // The cast is made through the API in this process: its request log would drown the table.
  const { log } = await import('../../src/server/ops/logger');
  log.level = 'warn';
  console.log(`chaos: ${rounds} rounds of 20 requests, seed ${seed}`);
  let throwaway: BenchPostgres | null = null;
  let serverUrl = process.env.CHAOS_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const started = await startBenchPostgres();
    if ('skipped' in started) throw new Error(`chaos needs PostgreSQL: ${started.skipped}`);
    throwaway = started;
    const database = await started.createDatabase();
    serverUrl = new URL('/postgres', database.url).toString();
  }
  // The test helpers make the cast (users, sessions, tasks with real holds) on a copy of the template.
  process.env.TEST_DATABASE_URL = serverUrl;
  await createPostgresTemplate(serverUrl);
  const { createTestApp } = await import('../../src/server/test/test-app');
  const t = await createTestApp();
  const built = existsSync('dist/server/main.js');
  const databaseUrl = await databaseUrlOf(t, serverUrl);
  // Kill inside the burst: under CI's load the built server answers its 20 requests within about a
  // second, the source through tsx (compiling as it goes) within about two.
  const [low, high] = built ? [100, 1_500] : [300, 2_000];
  console.log(
    `server: ${built ? 'dist/server/main.js' : 'src/server/main.ts through tsx'}; kills ${low}-${high} ms into each burst`,
  );
  const tasks: ChaosTask[] = [];
  try {
    for (let round = 1; round <= rounds; round += 1) {
      const burst = await buildBurst(t);
      tasks.push(...burst.tasks);
      const server = await startServerProcess({ databaseUrl, dataDir: t.context.env.DATA_DIR, built });
      // Warm: the burst should meet a server that answers in milliseconds, as a live one does.
      for (const warm of burst.warmUp) await warm(server);
      const firedAt = Date.now();
      const answeredAt: number[] = [];
      const inFlight = burst.requests.map((request) =>
        request(server).then((answer) => {
          if (answer) answeredAt.push(Date.now() - firedAt);
          return answer;
        }),
      );
      const delay = process.env.CHAOS_DELAY_MS
        ? Number(process.env.CHAOS_DELAY_MS)
        : low + Math.floor(random() * (high - low));
      await new Promise((resolve) => setTimeout(resolve, delay));
      server.child.kill('SIGKILL');
      const answers = await Promise.all(inFlight);
      await server.exited;
      const answered = answers.filter((answer) => answer !== null).length;
      const span =
        answeredAt.length > 0
          ? ` (between ${Math.min(...answeredAt)} and ${Math.max(...answeredAt)} ms)`
          : '';
      console.log(
        `round ${round}: killed ${delay} ms into the burst; ${answered} of ${answers.length} answered${span}`,
      );
    }
    const restarted = await startServerProcess({ databaseUrl, dataDir: t.context.env.DATA_DIR, built });
    try {
      // Past the outbox's head start, three times: a reconciler repair may queue a job for the next pass.
      for (let pass = 0; pass < 3; pass += 1)
        await send(restarted, 'POST', '/dev/clock/advance', { body: { hours: 0.1 } });
    } finally {
      await restarted.stop();
    }
    const left = await checkInvariants(t, tasks);
    const totals = await reconciliationTotals(t);
    const rows = [
      ['tasks', tasks.length],
      ['confirmed and captured', left.captured],
      ['released (voided)', left.voided],
      ['drift found by the reconciler', totals.found],
      ['drift repaired by the reconciler', totals.repaired],
      ['drift left', left.problems.length],
    ] as const;
    console.log('\n| what | count |\n|---|---|');
    for (const [what, count] of rows) console.log(`| ${what} | ${count} |`);
    for (const problem of left.problems) console.log(`drift left: ${problem}`);
    process.exitCode = left.problems.length > 0 ? 1 : 0;
  } finally {
    await t.close();
    throwaway?.stop();
  }
}

async function databaseUrlOf(t: { db: { execute: (query: never) => Promise<unknown> } }, serverUrl: string) {
  const { sql } = await import('drizzle-orm');
  const result = (await t.db.execute(sql`select current_database() as name` as never)) as {
    rows: { name: string }[];
  };
  const url = new URL(serverUrl);
  url.pathname = `/${result.rows[0]!.name}`;
  return url.toString();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
