/**
 * Benchmark of the tasks module on PGlite seeded with BENCH_EXPERTS experts (default 1,000,000) and
 * BENCH_TASKS tasks (default 100,000), built with INSERT ... SELECT generate_series:
 * - the expert proximity check (docs/decisions/0040): p50/p99 at points with experts near and at
 *   points with none (the worst case: the whole latitude band of the box is read), with the chosen
 *   btree box (BENCH_EARTHDISTANCE=1 adds earthdistance over a GiST index built for the run only);
 * - the expert task list query (open tasks in the 69-miles-per-degree box, newest first, one page
 *   and its count) around random experts' coordinates;
 * - signed-in GET /api/tasks/:id with its joins, in requests per second, next to the bare JSON route
 *   GET /api/config on the same app in the same run (app.request in a loop, one at a time).
 * Run alone: node --import tsx scripts/bench/tasks.bench.ts
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import { EXPERT_RADIUS_MILES, taskListBox } from '../../src/shared/domain/geo';
import { createApp } from '../../src/server/app';
import { openDatabase, type Db } from '../../src/server/db/client';
import { authAccounts, authUsers, profiles } from '../../src/server/db/schema';
import { loadEnv } from '../../src/server/env';
import { systemClock } from '../../src/server/lib/clock';
import { createServerContext } from '../../src/server/server-context';
import { hasPayableExpertWithin } from '../../src/server/modules/tasks/proximity.repository';
import { listOpenTasks } from '../../src/server/modules/tasks/task-lists.repository';
import type { BenchRow } from './startup.bench';

const EXPERTS = Number(process.env.BENCH_EXPERTS ?? 1_000_000);
const TASKS = Number(process.env.BENCH_TASKS ?? 100_000);
const CLIENTS = Math.max(100, Math.round(TASKS / 10));
const QUERIES = 400;
/** BENCH_EARTHDISTANCE=1 adds the earthdistance/GiST comparison of decision 0040 (its index takes a while to build). */
const COMPARE_EARTHDISTANCE = process.env.BENCH_EARTHDISTANCE === '1';
const REQUESTS = 1_500;
const ORIGIN = 'http://localhost:3999';

/** Small seeded generator (mulberry32) so that every run measures the same points. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
const ms = (value: number) => `${value.toFixed(2)} ms`;

async function timeAll<T>(inputs: T[], run: (input: T) => Promise<unknown>): Promise<{ p50: number; p99: number }> {
  for (const input of inputs.slice(0, 20)) await run(input);
  const times: number[] = [];
  for (const input of inputs) {
    const started = performance.now();
    await run(input);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p99: percentile(times, 0.99) };
}

/**
 * Sequential, prefixed UUIDs (`e…` experts, `c…` clients) keep the primary-key inserts appending.
 * FK triggers are skipped while seeding (every id is generated consistently), and the admin's
 * trigram search index on profiles is dropped: no measured query reads it, and maintaining it for a
 * million rows would double the seeding time.
 */
export async function seed(db: Db) {
  const id = (prefix: string, g: string) => sql.raw(`('${prefix}' || lpad(to_hex(${g}), 31, '0'))::uuid`);
  await db.execute(sql`set session_replication_role = replica`);
  await db.execute(sql`drop index if exists profiles_search_trgm_idx`);
  for (const [prefix, count] of [['e', EXPERTS], ['c', CLIENTS]] as const) {
    await db.execute(sql`insert into auth_users (id, name, email, email_verified)
      select ${id(prefix, 'g')}, 'Bench User', ${sql.raw(`'${prefix}'`)} || g || '@bench.test', true from generate_series(1, ${count}) g`);
    await db.execute(sql`insert into profiles (id, first_name, last_name, email, onboarding_completed)
      select ${id(prefix, 'g')}, 'Bench', 'User', ${sql.raw(`'${prefix}'`)} || g || '@bench.test', true from generate_series(1, ${count}) g`);
  }
  // Experts: 80 % around 300 "towns" (within ~30 miles), 20 % anywhere in the contiguous US; 90 % payable.
  await db.execute(sql`insert into expert_profiles (id, profile_id, bio, location, latitude, longitude,
      verification_status, stripe_onboarding_completed, stripe_account_status)
    select ${id('e', 'g')}, ${id('e', 'g')}, 'Bench expert', 'Town ' || (g % 300),
      case when g % 5 = 0 then 25 + random() * 24 else 30 + (g % 300) * 0.06 + (random() - 0.5) * 0.8 end,
      case when g % 5 = 0 then -124 + random() * 57 else -120 + (g % 300) * 0.17 + (random() - 0.5) * 0.8 end,
      'verified', g % 10 <> 0, (case when g % 10 = 0 then 'pending' else 'active' end)::stripe_account_status
    from generate_series(1, ${EXPERTS}) g`);
  await db.execute(sql`insert into user_roles (user_id, role) select ${id('e', 'g')}, 'expert' from generate_series(1, ${EXPERTS}) g`);
  // Tasks: 30 % open, the rest spread over the later statuses; a year of creation dates.
  await db.execute(sql`insert into tasks (title, description, requirements, budget, location, latitude, longitude,
      status, client_id, expert_id, created_at, published_at, updated_at)
    select 'Bench task ' || g, 'Inspect and photograph remotely', 'Photos of every side', 5000 + (g % 500) * 100,
      'Town ' || (g % 300),
      30 + (g % 300) * 0.06 + (random() - 0.5) * 0.8, -120 + (g % 300) * 0.17 + (random() - 0.5) * 0.8,
      (case when g % 10 < 3 then 'open' when g % 10 < 5 then 'assigned' when g % 10 < 6 then 'in_progress'
            when g % 10 < 9 then 'verified' else 'cancelled' end)::task_status,
      ${id('c', `1 + g % ${CLIENTS}`)},
      case when g % 10 between 3 and 8 then ${id('e', `1 + g % ${EXPERTS}`)} else null end,
      now() - (g % 525600) * interval '1 minute', now() - (g % 525600) * interval '1 minute', now()
    from generate_series(1, ${TASKS}) g`);
  await db.execute(sql`set session_replication_role = origin`);
  await db.execute(sql`analyze`);
}

/** One client with a rich task (assigned expert, applications, a review, a transaction) and a session. */
async function richTask(db: Db, app: ReturnType<typeof createApp>) {
  const userId = randomUUID();
  const email = `bench-${userId.slice(0, 8)}@bench.test`;
  await db.insert(authUsers).values({ id: userId, email, name: 'Bench Client', emailVerified: true });
  await db.insert(authAccounts).values({
    id: randomUUID(),
    accountId: userId,
    providerId: 'credential',
    userId,
    password: await hashPassword('bench-password'),
  });
  await db.insert(profiles).values({ id: userId, email, first_name: 'Bench', last_name: 'Client', onboarding_completed: true });
  const expert = sql.raw(`('e' || lpad(to_hex(1), 31, '0'))::uuid`);
  const result = await db.execute(sql`insert into tasks (title, description, requirements, budget, location, latitude, longitude,
      status, payment_status, client_id, expert_id, assigned_at)
    values ('Rich task', 'Inspect and photograph remotely', 'Photos of every side', 12000, 'Town 1', 30.06, -119.83,
      'verified', 'captured', ${userId}, ${expert}, now()) returning id`);
  const taskId = (result as unknown as { rows: { id: string }[] }).rows[0].id;
  await db.execute(sql`insert into task_applications (task_id, expert_id, status, proposed_rate, notes)
    select ${taskId}, ('e' || lpad(to_hex(g), 31, '0'))::uuid, case when g = 1 then 'accepted' else 'rejected' end::application_status,
      12000, 'Cover letter' from generate_series(1, 5) g`);
  await db.execute(sql`insert into reviews (task_id, reviewee_id, reviewer_id, rating, comment)
    values (${taskId}, ${expert}, ${userId}, 5, 'Great work, thank you')`);
  await db.execute(sql`insert into transactions (task_id, amount, platform_fee, status) values (${taskId}, 12000, 1200, 'captured')`);
  const response = await app.request(`${ORIGIN}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'bench-password' }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
  const cookie = response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  return { taskId, cookie };
}

async function requestsPerSecond(run: () => Response | Promise<Response>): Promise<number> {
  for (let i = 0; i < 50; i++) await (await run()).arrayBuffer();
  const started = performance.now();
  for (let i = 0; i < REQUESTS; i++) {
    const response = await run();
    if (response.status !== 200) throw new Error(`status ${response.status}`);
    await response.arrayBuffer();
  }
  return REQUESTS / ((performance.now() - started) / 1000);
}

export async function benchTasks(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-tasks-'));
  const database = await openDatabase({ dataDir: 'memory://' });
  const db = database.db;
  try {
    let started = performance.now();
    await seed(db);
    const seedSeconds = (performance.now() - started) / 1000;
    rows.push({ name: `seed ${EXPERTS.toLocaleString('en-US')} experts + ${TASKS.toLocaleString('en-US')} tasks`, value: `${seedSeconds.toFixed(1)} s` });

    const random = seededRandom(20_260_101);
    const served = Array.from({ length: QUERIES }, () => ({ latitude: 26 + random() * 22, longitude: -122 + random() * 52 }));
    // Atlantic points at US latitudes: no expert within 100 miles, the box's whole latitude band is read.
    const unserved = Array.from({ length: QUERIES / 4 }, () => ({ latitude: 28 + random() * 18, longitude: -60 + random() * 10 }));
    for (const [label, points] of [['points with experts near', served], ['points with none (worst case)', unserved]] as const) {
      const btree = await timeAll([...points], (p) => hasPayableExpertWithin(db, p, EXPERT_RADIUS_MILES));
      rows.push({ name: `proximity check, btree box, ${label}: p50 / p99`, value: `${ms(btree.p50)} / ${ms(btree.p99)}` });
    }

    if (COMPARE_EARTHDISTANCE) {
      started = performance.now();
      await db.execute(sql`create index bench_expert_earth_idx on expert_profiles using gist (ll_to_earth(latitude, longitude))
        where stripe_onboarding_completed = true and stripe_account_status = 'active' and latitude is not null and longitude is not null`);
      rows.push({ name: 'earthdistance GiST index build (comparison only)', value: `${((performance.now() - started) / 1000).toFixed(1)} s` });
      const meters = EXPERT_RADIUS_MILES * 1609.344;
      const earth = (p: { latitude: number; longitude: number }) =>
        db.execute(sql`select 1 from expert_profiles
          where stripe_onboarding_completed = true and stripe_account_status = 'active' and latitude is not null and longitude is not null
            and earth_box(ll_to_earth(${p.latitude}, ${p.longitude}), ${meters}) @> ll_to_earth(latitude, longitude)
            and earth_distance(ll_to_earth(${p.latitude}, ${p.longitude}), ll_to_earth(latitude, longitude)) <= ${meters}
          limit 1`);
      for (const [label, points] of [['points with experts near', served], ['points with none (worst case)', unserved]] as const) {
        const gist = await timeAll([...points], earth);
        rows.push({ name: `proximity check, earthdistance GiST, ${label}: p50 / p99`, value: `${ms(gist.p50)} / ${ms(gist.p99)}` });
      }
      await db.execute(sql`drop index bench_expert_earth_idx`);
    }

    const centres = served.slice(0, QUERIES);
    const listPage = (p: { latitude: number; longitude: number }) =>
      listOpenTasks(db, taskListBox(p.latitude, p.longitude, EXPERT_RADIUS_MILES), null, { limit: 20, offset: 0 });
    const list = await timeAll(centres, listPage);
    rows.push({ name: 'expert task list (open, 100-mile box, page of 20 + count): p50 / p99', value: `${ms(list.p50)} / ${ms(list.p99)}` });
    // PostgreSQL's autovacuum sets the visibility map, which lets the count read the index alone;
    // PGlite has no autovacuum, so both states are shown.
    await db.execute(sql`vacuum analyze tasks`);
    const vacuumed = await timeAll(centres, listPage);
    rows.push({ name: 'expert task list, after VACUUM (index-only count): p50 / p99', value: `${ms(vacuumed.p50)} / ${ms(vacuumed.p99)}` });

    const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir });
    const context = await createServerContext({ env, database, clock: systemClock, publicUrl: ORIGIN });
    const app = createApp(context);
    const { taskId, cookie } = await richTask(db, app);
    const headers = { origin: ORIGIN, cookie };
    const details = await requestsPerSecond(() => app.request(`${ORIGIN}/api/tasks/${taskId}`, { headers }));
    const config = await requestsPerSecond(() => app.request(`${ORIGIN}/api/config`, { headers: { origin: ORIGIN } }));
    const session = await requestsPerSecond(() => app.request(`${ORIGIN}/api/notifications`, { headers }));
    rows.push({ name: 'GET /api/tasks/:id signed in, with joins (app.request, 1 at a time)', value: `${details.toFixed(0)} req/s` });
    rows.push({ name: 'GET /api/notifications signed in (session + one query), for scale', value: `${session.toFixed(0)} req/s` });
    rows.push({ name: 'GET /api/config, bare JSON (same app, same run)', value: `${config.toFixed(0)} req/s` });
    return rows;
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rows = await benchTasks();
  for (const row of rows) console.log(`${row.name.padEnd(80)} ${row.value}`);
}
