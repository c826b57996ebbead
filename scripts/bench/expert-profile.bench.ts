/**
 * The public expert profile query (docs/decisions/0082) for an expert with 1,000 reviews, among 200
 * other experts with 50 reviews each, on PostgreSQL when one is available:
 * - BENCH_DATABASE_URL or TEST_DATABASE_URL: a throwaway database on that server;
 * - else a throwaway server started like .ci/run does (Debian's postgresql, initdb on a temp folder);
 * - else PGlite, with a note.
 * Reported as p50/p99 of the profile query and of one review page, and as a ratio of the profile's
 * p99 to a reference measured in the same run (a primary-key lookup of one profile row), each as
 * min / median / max over 3 repeats. Run alone: node --import tsx scripts/bench/expert-profile.bench.ts
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle, type Db } from '../../src/server/db/client';
import { profiles } from '../../src/server/db/schema';
import { findPublicProfile, listExpertReviews } from '../../src/server/modules/public-profiles/public-profiles.repository';
import type { BenchRow } from './stats';

const REVIEWS = 1_000;
const OTHER_EXPERTS = 200;
const OTHER_REVIEWS = 50;
const QUERIES = 500;
const REPEATS = 3;
const BENCH_PG_PORT = 55_499;
const EXPERT = 'e0000000-0000-0000-0000-000000000001';

interface Target {
  label: string;
  open(): Promise<DatabaseHandle>;
  cleanup(): Promise<void>;
}

async function throwawayDatabaseOn(serverUrl: string, label: string, stopServer?: () => void): Promise<Target> {
  const pg = await import('pg');
  const name = `bench_profile_${Date.now().toString(36)}`;
  const admin = new pg.default.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    label,
    open: () => openDatabase({ databaseUrl: url.toString() }),
    async cleanup() {
      const drop = new pg.default.Client({ connectionString: serverUrl });
      await drop.connect();
      await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await drop.end();
      stopServer?.();
    },
  };
}

/** Starts Debian's PostgreSQL on a temp folder and loopback port, as .ci/run does; null when not installed. */
function startThrowawayServer(): { url: string; stop: () => void } | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const version = readdirSync(root).sort((a, b) => Number(a) - Number(b)).at(-1);
  const bin = version ? join(root, version, 'bin') : null;
  if (!bin || !existsSync(join(bin, 'initdb'))) return null;
  const dir = mkdtempSync(join(tmpdir(), 'bench-pg-'));
  const asRoot = process.getuid?.() === 0;
  const run = (command: string) => {
    if (asRoot) execFileSync('su', ['postgres', '-c', command], { stdio: 'ignore' });
    else execFileSync('sh', ['-c', command], { stdio: 'ignore' });
  };
  try {
    if (asRoot) {
      const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
      chownSync(dir, uid, gid);
    }
    run(`${bin}/initdb -D ${dir}/data -A trust -U postgres`);
    run(`${bin}/pg_ctl -D ${dir}/data -o '-p ${BENCH_PG_PORT} -k ${dir} -c listen_addresses=127.0.0.1' -l ${dir}/log -w start`);
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${BENCH_PG_PORT}/postgres`,
    stop() {
      try {
        run(`${bin}/pg_ctl -D ${dir}/data -m fast stop`);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

async function chooseTarget(notes: BenchRow[]): Promise<Target> {
  const given = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (given) return throwawayDatabaseOn(given, 'PostgreSQL (given server)');
  const server = startThrowawayServer();
  if (server) return throwawayDatabaseOn(server.url, 'PostgreSQL (throwaway server)', server.stop);
  notes.push({ name: 'note', value: 'no PostgreSQL available (install postgresql or set BENCH_DATABASE_URL): measured on PGlite' });
  return { label: 'PGlite', open: () => openDatabase({ dataDir: 'memory://' }), cleanup: async () => {} };
}

export async function seed(db: Db) {
  const uuid = (prefix: string, n: string) => sql.raw(`('${prefix}' || lpad(to_hex(${n}), 31, '0'))::uuid`);
  await db.execute(sql`insert into auth_users (id, name, email, email_verified)
    select ${uuid('e', 'g')}, 'Bench Expert', 'e' || g || '@bench.test', true from generate_series(1, ${OTHER_EXPERTS + 1}) g
    union all select ${uuid('c', 'g')}, 'Bench Client', 'c' || g || '@bench.test', true from generate_series(1, 100) g`);
  await db.execute(sql`insert into profiles (id, first_name, last_name, email, onboarding_completed)
    select id, 'Bench', 'User', email, true from auth_users`);
  await db.execute(sql`insert into expert_profiles (id, profile_id, bio, expertise, location, verification_status)
    select ${uuid('e', 'g')}, ${uuid('e', 'g')}, 'Bench expert bio', array['Apartments', 'Vehicles'], 'Town', 'verified'
    from generate_series(1, ${OTHER_EXPERTS + 1}) g`);
  // Expert 1 gets 1,000 reviewed tasks; the others 50 each.
  await db.execute(sql`insert into tasks (title, description, budget, location, latitude, longitude, status, client_id, expert_id, published_at, created_at)
    select 'Bench task ' || g, 'Inspect remotely', 5000, 'Town', 40.7, -74.0, 'verified',
      ${uuid('c', '1 + g % 100')},
      case when g <= ${REVIEWS} then ${EXPERT}::uuid else ${uuid('e', `2 + g % ${OTHER_EXPERTS}`)} end,
      now() - g * interval '1 hour', now() - g * interval '1 hour'
    from generate_series(1, ${REVIEWS + OTHER_EXPERTS * OTHER_REVIEWS}) g`);
  await db.execute(sql`insert into reviews (task_id, reviewee_id, reviewer_id, rating, comment, created_at)
    select id, expert_id, client_id, 3 + (abs(hashtext(id::text)) % 3), 'Clear photos and a useful report.', created_at from tasks`);
  await db.execute(sql`analyze`);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

async function timeQuery(run: () => Promise<unknown>) {
  for (let i = 0; i < 50; i += 1) await run();
  const times: number[] = [];
  for (let i = 0; i < QUERIES; i += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p99: percentile(times, 0.99) };
}

const spread = (values: number[], unit: (v: number) => string) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `${unit(sorted[0])} / ${unit(sorted[Math.floor(sorted.length / 2)])} / ${unit(sorted.at(-1)!)}`;
};
const ms = (v: number) => `${v.toFixed(2)} ms`;

export async function benchExpertProfile(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const target = await chooseTarget(rows);
  const handle = await target.open();
  try {
    const db = handle.db;
    await seed(db);
    const results: Array<{ profile: { p50: number; p99: number }; page: { p50: number; p99: number }; reference: { p50: number; p99: number } }> = [];
    for (let repeat = 0; repeat < REPEATS; repeat += 1) {
      const reference = await timeQuery(() => db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, EXPERT)));
      const profile = await timeQuery(async () => {
        const row = await findPublicProfile(db, EXPERT);
        if (!row) throw new Error('bench expert missing');
      });
      const page = await timeQuery(() => listExpertReviews(db, EXPERT, { limit: 3, offset: 0 }));
      results.push({ profile, page, reference });
    }
    rows.push({ name: `database`, value: target.label });
    rows.push({ name: `profile query, 1,000 reviews: p99 (min / median / max of ${REPEATS})`, value: spread(results.map((r) => r.profile.p99), ms) });
    rows.push({ name: 'profile query: p50 (min / median / max)', value: spread(results.map((r) => r.profile.p50), ms) });
    rows.push({ name: 'review page of 3: p99 (min / median / max)', value: spread(results.map((r) => r.page.p99), ms) });
    rows.push({ name: 'reference, primary-key lookup: p99 (min / median / max)', value: spread(results.map((r) => r.reference.p99), ms) });
    rows.push({
      name: 'profile p99 / reference p99 (min / median / max)',
      value: spread(results.map((r) => r.profile.p99 / r.reference.p99), (v) => `${v.toFixed(1)}x`),
    });
    return rows;
  } finally {
    await handle.close();
    await target.cleanup();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rows = await benchExpertProfile();
  for (const row of rows) console.log(`${row.name.padEnd(70)} ${row.value}`);
}
