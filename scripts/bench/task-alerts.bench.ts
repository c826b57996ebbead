/**
 * Task alerts (issue 19): "Alerting 10,000 nearby experts must not slow the client's Create Task
 * answer". BENCH_ALERT_EXPERTS (default 10,000) payable experts near New York all match every New
 * York task. Three create-task p99s, each against the same creates with alerts switched off and
 * nothing else running, measured in the same repeat:
 * - the create alone (it enqueues the fan-out job in the task's transaction), on and off alternated;
 * - creates posted while the fan-out of a New York task runs in the same process, as the job
 *   runner runs it: in chunk jobs of TASK_ALERT_CHUNK experts (decision 0340), and, for comparison,
 *   in one transaction as before. The embedded database has one connection, so whatever the
 *   fan-out holds, a create waits for. The timed creates are posted in Los Angeles (same code path,
 *   no one to alert there) so that they add no fan-out of their own.
 * Run alone: node --import tsx scripts/bench/task-alerts.bench.ts
 */
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { createTaskSchema, type CreateTaskInput } from '../../src/shared/schemas/tasks.schemas';
import { openDatabase } from '../../src/server/db/client';
import { systemClock } from '../../src/server/lib/clock';
import { createProximityChecker } from '../../src/server/modules/geo/proximity.service';
import { createTasksService } from '../../src/server/modules/tasks/tasks.service';
import type { TasksServiceDeps } from '../../src/server/modules/tasks/tasks.deps';
import { taskReviewReads } from '../../src/server/modules/reviews/task-review-reads';
import { changeRoundsOf } from '../../src/server/modules/evidence/change-requests.repository';
import { alertTaskChunk, fanOutTaskAlerts, TASK_ALERT_CHUNK, TASK_ALERT_JOB_KINDS } from '../../src/server/modules/task-alerts/task-alert-jobs';
import { seedAlertedExperts } from '../../src/server/modules/task-alerts/task-alerts.seed';
import { ms, percentile, ratioRow, repeat, REPEATS, type BenchRow } from './stats';

const EXPERTS = Number(process.env.BENCH_ALERT_EXPERTS ?? 10_000);
const CREATES = Number(process.env.BENCH_ALERT_CREATES ?? 200);
const CLIENT = 'c0000000-0000-0000-0000-000000000001';
const NEW_YORK = { latitude: 40.7128, longitude: -74.006, location: 'New York, New York, United States' };
const LOS_ANGELES = { latitude: 34.0522, longitude: -118.2437, location: 'Los Angeles, California, United States' };

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function benchTaskAlerts(): Promise<BenchRow[]> {
  // In a worker thread, as the server runs it (decision 0102): on this thread a statement would
  // also block the event loop, and no create could even start while the fan-out runs.
  const database = await openDatabase({ dataDir: 'memory://', pgliteThread: 'worker' });
  const db = database.db;
  try {
    await db.execute(sql`insert into auth_users (id, name, email, email_verified) values (${CLIENT}, 'Bench Client', 'client@bench.test', true)`);
    await db.execute(sql`insert into profiles (id, first_name, last_name, email, onboarding_completed) values (${CLIENT}, 'Bench', 'Client', 'client@bench.test', true)`);
    // Within ~35 miles of New York: every one of them matches every New York task.
    await seedAlertedExperts(db, { count: EXPERTS, ...NEW_YORK, prefix: 'e' });
    // A few in Los Angeles, so that tasks may be posted there (the proximity check).
    await seedAlertedExperts(db, { count: 3, ...LOS_ANGELES, prefix: 'f', spreadDegrees: 0.1 });
    await db.execute(sql`analyze`);

    const base = {
      db,
      clock: systemClock,
      storage: {} as TasksServiceDeps['storage'],
      payments: {} as TasksServiceDeps['payments'],
      proximity: createProximityChecker({ db, geocoder: {} as Parameters<typeof createProximityChecker>[0]['geocoder'] }),
      reviews: taskReviewReads,
      changeRoundsOf,
    };
    const withAlerts = createTasksService(base);
    const withoutAlerts = createTasksService({ ...base, taskAlerts: false });
    const inputAt = (place: typeof NEW_YORK): CreateTaskInput =>
      createTaskSchema.parse({
        title: 'Inspect a used car before purchase',
        description: 'Please inspect the car remotely and send photos and a video of the engine and body.',
        requirements: 'Photos of every side, the engine bay, the tyres and the dashboard.',
        category: 'vehicle',
        urgency: 'medium',
        budget: 15_000,
        ...place,
        due_date: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      });
    const newYork = inputAt(NEW_YORK);
    const losAngeles = inputAt(LOS_ANGELES);
    const timeCreate = async (service: typeof withAlerts, input: CreateTaskInput) => {
      const started = performance.now();
      await service.create(CLIENT, input);
      return performance.now() - started;
    };
    /** Creates with alerts on and off alternated, so that drift and noise fall on both alike. */
    const alternate = async () => {
      const on: number[] = [];
      const off: number[] = [];
      for (let i = 0; i < CREATES; i += 1) {
        on.push(await timeCreate(withAlerts, newYork));
        off.push(await timeCreate(withoutAlerts, newYork));
      }
      return { value: percentile(on, 0.99), reference: percentile(off, 0.99) };
    };
    /** The fan-out job of a task as the runner runs it: each job its own transaction, the loop yielded between jobs. */
    const runFanOut = async (taskId: string, chunkSize: number) => {
      const started = performance.now();
      const first = await fanOutTaskAlerts({ db, clock: systemClock }, taskId, undefined, chunkSize);
      let told = first.instant + first.held;
      const chunks = await db.execute(sql`select payload from jobs where kind = ${TASK_ALERT_JOB_KINDS.chunk} and key like ${`task-alerts:${taskId}:%`}`);
      for (const row of (chunks as unknown as { rows: Array<{ payload: { taskId: string; experts: Array<[string, number]> } }> }).rows) {
        await yieldToLoop();
        const result = await alertTaskChunk({ db, clock: systemClock }, row.payload);
        told += result.instant + result.held;
      }
      if (told !== EXPERTS) throw new Error(`fan-out told ${told} of ${EXPERTS} experts`);
      return performance.now() - started;
    };
    /** Creates posted one after another while a New York task's fan-out runs; then as many with alerts off and nothing running. */
    const duringFanOut = async (chunkSize: number) => {
      const { task } = await withAlerts.create(CLIENT, newYork);
      let done = false;
      const fanOut = runFanOut(task.id, chunkSize).finally(() => {
        done = true;
      });
      const during: number[] = [];
      while (!done || during.length < 20) {
        await yieldToLoop();
        during.push(await timeCreate(withAlerts, losAngeles));
      }
      const fanOutMs = await fanOut;
      const idle: number[] = [];
      for (let i = 0; i < during.length; i += 1) idle.push(await timeCreate(withoutAlerts, losAngeles));
      return { value: percentile(during, 0.99), reference: percentile(idle, 0.99), fanOutMs, creates: during.length };
    };

    await alternate();
    const runs = await repeat(REPEATS, async () => ({
      alone: await alternate(),
      chunked: await duringFanOut(TASK_ALERT_CHUNK),
      single: await duringFanOut(Number.POSITIVE_INFINITY),
    }));
    const n = EXPERTS.toLocaleString('en-US');
    return [
      ratioRow(`create task p99 among ${n} alerted experts vs alerts off`, runs.map((run) => run.alone), { format: ms, goal: 'ratio <= 1.2' }),
      ratioRow(`create p99 while a ${n}-expert fan-out runs in chunk jobs vs alerts off, idle`, runs.map((run) => run.chunked), { format: ms }),
      ratioRow(`create p99 while a ${n}-expert fan-out runs in one transaction (before) vs idle`, runs.map((run) => run.single), { format: ms }),
      ratioRow(
        `fan-out to ${n} experts in chunk jobs (off the request path) vs in one transaction`,
        runs.map((run) => ({ value: run.chunked.fanOutMs, reference: run.single.fanOutMs })),
        { format: ms },
      ),
    ];
  } finally {
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rows = await benchTaskAlerts();
  for (const row of rows) console.log(`${row.name.padEnd(80)} ${row.value}`);
}
