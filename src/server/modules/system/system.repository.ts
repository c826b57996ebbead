import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { SystemJobDto } from '@shared/schemas/system.schemas';
import type { Db } from '../../db/client';
import { jobs } from '../../db/schema';
import { DELIVERY_JOB_KINDS } from '../notifications/delivery/delivery-enqueue';
import { RETRY_JOB_KINDS } from '../holds/payment-retries';

const LIST_LIMIT = 50;

const toDto = (row: typeof jobs.$inferSelect): SystemJobDto => ({
  id: row.id,
  kind: row.kind,
  attempts: row.attempts,
  max_attempts: row.max_attempts,
  last_error: row.last_error,
  run_at: row.run_at.toISOString(),
  created_at: row.created_at.toISOString(),
});

const usedUp = and(isNull(jobs.done_at), gte(jobs.attempts, jobs.max_attempts));

/** Jobs that used up their attempts, newest first (partial index jobs_failed_idx). */
export async function listFailedJobs(db: Db): Promise<SystemJobDto[]> {
  const rows = await db.select().from(jobs).where(usedUp).orderBy(desc(jobs.created_at)).limit(LIST_LIMIT);
  return rows.map(toDto);
}

/** Payment retries that failed at least once and are still retried, soonest first (jobs_due_idx). */
export async function listFailingPaymentRetries(db: Db): Promise<SystemJobDto[]> {
  const rows = await db
    .select()
    .from(jobs)
    .where(
      and(
        isNull(jobs.done_at),
        inArray(jobs.kind, Object.values(RETRY_JOB_KINDS)),
        isNotNull(jobs.last_error),
        lt(jobs.attempts, jobs.max_attempts),
      ),
    )
    .orderBy(asc(jobs.run_at))
    .limit(LIST_LIMIT);
  return rows.map(toDto);
}

/** Email and push deliveries that used up their retries, counted by channel. */
export async function countFailedDeliveries(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .select({ kind: jobs.kind, count: sql<number>`count(*)` })
    .from(jobs)
    .where(and(usedUp, inArray(jobs.kind, Object.values(DELIVERY_JOB_KINDS))))
    .groupBy(jobs.kind);
  const counts: Record<string, number> = Object.fromEntries(
    Object.keys(DELIVERY_JOB_KINDS).map((channel) => [channel, 0]),
  );
  for (const row of rows) counts[row.kind.replace('deliver-', '')] = Number(row.count);
  return counts;
}

export async function findJobById(db: Db, id: string) {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row;
}

/**
 * Gives a failed job one more attempt, due now. Conditional on it still being failed, so two admins
 * pressing the button at once give it one attempt, and a job that finished meanwhile is left alone.
 * The job's own handler still applies its guards (a payment retry stops at the hold's deadline).
 */
export async function retryFailedJob(
  db: Db,
  params: { id: string; now: Date },
): Promise<SystemJobDto | undefined> {
  const [row] = await db
    .update(jobs)
    .set({ max_attempts: sql`${jobs.attempts} + 1`, run_at: params.now, locked_until: null })
    .where(and(eq(jobs.id, params.id), usedUp))
    .returning();
  return row ? toDto(row) : undefined;
}
