import { eq, sql } from 'drizzle-orm';
import { formatDistanceMiles } from '@shared/domain/geo';
import { formatUsd } from '@shared/domain/money';
import { format } from '@shared/format-message';
import { reachMessages as reachText } from '@shared/messages/reach';
import { TASK_ALERT_HOURLY_CAP } from '@shared/schemas/task-alerts.schemas';
import type { Db } from '../../db/client';
import { jobs, tasks } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { finishJobIn, type JobRow } from '../../jobs/jobs.repository';
import type { JobModule } from '../../jobs/registry';
import type { JobHandler } from '../../jobs/runner';
import { insertNotifications, type NewNotification } from '../notifications/notifications.repository';
import { findExpertsToAlert, recordTaskAlerts, takeDigestAlerts } from './task-alerts.repository';

export const TASK_ALERT_JOB_KINDS = {
  fanOut: 'task-alerts',
  chunk: 'task-alerts-chunk',
  digest: 'task-alert-digest',
} as const;
const HOUR_MS = 60 * 60 * 1000;

/**
 * Inserts a new task and enqueues its fan-out job in ONE statement (a data-modifying CTE): the task
 * and its job commit together, so the client's "Create Task" answer never waits for the fan-out (the
 * bench measures this), and without the BEGIN and COMMIT round trips of a transaction, which made the
 * create with alerts a third slower than without. `values.id`
 * is chosen by the caller, so that the job's key and payload can name the task.
 */
export async function insertTaskWithAlertJob(
  db: Db,
  values: typeof tasks.$inferInsert & { id: string },
  now: Date,
): Promise<typeof tasks.$inferSelect> {
  const at = now.toISOString();
  const job = db.$with('task_alert_job', {}).as(
    sql`insert into ${jobs} (kind, key, payload, run_at, max_attempts, created_at)
      values (${TASK_ALERT_JOB_KINDS.fanOut}, ${`task-alerts:${values.id}`}, ${JSON.stringify({ taskId: values.id })}::jsonb,
        ${at}::timestamptz, 5, ${at}::timestamptz)
      on conflict (key) do nothing`,
  );
  const [row] = await db.with(job).insert(tasks).values(values).returning();
  return row!;
}

/** The hour an expert's digest covers: the one in which their alert was held back. */
const digestKey = (expertId: string, now: Date) =>
  `task-alert-digest:${expertId}:${Math.floor(now.getTime() / HOUR_MS)}`;

/**
 * Experts per fan-out transaction. On the embedded database (one connection) a statement blocks every
 * request of the process while it runs: one transaction for 10,000 experts held a "Create Task" for
 * over a second. A chunk of a few hundred holds it for tens of milliseconds, and the runner yields
 * between jobs (decision 0340).
 */
export const TASK_ALERT_CHUNK = 250;

type Matched = Array<{ expert_id: string; miles: number }>;

/**
 * Alerts the matching experts of one task. Idempotent: a re-run after a crash finds the alerts
 * already recorded (primary key) and tells nobody twice. Up to `chunkSize` experts are alerted
 * here; more are split into chained chunk jobs (keyed by task and chunk, so a re-run of this job
 * enqueues nothing twice), each of which alerts its own experts in its own short transaction.
 */
export async function fanOutTaskAlerts(
  deps: { db: Db; clock: Clock },
  taskId: string,
  job?: Pick<JobRow, 'id' | 'key'>,
  chunkSize = TASK_ALERT_CHUNK,
): Promise<{ instant: number; held: number; chunks: number }> {
  const [task] = await deps.db.select().from(tasks).where(eq(tasks.id, taskId));
  // A task already taken, cancelled or deleted is no news to anyone.
  if (!task || task.status !== 'open') return { instant: 0, held: 0, chunks: 0 };
  const matched = await findExpertsToAlert(deps.db, task);
  if (matched.length <= chunkSize) return { ...(await alertExperts(deps, task, matched, job)), chunks: 0 };
  const now = deps.clock.now();
  const values: Array<typeof jobs.$inferInsert> = [];
  for (let start = 0; start < matched.length; start += chunkSize) {
    values.push({
      kind: TASK_ALERT_JOB_KINDS.chunk,
      key: `task-alerts:${taskId}:${start / chunkSize}`,
      // [expert id, miles]: the distance the search measured, so a chunk needs no second search.
      payload: { taskId, experts: matched.slice(start, start + chunkSize).map((row) => [row.expert_id, row.miles]) },
      run_at: now,
      created_at: now,
      max_attempts: 5,
    });
  }
  await deps.db.transaction(async (tx) => {
    await tx.insert(jobs).values(values).onConflictDoNothing({ target: jobs.key });
    if (job) await finishJobIn(tx, job, now);
  });
  return { instant: 0, held: 0, chunks: values.length };
}

/** One chunk job of a split fan-out: the task is checked again, since it may have been taken meanwhile. */
export async function alertTaskChunk(
  deps: { db: Db; clock: Clock },
  payload: { taskId: string; experts: Array<[string, number]> },
  job?: Pick<JobRow, 'id' | 'key'>,
): Promise<{ instant: number; held: number }> {
  const [task] = await deps.db.select().from(tasks).where(eq(tasks.id, payload.taskId));
  const matched = task?.status === 'open' ? payload.experts.map(([expert_id, miles]) => ({ expert_id, miles })) : [];
  return alertExperts(deps, task, matched, job);
}

/**
 * Records and sends the alerts of some experts of one task in one transaction. Instant alerts
 * become notifications (and, through them, email and push per the "Task alerts" preferences); the
 * ones over the hourly cap are held for one digest at the end of the hour.
 */
async function alertExperts(
  deps: { db: Db; clock: Clock },
  task: typeof tasks.$inferSelect | undefined,
  matched: Matched,
  job?: Pick<JobRow, 'id' | 'key'>,
): Promise<{ instant: number; held: number }> {
  const milesOf = new Map(matched.map((row) => [row.expert_id, row.miles]));
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    if (!task || milesOf.size === 0) {
      if (job) await finishJobIn(tx, job, now);
      return { instant: 0, held: 0 };
    }
    const recorded = await recordTaskAlerts(tx, {
      taskId: task.id,
      expertIds: [...milesOf.keys()],
      now,
      cap: TASK_ALERT_HOURLY_CAP,
    });
    const instant = recorded.filter((row) => row.instant);
    const held = recorded.filter((row) => !row.instant);
    const rows: NewNotification[] = instant.map((row) => ({
      user_id: row.expert_id,
      type: 'task_alert',
      title: reachText.taskAlertTitle,
      message: format(reachText.taskAlert, {
        title: task.title,
        miles: formatDistanceMiles(milesOf.get(row.expert_id) ?? 0),
        budget: formatUsd(task.budget),
      }),
      task_id: task.id,
      data: { task_id: task.id },
    }));
    await insertNotifications(tx, rows);
    if (held.length > 0) {
      const runAt = new Date((Math.floor(now.getTime() / HOUR_MS) + 1) * HOUR_MS);
      await tx
        .insert(jobs)
        .values(
          held.map((row) => ({
            kind: TASK_ALERT_JOB_KINDS.digest,
            key: digestKey(row.expert_id, now),
            payload: { expertId: row.expert_id },
            run_at: runAt,
            created_at: now,
            max_attempts: 5,
          })),
        )
        .onConflictDoNothing({ target: jobs.key });
    }
    if (job) await finishJobIn(tx, job, now);
    return { instant: instant.length, held: held.length };
  });
}

/** One notification for the alerts held back in an hour ("5 more tasks near you"). */
export async function sendTaskAlertDigest(
  deps: { db: Db; clock: Clock },
  expertId: string,
  job?: Pick<JobRow, 'id' | 'key'>,
): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const count = await takeDigestAlerts(tx, { expertId, now: deps.clock.now() });
    if (count > 0) {
      await insertNotifications(tx, [
        {
          user_id: expertId,
          type: 'task_alert_digest',
          title: reachText.taskAlertDigestTitle,
          message: format(reachText.taskAlertDigest, { count }),
          data: { count },
        },
      ]);
    }
    if (job) await finishJobIn(tx, job, deps.clock.now());
    return count;
  });
}

export function createTaskAlertHandlers(deps: { db: Db; clock: Clock }): Record<string, JobHandler> {
  return {
    [TASK_ALERT_JOB_KINDS.fanOut]: async (job) =>
      void (await fanOutTaskAlerts(deps, (job.payload as { taskId: string }).taskId, job)),
    [TASK_ALERT_JOB_KINDS.chunk]: async (job) =>
      void (await alertTaskChunk(deps, job.payload as { taskId: string; experts: Array<[string, number]> }, job)),
    [TASK_ALERT_JOB_KINDS.digest]: async (job) =>
      void (await sendTaskAlertDigest(deps, (job.payload as { expertId: string }).expertId, job)),
  };
}

/** Issue 19: task alerts for nearby experts and their hourly digest (jobs/registry.ts). */
export function taskAlertJobs(deps: { db: Db; clock: Clock }): JobModule {
  return {
    name: 'task alerts',
    handlers: createTaskAlertHandlers(deps),
    // Task alerts count an expert's alerts this hour and then send (a read, then a write): one chunk
    // at a time keeps two chunks from passing the hourly cap together.
    kindLimits: { [TASK_ALERT_JOB_KINDS.fanOut]: 1, [TASK_ALERT_JOB_KINDS.chunk]: 1, [TASK_ALERT_JOB_KINDS.digest]: 1 },
  };
}
