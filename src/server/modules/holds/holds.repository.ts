import { and, eq, gt, inArray, isNotNull, lte, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jobs, systemSettings, tasks, userRoles } from '../../db/schema';
import type { TaskRow } from '../payments/payments.repository';
import { DEFAULT_REVIEW_WINDOW_HOURS, reviewWindowHours } from '../tasks/review-window';

/** Queries of the timed money work: hold deadlines, review windows, lapses, re-authorization. */

const HOUR_MS = 60 * 60 * 1000;

export { DEFAULT_REVIEW_WINDOW_HOURS, reviewWindowHours };

export async function setReviewWindowHours(db: Db, hours: number, now: Date): Promise<void> {
  await db.update(systemSettings).set({ review_window_hours: hours, updated_at: now }).where(eq(systemSettings.id, 1));
}

export async function adminIds(db: Db): Promise<string[]> {
  const rows = await db.select({ id: userRoles.user_id }).from(userRoles).where(eq(userRoles.role, 'admin'));
  return rows.map((row) => row.id);
}

const noJob = (key: ReturnType<typeof sql>) =>
  notExists(sql`(select 1 from ${jobs} where ${jobs.key} = ${key})`);

/** Live holds whose deadline is within `withinMs` (or past) and that have no job under `prefix` yet. */
export async function holdsDueFor(
  db: Db,
  params: { now: Date; withinMs: number; prefix: string; limit: number },
): Promise<Pick<TaskRow, 'id' | 'stripe_payment_intent_id' | 'authorization_hold_expires_at'>[]> {
  return db
    .select({
      id: tasks.id,
      stripe_payment_intent_id: tasks.stripe_payment_intent_id,
      authorization_hold_expires_at: tasks.authorization_hold_expires_at,
    })
    .from(tasks)
    .where(
      and(
        eq(tasks.payment_status, 'authorized'),
        isNotNull(tasks.stripe_payment_intent_id),
        lte(tasks.authorization_hold_expires_at, new Date(params.now.getTime() + params.withinMs)),
        noJob(sql`${params.prefix} || ${tasks.stripe_payment_intent_id}`),
      ),
    )
    .limit(params.limit);
}

/** Tasks awaiting review whose window ends within `withinMs`, for reminders and auto-release. */
export async function reviewsEndingWithin(
  db: Db,
  params: { now: Date; withinMs: number; limit: number },
): Promise<Pick<TaskRow, 'id' | 'submitted_at' | 'review_window_ends_at'>[]> {
  return db
    .select({ id: tasks.id, submitted_at: tasks.submitted_at, review_window_ends_at: tasks.review_window_ends_at })
    .from(tasks)
    .where(
      and(
        eq(tasks.status, 'pending_approval'),
        isNotNull(tasks.review_window_ends_at),
        lte(tasks.review_window_ends_at, new Date(params.now.getTime() + params.withinMs)),
      ),
    )
    .limit(params.limit);
}

export async function findTaskRow(db: Db, taskId: string): Promise<TaskRow | undefined> {
  const [row] = await db.select().from(tasks).where(eq(tasks.id, taskId));
  return row;
}

/**
 * The hold lapsed: an assigned task goes back to waiting for payment (the payment dialog), a task
 * with work under way moves to payment_lapsed; both keep the saved payment method for a new hold.
 * Conditional on the lapsed intent still being the task's authorized one, so it happens once.
 */
export async function markHoldLapsed(
  db: Db,
  params: { taskId: string; intentId: string; now: Date; lapseFrom: readonly TaskRow['status'][] },
): Promise<TaskRow | undefined> {
  const where = and(
    eq(tasks.id, params.taskId),
    eq(tasks.stripe_payment_intent_id, params.intentId),
    eq(tasks.payment_status, 'authorized'),
    lte(tasks.authorization_hold_expires_at, params.now),
  );
  const [assigned] = await db
    .update(tasks)
    .set({ payment_status: 'unpaid', stripe_payment_intent_id: null, authorization_hold_expires_at: null, updated_at: params.now })
    .where(and(where, eq(tasks.status, 'assigned')))
    .returning();
  if (assigned) return assigned;
  const [lapsed] = await db
    .update(tasks)
    .set({
      status: 'payment_lapsed',
      payment_status: 'unpaid',
      stripe_payment_intent_id: null,
      authorization_hold_expires_at: null,
      review_window_ends_at: null,
      updated_at: params.now,
    })
    .where(and(where, inArray(tasks.status, [...params.lapseFrom])))
    .returning();
  return lapsed;
}

/**
 * Puts a fresh hold on the task in place of `previousIntentId` (null: the task's hold lapsed).
 * A lapsed task returns to `restoreStatus`. Exactly one caller wins.
 */
export async function swapInNewHold(
  db: Db,
  params: {
    taskId: string;
    previousIntentId: string | null;
    intentId: string;
    paymentMethodId: string | null;
    holdExpiresAt: Date | null;
    restoreStatus?: TaskRow['status'];
    reviewWindowEndsAt?: Date | null;
    now: Date;
  },
): Promise<TaskRow | undefined> {
  const [row] = await db
    .update(tasks)
    .set({
      stripe_payment_intent_id: params.intentId,
      stripe_payment_method_id: params.paymentMethodId,
      authorization_hold_expires_at: params.holdExpiresAt,
      payment_status: 'authorized',
      ...(params.restoreStatus ? { status: params.restoreStatus } : {}),
      ...(params.reviewWindowEndsAt !== undefined ? { review_window_ends_at: params.reviewWindowEndsAt } : {}),
      updated_at: params.now,
    })
    .where(
      and(
        eq(tasks.id, params.taskId),
        params.previousIntentId === null
          ? and(eq(tasks.status, 'payment_lapsed'), eq(tasks.payment_status, 'unpaid'))
          : and(
              eq(tasks.stripe_payment_intent_id, params.previousIntentId),
              eq(tasks.payment_status, 'authorized'),
              gt(tasks.authorization_hold_expires_at, params.now),
            ),
      ),
    )
    .returning();
  return row;
}

export const hoursLeft = (deadline: Date, now: Date) => Math.max(0, Math.round((deadline.getTime() - now.getTime()) / HOUR_MS));
