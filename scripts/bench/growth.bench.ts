/**
 * Cost as work grows (issue 24): the reads a user makes most, on PostgreSQL databases seeded by the
 * load test's seeder (scripts/load/seed.ts) at BENCH_GROWTH_TASKS tasks each (default 10,000,
 * 100,000 and 1,000,000; a tenth as many experts, five messages and one notification per task),
 * printed as ratios of the smallest. The signed-in users' own data is the same size at every scale,
 * so a ratio above 1 is what the rest of the marketplace costs them: goal <= 1.5x each.
 * All databases are open at once and the scales are interleaved in every repeat, so that the
 * machine's load moves them together. Run alone: node --import tsx scripts/bench/growth.bench.ts
 *
 * BENCH_GROWTH_DATABASE_URL (a PostgreSQL server URL) keeps the seeded databases between runs: each
 * scale is seeded once into the template database `bench_growth_<tasks>` on that server (under a
 * temporary name until the seed finishes, so an interrupted seed is never reused), and every run
 * measures a fresh copy of it (CREATE DATABASE ... TEMPLATE), dropped at the end. A template seeded
 * before a newer migration is migrated in the copy. Drop the templates by hand to reseed.
 * Without it, a throwaway server (or BENCH_DATABASE_URL) is seeded on every run.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { EXPERT_RADIUS_MILES, taskListBox } from '../../src/shared/domain/geo';
import { createApp } from '../../src/server/app';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client';
import { loadEnv } from '../../src/server/env';
import { systemClock } from '../../src/server/lib/clock';
import { countOverviewFromTables } from '../../src/server/modules/admin/overview-full-count';
import { loadOverview } from '../../src/server/modules/admin/overview.repository';
import { openTasksPageQuery } from '../../src/server/modules/task-lists/task-lists.repository';
import { createServerContext } from '../../src/server/server-context';
import { cookieOf } from '../load/journeys';
import { CENTRE, type LoadScale } from '../load/scale';
import { seedLoad, uuidOf } from '../load/seed';
import { AUTH_SECRET } from '../load/server';
import { startBenchPostgres, type BenchPostgres } from './postgres';
import { ms, percentile, ratioRow, repeat, REPEATS, type BenchRow } from './stats';

const SCALES = (process.env.BENCH_GROWTH_TASKS ?? '10000,100000,1000000').split(',').map(Number);
const REQUESTS = Number(process.env.BENCH_GROWTH_REQUESTS ?? 50);
const ORIGIN = 'http://localhost:3999';

const scaleOf = (tasks: number): LoadScale => ({
  name: `growth-${tasks}`,
  experts: Math.max(1_000, tasks / 10),
  tasks,
  messages: tasks * 5,
  notifications: tasks,
  users: 10,
  pool: 10,
  steps: [1],
  stepSeconds: 1,
  target: 1,
});

type Who = 'client' | 'expert' | 'admin';
type Read =
  | { name: string; who: Who; path: string | ((scale: Scaled) => string) }
  | { name: string; query: (db: DatabaseHandle['db'], now: Date) => Promise<unknown> };
/** Open tasks sampled across the whole table per scale, each read once per run (no cache hit). */
const SAMPLED_TASKS = 1_000;
const READS: Read[] = [
  // The same task again and again: after the first request, the read cache (decision 0107) and the
  // session cache answer it without a database round trip, so this is the app's own per-request work.
  { name: 'task details, the same task again (read cache)', who: 'client', path: `/api/tasks/${uuidOf('7', 0)}` },
  // An expert opening open tasks picked at random across the whole table: a cache miss every time,
  // so the one task-details statement runs against the table at its size.
  { name: 'task details, a different open task each time', who: 'expert', path: (scale) => `/api/tasks/${scale.nextSampledTask()}` },
  { name: 'client dashboard: my tasks', who: 'client', path: '/api/tasks?scope=mine&page=1&pageSize=50' },
  {
    name: 'expert dashboard: available tasks',
    who: 'expert',
    path: `/api/tasks?scope=available&latitude=${CENTRE.latitude}&longitude=${CENTRE.longitude}&page=1&pageSize=50`,
  },
  { name: 'expert dashboard: applied', who: 'expert', path: '/api/tasks?scope=applied&page=1&pageSize=50' },
  { name: 'expert dashboard: assigned', who: 'expert', path: '/api/tasks?scope=assigned&page=1&pageSize=50' },
  { name: 'conversation list', who: 'client', path: '/api/conversations' },
  { name: 'the bell (notifications)', who: 'expert', path: '/api/notifications' },
  { name: 'admin overview', who: 'admin', path: '/api/admin/overview' },
  // The available list's statements alone, the same way: the page with its total capped at 1,000
  // (decision 0380) and the statement before it, which counted every open task in the box.
  { name: 'available tasks statements: capped total (after 0380)', query: (db) => db.execute(openTasksPageQuery(benchBox, FIRST_PAGE)) },
  { name: 'available tasks statements: whole-box count (before 0380)', query: (db) => db.execute(wholeBoxPageBefore0380) },
  // The overview's statements alone, without HTTP and auth: from the counters (migration 0032) and the
  // whole-table counts it ran before, measured the same way in the same run.
  { name: 'admin overview statements: counters (after 0032)', query: loadOverview },
  { name: 'admin overview statements: whole-table counts (before 0032)', query: countOverviewFromTables },
];

/** The box and first page of the expert dashboard's available list (tasks.service.ts: availablePage). */
const benchBox = taskListBox(CENTRE.latitude, CENTRE.longitude, EXPERT_RADIUS_MILES);
const FIRST_PAGE = { limit: 50, offset: 0 };
/** The available list's page-of-ids statement before decision 0380, kept to be measured in the same run. */
const wholeBoxPageBefore0380 = sql`
  with in_box as materialized (
    select id, created_at from tasks
    where status = 'open'
      and not exists (select 1 from auth_users su where su.id = tasks.client_id and su.suspended_at is not null)
      and latitude between ${benchBox.minLat} and ${benchBox.maxLat} and longitude between ${benchBox.minLng} and ${benchBox.maxLng}
  )
  select id, (count(*) over ())::int as total from in_box order by created_at desc, id desc limit ${FIRST_PAGE.limit}`;

interface Scaled {
  tasks: number;
  /** The next of SAMPLED_TASKS open tasks picked at random at this scale, round robin. */
  nextSampledTask(): string;
  get(who: Who, path: string): Promise<void>;
  run(read: Read): Promise<unknown>;
  close(): Promise<void>;
}

async function open(database: DatabaseHandle, tasks: number): Promise<Scaled> {
  // Client 2 of the cast is the admin.
  await database.db.execute(sql`insert into user_roles (user_id, role) values (${uuidOf('d', 2)}, 'admin') on conflict do nothing`);
  // The admin area needs two-factor sign-in turned on (admin-access.ts); the session cookie stands for it.
  await database.db.execute(sql`update auth_users set two_factor_enabled = true where id = ${uuidOf('d', 2)}`);
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'warn', AUTH_SECRET, DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-growth-')) });
  const context = await createServerContext({ env, database, clock: systemClock, publicUrl: ORIGIN });
  const app = createApp(context);
  const cookies: Record<Who, string> = { client: cookieOf(1, 'client'), expert: cookieOf(1, 'expert'), admin: cookieOf(2, 'client') };
  const sampled = (
    (await database.db.execute(sql`select id from tasks where status = 'open' order by random() limit ${SAMPLED_TASKS}`)) as unknown as {
      rows: Array<{ id: string }>;
    }
  ).rows.map((row) => row.id);
  let nextSample = 0;
  const get = async (who: Who, path: string) => {
    const response = await app.request(`${ORIGIN}${path}`, { headers: { origin: ORIGIN, cookie: cookies[who] } });
    if (!response.ok) throw new Error(`${path} at ${tasks} tasks: ${response.status} ${await response.text()}`);
    await response.arrayBuffer();
  };
  const scaled: Scaled = {
    tasks,
    nextSampledTask: () => sampled[nextSample++ % sampled.length],
    get,
    run: (read) =>
      'query' in read
        ? read.query(database.db, new Date())
        : get(read.who, typeof read.path === 'string' ? read.path : read.path(scaled)),
    async close() {
      await context.close();
      await database.close();
    },
  };
  return scaled;
}

async function medianOf(count: number, run: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let index = 0; index < count; index++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return percentile(times, 0.5);
}

/**
 * A database holding `tasks` tasks' worth of data: with BENCH_GROWTH_DATABASE_URL, a copy of the
 * template kept on that server (seeded here the first time); otherwise an empty one that the caller seeds.
 */
async function seededDatabase(postgres: BenchPostgres, tasks: number): Promise<{ url: string; drop(): Promise<void>; seeded: boolean }> {
  const serverUrl = process.env.BENCH_GROWTH_DATABASE_URL;
  if (!serverUrl) return { ...(await postgres.createDatabase()), seeded: false };
  const pg = (await import('pg')).default;
  const admin = async (statement: string, values: unknown[] = []) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      return await client.query(statement, values);
    } finally {
      await client.end();
    }
  };
  const urlOf = (name: string) => {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const template = `bench_growth_${tasks}`;
  if ((await admin('select 1 from pg_database where datname = $1', [template])).rowCount !== 1) {
    const seeding = `${template}_seeding`;
    await admin(`drop database if exists ${seeding} with (force)`);
    await admin(`create database ${seeding}`);
    const database = await openDatabase({ databaseUrl: urlOf(seeding) });
    await seedLoad(database.db, scaleOf(tasks), (line) => console.log(line));
    await database.close();
    await admin(`alter database ${seeding} rename to ${template}`);
  }
  const name = `bench_growth_run_${tasks}_${Date.now().toString(36)}`;
  await admin(`create database ${name} template ${template}`);
  return { url: urlOf(name), drop: () => admin(`drop database if exists ${name} with (force)`).then(() => undefined), seeded: true };
}

export async function benchGrowth(): Promise<BenchRow[]> {
  const postgres: BenchPostgres | { skipped: string } = process.env.BENCH_GROWTH_DATABASE_URL
    ? { createDatabase: () => Promise.reject(new Error('unused')), stop: () => undefined }
    : await startBenchPostgres();
  if ('skipped' in postgres) return [{ name: 'cost as work grows', value: `skipped: ${postgres.skipped}` }];
  const rows: BenchRow[] = [];
  const scaled: Scaled[] = [];
  const drops: Array<() => Promise<void>> = [];
  try {
    for (const tasks of SCALES) {
      const started = performance.now();
      const { url, drop, seeded } = await seededDatabase(postgres, tasks);
      drops.push(drop);
      const database = await openDatabase({ databaseUrl: url });
      if (!seeded) await seedLoad(database.db, scaleOf(tasks), () => undefined);
      const what = seeded ? 'copy the kept' : 'seed';
      rows.push({ name: `${what} ${tasks.toLocaleString('en-US')} tasks (setup, not a figure)`, value: `${((performance.now() - started) / 1000).toFixed(1)} s` });
      scaled.push(await open(database, tasks));
    }
    // Warm every path on every scale (session cache, plans, JIT) before measuring.
    for (const read of READS) for (const scale of scaled) for (let i = 0; i < 5; i++) await scale.run(read);
    const runs = await repeat(REPEATS, async (run) => {
      const medians = new Map<string, number[]>();
      for (const read of READS) {
        const values: number[] = [];
        // The smallest scale, always measured first after a switch of reads, was the slowest in most
        // rows (up to 2x) in the runs of 2026-11-26: the order rotates with each repeat.
        for (let step = 0; step < scaled.length; step++) {
          const index = (step + run) % scaled.length;
          values[index] = await medianOf(REQUESTS, () => scaled[index].run(read));
        }
        medians.set(read.name, values);
      }
      return medians;
    });
    for (const read of READS) {
      for (let index = 1; index < scaled.length; index++) {
        rows.push(
          ratioRow(
            `${read.name}: p50 at ${scaled[index].tasks.toLocaleString('en-US')} vs ${scaled[0].tasks.toLocaleString('en-US')} tasks`,
            runs.map((run) => ({ value: run.get(read.name)![index], reference: run.get(read.name)![0] })),
            { format: ms, goal: '<= 1.5x' },
          ),
        );
      }
    }
    return rows;
  } finally {
    for (const scale of scaled) await scale.close();
    for (const drop of drops) await drop().catch(() => undefined);
    postgres.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rows = await benchGrowth();
  for (const row of rows) console.log(`${row.name.padEnd(80)} ${row.value}`);
}
