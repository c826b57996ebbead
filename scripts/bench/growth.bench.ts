/**
 * Cost as work grows (issue 24): the reads a user makes most, on PostgreSQL databases seeded by the
 * load test's seeder (scripts/load/seed.ts) at BENCH_GROWTH_TASKS tasks each (default 10,000,
 * 100,000 and 1,000,000; a tenth as many experts, five messages and one notification per task),
 * printed as ratios of the smallest. The signed-in users' own data is the same size at every scale,
 * so a ratio above 1 is what the rest of the marketplace costs them: goal <= 1.5x each.
 * All databases are open at once and the scales are interleaved in every repeat, so that the
 * machine's load moves them together. Run alone: node --import tsx scripts/bench/growth.bench.ts
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { createApp } from '../../src/server/app';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client';
import { loadEnv } from '../../src/server/env';
import { systemClock } from '../../src/server/lib/clock';
import { createServerContext } from '../../src/server/server-context';
import { cookieOf } from '../load/journeys';
import { CENTRE, type LoadScale } from '../load/scale';
import { seedLoad, uuidOf } from '../load/seed';
import { AUTH_SECRET } from '../load/server';
import { startBenchPostgres } from './postgres';
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
const READS: Array<{ name: string; who: Who; path: string }> = [
  { name: 'task details', who: 'client', path: `/api/tasks/${uuidOf('7', 0)}` },
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
];

interface Scaled {
  tasks: number;
  get(who: Who, path: string): Promise<void>;
  close(): Promise<void>;
}

async function open(database: DatabaseHandle, tasks: number): Promise<Scaled> {
  // Client 2 of the cast is the admin.
  await database.db.execute(sql`insert into user_roles (user_id, role) values (${uuidOf('d', 2)}, 'admin') on conflict do nothing`);
  const env = loadEnv({ NODE_ENV: 'test', AUTH_SECRET, DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-growth-')) });
  const context = await createServerContext({ env, database, clock: systemClock, publicUrl: ORIGIN });
  const app = createApp(context);
  const cookies: Record<Who, string> = { client: cookieOf(1, 'client'), expert: cookieOf(1, 'expert'), admin: cookieOf(2, 'client') };
  return {
    tasks,
    async get(who, path) {
      const response = await app.request(`${ORIGIN}${path}`, { headers: { origin: ORIGIN, cookie: cookies[who] } });
      if (!response.ok) throw new Error(`${path} at ${tasks} tasks: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
    },
    async close() {
      await context.close();
      await database.close();
    },
  };
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

export async function benchGrowth(): Promise<BenchRow[]> {
  const postgres = await startBenchPostgres();
  if ('skipped' in postgres) return [{ name: 'cost as work grows', value: `skipped: ${postgres.skipped}` }];
  const rows: BenchRow[] = [];
  const scaled: Scaled[] = [];
  const drops: Array<() => Promise<void>> = [];
  try {
    for (const tasks of SCALES) {
      const created = await postgres.createDatabase();
      drops.push(created.drop);
      const database = await openDatabase({ databaseUrl: created.url });
      const started = performance.now();
      await seedLoad(database.db, scaleOf(tasks), () => undefined);
      rows.push({ name: `seed ${tasks.toLocaleString('en-US')} tasks (setup, not a figure)`, value: `${((performance.now() - started) / 1000).toFixed(1)} s` });
      scaled.push(await open(database, tasks));
    }
    // Warm every path on every scale (session cache, plans, JIT) before measuring.
    for (const read of READS) for (const scale of scaled) for (let i = 0; i < 5; i++) await scale.get(read.who, read.path);
    const runs = await repeat(REPEATS, async () => {
      const medians = new Map<string, number[]>();
      for (const read of READS) {
        const values: number[] = [];
        for (const scale of scaled) values.push(await medianOf(REQUESTS, () => scale.get(read.who, read.path)));
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
