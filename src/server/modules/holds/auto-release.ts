import { and, eq, lte } from 'drizzle-orm';
import { tasks } from '../../db/schema';
import { finishJobIn } from '../../jobs/jobs.repository';
import type { JobHandler } from '../../jobs/runner';
import { recordAudit } from '../audit/audit.repository';
import { insertNotifications } from '../notifications/notifications.repository';
import { closeDisputeOnConfirm } from '../tasks/task-disputes.repository';
import { taskNotification } from '../tasks/task-notifications';
import { findTaskRow, hoursLeft } from './holds.repository';
import type { MoneyJobDeps } from './money-job-deps';
import { holdNotifications } from './money-notifications';

export const REVIEW_REMINDER_12H_MS = 12 * 60 * 60 * 1000;

/**
 * The client's review window (docs/decisions/0112): reminders at half time and 12 h left, then,
 * in silence, the same change as the client's confirm (pending_approval -> verified, capture
 * authorized) followed by the same capture.
 */
export function createAutoRelease(deps: MoneyJobDeps): Record<string, JobHandler> {
  const { db, clock, payments } = deps;

  const reviewReminder: JobHandler = async (job) => {
    const { taskId, windowEndsAt } = job.payload as { taskId: string; windowEndsAt: string };
    const now = clock.now();
    const task = await findTaskRow(db, taskId);
    if (!task || task.status !== 'pending_approval' || task.review_window_ends_at?.toISOString() !== windowEndsAt) return;
    const end = task.review_window_ends_at;
    if (end <= now) return;
    // The half-time reminder found with 12 h or less left is left to the 12 h one.
    if (job.key.startsWith('review_reminder:half:') && end.getTime() - now.getTime() <= REVIEW_REMINDER_12H_MS) return;
    await db.transaction(async (tx) => {
      await finishJobIn(tx, job, now);
      await insertNotifications(tx, [holdNotifications.reviewReminder(task.client_id, task, hoursLeft(end, now), now)]);
    });
  };

  const autoRelease: JobHandler = async (job) => {
    const { taskId } = job.payload as { taskId: string };
    const now = clock.now();
    const released = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(tasks)
        .set({
          status: 'verified',
          client_capture_authorized_at: now,
          completed_at: now,
          review_window_ends_at: null,
          updated_at: now,
        })
        .where(and(eq(tasks.id, taskId), eq(tasks.status, 'pending_approval'), lte(tasks.review_window_ends_at, now)))
        .returning();
      if (!row) return undefined;
      await closeDisputeOnConfirm(tx, { taskId: row.id, now });
      await insertNotifications(tx, [
        ...(row.expert_id ? [{ ...taskNotification.taskVerified(row.expert_id, row), data: { automatic: true } }] : []),
        holdNotifications.autoReleasedClient(row.client_id, row, now),
      ]);
      await recordAudit(tx, {
        actor_id: null,
        action: 'task.auto_released',
        target_type: 'task',
        target_id: row.id,
        details: { intent_id: row.stripe_payment_intent_id },
        created_at: now,
      });
      return row;
    });
    // The winner captures; a retry (capture failed before) finds the task verified and captures again.
    const task = released ?? (await findTaskRow(db, taskId));
    if (!task || task.status !== 'verified' || task.payment_status !== 'authorized') return;
    const result = await payments.capture(task);
    if (!result.success) throw new Error(result.error ?? 'capture failed');
  };

  return { review_reminder: reviewReminder, auto_release: autoRelease };
}
