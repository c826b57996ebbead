/**
 * Benchmark of the admin area's aggregates on PostgreSQL at BENCH_ADMIN_TASKS tasks and
 * BENCH_ADMIN_TRANSACTIONS transactions (default 100,000 each), seeded with generate_series over
 * 13 months: the overview (GET /api/admin/overview) and the 12-month report (GET /api/admin/reports
 * ?timeframe=12m), each ADMIN_QUERIES times per repeat. Each p99 is printed in ms and as a ratio to a
 * reference measured in the same run (a one-row primary-key read, the cheapest query the app makes),
 * so that machines of different speed can be compared; min / median / max over 3 repeats.
 * PostgreSQL: BENCH_DATABASE_URL (a server where a scratch database may be created), otherwise a
 * throwaway server started from Debian's postgresql binaries like .ci/run does; without either the
 * bench is skipped with a note. Run alone: node --import tsx scripts/bench/admin.bench.ts
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, chmodSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase, type Db } from '../../src/server/db/client';
import { loadOverview } from '../../src/server/modules/admin/overview.repository';
import { loadReports } from '../../src/server/modules/admin/reports.repository';
import type { BenchRow } from './stats';

const TASKS = Number(process.env.BENCH_ADMIN_TASKS ?? 100_000);
const TRANSACTIONS = Number(process.env.BENCH_ADMIN_TRANSACTIONS ?? 100_000);
const USERS = 10_000;
const EXPERTS = 2_000;
const QUERIES = Number(process.env.BENCH_ADMIN_QUERIES ?? 100);
const REPEATS = 3;
const BUDGET_MS = 100;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

async function p99Of(run: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 5; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < QUERIES; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return percentile(times.sort((a, b) => a - b), 0.99);
}

const summary = (values: number[], digits = 2) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `${sorted[0].toFixed(digits)} / ${sorted[Math.floor(sorted.length / 2)].toFixed(digits)} / ${sorted.at(-1)!.toFixed(digits)}`;
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 55_499));
    });
  });
}

/** A PostgreSQL server URL and how to stop it, or null when none can be had. */
async function postgres(): Promise<{ url: string; stop: () => void } | null> {
  if (process.env.BENCH_DATABASE_URL) return { url: process.env.BENCH_DATABASE_URL, stop: () => {} };
  const root = '/usr/lib/postgresql';
  const version = existsSync(root) ? readdirSync(root).sort((a, b) => Number(a) - Number(b)).at(-1) : undefined;
  const bin = version ? join(root, version, 'bin') : undefined;
  if (!bin || !existsSync(join(bin, 'initdb'))) return null;
  const dir = mkdtempSync(join(tmpdir(), 'bench-admin-pg-'));
  chmodSync(dir, 0o777);
  const port = await freePort();
  // initdb refuses to run as root: like .ci/run, run the server as the postgres user then.
  const asRoot = process.getuid?.() === 0;
  const run = (command: string) =>
    asRoot ? execFileSync('su', ['postgres', '-c', command], { stdio: 'ignore' }) : execFileSync('sh', ['-c', command], { stdio: 'ignore' });
  run(`${bin}/initdb -D ${dir}/data -A trust -U postgres`);
  run(`${bin}/pg_ctl -D ${dir}/data -o '-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off' -l ${dir}/log -w start`);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => {
      spawnSync(asRoot ? 'su' : 'sh', asRoot ? ['postgres', '-c', `${bin}/pg_ctl -D ${dir}/data -m fast stop`] : ['-c', `${bin}/pg_ctl -D ${dir}/data -m fast stop`], { stdio: 'ignore' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Users, experts, tasks and transactions over the last 13 months, with the product's status mixes. */
async function seed(db: Db) {
  const id = (prefix: string, g: string) => sql.raw(`('${prefix}' || lpad(to_hex(${g}), 31, '0'))::uuid`);
  await db.execute(sql`set session_replication_role = replica`);
  await db.execute(sql`insert into auth_users (id, name, email, email_verified)
    select ${id('a', 'g')}, 'Bench User', 'u' || g || '@bench.test', true from generate_series(1, ${USERS}) g`);
  await db.execute(sql`insert into profiles (id, first_name, last_name, email, onboarding_completed, created_at)
    select ${id('a', 'g')}, 'Bench', 'User ' || g, 'u' || g || '@bench.test', true, now() - ((g::bigint * 7919) % 395) * interval '1 day'
    from generate_series(1, ${USERS}) g`);
  await db.execute(sql`insert into expert_profiles (id, profile_id, bio, verification_status)
    select ${id('a', 'g')}, ${id('a', 'g')}, 'Bench expert',
      (case when g % 4 = 0 then 'pending' when g % 9 = 0 then 'rejected' else 'verified' end)::verification_status
    from generate_series(1, ${EXPERTS}) g`);
  await db.execute(sql`insert into user_roles (user_id, role) select ${id('a', 'g')}, 'expert' from generate_series(1, ${EXPERTS}) g`);
  await db.execute(sql`insert into tasks (id, title, description, requirements, budget, location, latitude, longitude,
      status, client_id, expert_id, created_at, published_at, updated_at)
    select ${id('b', 'g')}, 'Bench task ' || g, 'Inspect remotely', 'Photos', 5000 + (g % 500) * 100, 'Town', 40, -74,
      (case when g % 10 < 3 then 'open' when g % 10 < 5 then 'assigned' when g % 10 < 6 then 'in_progress'
            when g % 10 < 9 then 'verified' else 'cancelled' end)::task_status,
      ${id('a', `${EXPERTS} + 1 + g % ${USERS - EXPERTS}`)},
      case when g % 10 between 3 and 8 then ${id('a', `1 + g % ${EXPERTS}`)} else null end,
      now() - ((g::bigint * 5701) % 570000) * interval '1 minute', now() - ((g::bigint * 5701) % 570000) * interval '1 minute', now()
    from generate_series(1, ${TASKS}) g`);
  await db.execute(sql`insert into task_applications (task_id, expert_id, status, proposed_rate, notes, created_at)
    select t.id, ${id('a', `1 + (row_number() over ()) % ${EXPERTS}`)}, 'pending', t.budget, 'Bench', t.created_at + interval '37 minutes'
    from tasks t where t.expert_id is not null`);
  await db.execute(sql`insert into transactions (task_id, amount, platform_fee, platform_fee_percent, status, created_at, updated_at)
    select ${id('b', `1 + g % ${TASKS}`)}, 5000 + (g % 500) * 100, (5000 + (g % 500) * 100) / 10, 10,
      (case when g % 10 < 6 then 'captured' when g % 10 < 8 then 'authorized' when g % 10 < 9 then 'refunded'
            when g % 20 = 9 then 'pending' else 'failed' end)::transaction_status,
      now() - ((g::bigint * 5701) % 570000) * interval '1 minute', now()
    from generate_series(1, ${TRANSACTIONS}) g`);
  await db.execute(sql`set session_replication_role = origin`);
  // The row triggers that keep the admin overview's counters did not run (migration 0032).
  await db.execute(sql`select rebuild_admin_counts()`);
  // Nor did the experts' response-time totals (migration 0056).
  await db.execute(sql`select rebuild_expert_response_times()`);
  await db.execute(sql`vacuum analyze`);
}

export async function benchAdmin(): Promise<BenchRow[]> {
  const server = await postgres().catch(() => null);
  if (!server) {
    return [{ name: 'admin aggregates on PostgreSQL', value: 'skipped: no PostgreSQL (set BENCH_DATABASE_URL or install postgresql)' }];
  }
  const pg = await import('pg');
  const name = `bench_admin_${Date.now().toString(36)}`;
  const admin = new pg.default.Client({ connectionString: server.url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(server.url);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  const db = database.db;
  const rows: BenchRow[] = [];
  try {
    const started = performance.now();
    await seed(db);
    rows.push({
      name: `seed ${TASKS.toLocaleString('en-US')} tasks + ${TRANSACTIONS.toLocaleString('en-US')} transactions (PostgreSQL)`,
      value: `${((performance.now() - started) / 1000).toFixed(1)} s`,
    });
    const reference: number[] = [];
    const overview: number[] = [];
    const report: number[] = [];
    for (let repeat = 0; repeat < REPEATS; repeat++) {
      const now = new Date();
      reference.push(await p99Of(() => db.execute(sql`select platform_fee_percent from system_settings where id = 1`)));
      overview.push(await p99Of(() => loadOverview(db, now)));
      report.push(await p99Of(() => loadReports(db, '12m', now)));
    }
    const ratios = (values: number[]) => values.map((value, i) => value / reference[i]);
    rows.push({ name: `reference: one-row primary-key read, p99 ms (min / median / max of ${REPEATS})`, value: summary(reference) });
    for (const [label, values] of [['overview', overview], ['12-month report', report]] as const) {
      const worst = Math.max(...values);
      rows.push({ name: `${label}: p99 ms (min / median / max of ${REPEATS})`, value: `${summary(values)} ${worst <= BUDGET_MS ? 'ok' : 'OVER'} (budget ${BUDGET_MS} ms)` });
      rows.push({ name: `${label}: p99 / reference p99`, value: `${summary(ratios(values), 1)} x` });
    }
    return rows;
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await admin.end();
    server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rows = await benchAdmin();
  for (const row of rows) console.log(`${row.name.padEnd(80)} ${row.value}`);
}
