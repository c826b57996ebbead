/**
 * Task alerts (issue 19): one client posts tasks among BENCH_ALERT_EXPERTS (default 10,000) payable
 * experts within 100 miles who all turned alerts on. The create-task answer's p99 with alerts (the
 * service enqueues the fan-out job in the task's transaction) is printed against the same create
 * with alerts switched off, measured in the same repeat; the fan-out job itself is timed apart.
 * Run alone: node --import tsx scripts/bench/task-alerts.bench.ts
 */
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { createTaskSchema } from '../../src/shared/schemas/tasks.schemas';
import { openDatabase } from '../../src/server/db/client';
import { systemClock } from '../../src/server/lib/clock';
import { createProximityChecker } from '../../src/server/modules/tasks/proximity.service';
import { createTasksService } from '../../src/server/modules/tasks/tasks.service';
import type { TasksServiceDeps } from '../../src/server/modules/tasks/tasks.deps';
import { fanOutTaskAlerts } from '../../src/server/modules/task-alerts/task-alert-jobs';
import { ms, percentile, ratioRow, repeat, REPEATS, type BenchRow } from './stats';

const EXPERTS = Number(process.env.BENCH_ALERT_EXPERTS ?? 10_000);
const CREATES = 200;
const CLIENT = 'c0000000-0000-0000-0000-000000000001';

export async function benchTaskAlerts(): Promise<BenchRow[]> {
  const database = await openDatabase({ dataDir: 'memory://' });
  const db = database.db;
  try {
    const id = sql.raw(`('e' || lpad(to_hex(g), 31, '0'))::uuid`);
    await db.execute(sql`insert into auth_users (id, name, email, email_verified) values (${CLIENT}, 'Bench Client', 'client@bench.test', true)`);
    await db.execute(sql`insert into profiles (id, first_name, last_name, email, onboarding_completed) values (${CLIENT}, 'Bench', 'Client', 'client@bench.test', true)`);
    await db.execute(sql`insert into auth_users (id, name, email, email_verified)
      select ${id}, 'Bench Expert', 'e' || g || '@bench.test', true from generate_series(1, ${EXPERTS}) g`);
    await db.execute(sql`insert into profiles (id, first_name, last_name, email, onboarding_completed)
      select ${id}, 'Bench', 'Expert', 'e' || g || '@bench.test', true from generate_series(1, ${EXPERTS}) g`);
    // Within ~35 miles of New York: every one of them matches every bench task.
    await db.execute(sql`insert into expert_profiles (id, profile_id, latitude, longitude, verification_status, stripe_onboarding_completed, stripe_account_status)
      select ${id}, ${id}, 40.7128 + (random() - 0.5) * 0.8, -74.006 + (random() - 0.5) * 0.8, 'verified', true, 'active'
      from generate_series(1, ${EXPERTS}) g`);
    await db.execute(sql`insert into user_roles (user_id, role) select ${id}, 'expert' from generate_series(1, ${EXPERTS}) g`);
    await db.execute(sql`insert into task_alert_settings (user_id, enabled) select ${id}, true from generate_series(1, ${EXPERTS}) g`);
    await db.execute(sql`analyze`);

    const base = {
      db,
      clock: systemClock,
      storage: {} as TasksServiceDeps['storage'],
      payments: {} as TasksServiceDeps['payments'],
      proximity: createProximityChecker({ db, geocoder: {} as Parameters<typeof createProximityChecker>[0]['geocoder'] }),
    };
    const withAlerts = createTasksService(base);
    const withoutAlerts = createTasksService({ ...base, taskAlerts: false });
    const input = createTaskSchema.parse({
      title: 'Inspect a used car before purchase',
      description: 'Please inspect the car remotely and send photos and a video of the engine and body.',
      requirements: 'Photos of every side, the engine bay, the tyres and the dashboard.',
      category: 'vehicle',
      urgency: 'medium',
      budget: 15_000,
      location: 'New York, New York, United States',
      latitude: 40.7128,
      longitude: -74.006,
      due_date: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    });
    const timeCreates = async (service: typeof withAlerts) => {
      const times: number[] = [];
      for (let i = 0; i < CREATES; i += 1) {
        const started = performance.now();
        await service.create(CLIENT, input);
        times.push(performance.now() - started);
      }
      return percentile(times, 0.99);
    };
    await timeCreates(withAlerts);
    await timeCreates(withoutAlerts);
    const runs = await repeat(REPEATS, async () => ({ on: await timeCreates(withAlerts), off: await timeCreates(withoutAlerts) }));
    const rows: BenchRow[] = [
      ratioRow(
        `create task p99 among ${EXPERTS.toLocaleString('en-US')} alerted experts vs alerts off`,
        runs.map((run) => ({ value: run.on, reference: run.off })),
        { format: ms, goal: 'ratio <= 1.2' },
      ),
    ];
    // The fan-out job of one task (runs later, on the job runner), against the create it follows.
    const fanOuts = await repeat(REPEATS, async () => {
      const { task } = await withoutAlerts.create(CLIENT, input);
      const createdAt = performance.now();
      await withoutAlerts.create(CLIENT, input);
      const createMs = performance.now() - createdAt;
      const started = performance.now();
      const told = await fanOutTaskAlerts({ db, clock: systemClock }, task.id);
      if (told.instant + told.held !== EXPERTS) throw new Error(`fan-out told ${told.instant + told.held} of ${EXPERTS} experts`);
      return { value: performance.now() - started, reference: createMs };
    });
    rows.push(ratioRow(`fan-out job to ${EXPERTS.toLocaleString('en-US')} experts (off the request path) vs one create`, fanOuts, { format: ms }));
    return rows;
  } finally {
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rows = await benchTaskAlerts();
  for (const row of rows) console.log(`${row.name.padEnd(80)} ${row.value}`);
}
