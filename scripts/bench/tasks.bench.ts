/**
 * The tasks module on PGlite seeded with BENCH_EXPERTS experts (default 1,000,000) and BENCH_TASKS
 * tasks (default 100,000), built with INSERT ... SELECT generate_series: the expert proximity check
 * (KNN-GiST, decision 0104) at points with experts near and with none, its EXPLAIN, and the expert
 * task list; each against "select 1" on the same database in the same repeat.
 * Run alone: node --import tsx scripts/bench/tasks.bench.ts
 */
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { EXPERT_RADIUS_MILES, taskListBox } from '../../src/shared/domain/geo';
import { openDatabase, type Db } from '../../src/server/db/client';
import { hasPayableExpertWithin, nearestPayableExpertQuery } from '../../src/server/modules/geo/proximity.repository';
import { listOpenTasks } from '../../src/server/modules/task-lists/task-lists.repository';
import { ms, ratioRow, repeat, REPEATS, type BenchRow } from './stats';

const EXPERTS = Number(process.env.BENCH_EXPERTS ?? 1_000_000);
const TASKS = Number(process.env.BENCH_TASKS ?? 100_000);
const QUERIES = 400;

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
 * Triggers are skipped while seeding (every id is generated consistently; the map's expert cells are
 * rebuilt at the end), and the admin's
 * trigram search index on profiles is dropped: no measured query reads it, and maintaining it for a
 * million rows would double the seeding time.
 */
export async function seed(db: Db, experts = EXPERTS, taskCount = TASKS) {
  const clients = Math.max(100, Math.round(taskCount / 10));
  const id = (prefix: string, g: string) => sql.raw(`('${prefix}' || lpad(to_hex(${g}), 31, '0'))::uuid`);
  await db.execute(sql`set session_replication_role = replica`);
  await db.execute(sql`drop index if exists profiles_search_trgm_idx`);
  for (const [prefix, count] of [['e', experts], ['c', clients]] as const) {
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
    from generate_series(1, ${experts}) g`);
  await db.execute(sql`insert into user_roles (user_id, role) select ${id('e', 'g')}, 'expert' from generate_series(1, ${experts}) g`);
  // Tasks: 30 % open, the rest spread over the later statuses; a year of creation dates.
  await db.execute(sql`insert into tasks (title, description, requirements, budget, location, latitude, longitude,
      status, client_id, expert_id, created_at, published_at, updated_at)
    select 'Bench task ' || g, 'Inspect and photograph remotely', 'Photos of every side', 5000 + (g % 500) * 100,
      'Town ' || (g % 300),
      30 + (g % 300) * 0.06 + (random() - 0.5) * 0.8, -120 + (g % 300) * 0.17 + (random() - 0.5) * 0.8,
      (case when g % 10 < 3 then 'open' when g % 10 < 5 then 'assigned' when g % 10 < 6 then 'in_progress'
            when g % 10 < 9 then 'verified' else 'cancelled' end)::task_status,
      ${id('c', `1 + g % ${clients}`)},
      case when g % 10 between 3 and 8 then ${id('e', `1 + g % ${experts}`)} else null end,
      now() - (g % 525600) * interval '1 minute', now() - (g % 525600) * interval '1 minute', now()
    from generate_series(1, ${taskCount}) g`);
  await db.execute(sql`set session_replication_role = origin`);
  // The row triggers that keep the map's expert cells did not run (migration 0008_map_cells.sql).
  await db.execute(sql`select rebuild_expert_map_cells()`);
  // Nor did the admin overview's counters (migration 0032).
  await db.execute(sql`select rebuild_admin_counts()`);
  // Nor did the experts' response-time totals (migration 0056).
  await db.execute(sql`select rebuild_expert_response_times()`);
  await db.execute(sql`analyze`);
}

export async function benchTasks(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const database = await openDatabase({ dataDir: 'memory://' });
  const db = database.db;
  try {
    const started = performance.now();
    await seed(db);
    rows.push({
      name: `seed ${EXPERTS.toLocaleString('en-US')} experts + ${TASKS.toLocaleString('en-US')} tasks (setup, not a figure)`,
      value: `${((performance.now() - started) / 1000).toFixed(1)} s`,
    });
    const random = seededRandom(20_260_101);
    const served = Array.from({ length: QUERIES }, () => ({ latitude: 26 + random() * 22, longitude: -122 + random() * 52 }));
    // Atlantic points at US latitudes: no expert within 100 miles.
    const unserved = Array.from({ length: QUERIES / 4 }, () => ({ latitude: 28 + random() * 18, longitude: -60 + random() * 10 }));
    const points = [...served, ...unserved];
    const reference = () => db.execute(sql`select 1`);
    const runs = await repeat(REPEATS, async () => ({
      knn: await timeAll(points, (p) => hasPayableExpertWithin(db, p, EXPERT_RADIUS_MILES)),
      reference: await timeAll(points, reference),
    }));
    rows.push(
      ratioRow(`proximity check at ${(EXPERTS / 1e6).toFixed(1)}M experts, p50, vs "select 1" p50`, runs.map((r) => ({ value: r.knn.p50, reference: r.reference.p50 })), { format: ms, goal: 'p50 <= 2 ms' }),
      ratioRow(`proximity check at ${(EXPERTS / 1e6).toFixed(1)}M experts, p99, vs "select 1" p99`, runs.map((r) => ({ value: r.knn.p99, reference: r.reference.p99 })), { format: ms, goal: 'p99 <= 10 ms' }),
    );
    const plan = await db.execute(sql`explain ${nearestPayableExpertQuery({ latitude: 40.7, longitude: -74 })}`);
    const lines = ((plan as unknown as { rows: Record<string, string>[] }).rows).map((row) => Object.values(row)[0].trim());
    rows.push({ name: 'proximity check plan (EXPLAIN)', value: lines.filter((line) => /Index|Order By|Limit/.test(line)).join(' | ') });

    const centres = served.slice(0, QUERIES);
    const listPage = (p: { latitude: number; longitude: number }) =>
      listOpenTasks(db, taskListBox(p.latitude, p.longitude, EXPERT_RADIUS_MILES), null, { limit: 20, offset: 0 });
    const lists = await repeat(REPEATS, async () => ({ list: await timeAll(centres, listPage), reference: await timeAll(centres, reference) }));
    rows.push(ratioRow(`expert task list at ${(TASKS / 1e3).toFixed(0)}k tasks, p99, vs "select 1" p99`, lists.map((r) => ({ value: r.list.p99, reference: r.reference.p99 })), { format: ms }));
    return rows;
  } finally {
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rows = await benchTasks();
  for (const row of rows) console.log(`${row.name.padEnd(80)} ${row.value}`);
}
