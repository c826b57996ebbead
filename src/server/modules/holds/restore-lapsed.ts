import { and, eq } from 'drizzle-orm';
import { reviewWindowEnd, type TaskStatus } from '@shared/domain/task-status';
import type { Db } from '../../db/client';
import { tasks } from '../../db/schema';
import type { TaskRow } from '../payments/payments.repository';
import { findOpenDispute } from '../tasks/task-disputes.repository';
import { openChangeRequest } from '../evidence/change-requests.repository';
import { reviewWindowHours } from './holds.repository';

/** Where a lapsed task goes back to once a new hold exists: its dispute, its review, or the work. */
export async function restoreTargetOf(db: Db, task: Pick<TaskRow, 'id' | 'submitted_at'>): Promise<TaskStatus> {
  if (await findOpenDispute(db, task.id)) return 'disputed';
  // Issue 50: changes were asked and not yet delivered: back to the expert, with no review window.
  if (await openChangeRequest(db, { taskId: task.id })) return 'changes_requested';
  return task.submitted_at ? 'pending_approval' : 'in_progress';
}

/**
 * A payment_lapsed task whose new hold was authorized through the payment dialog goes back to where
 * it was (decision 0113); a review starts a new window. Conditional, so it happens once.
 */
export async function restoreLapsedTask(db: Db, task: TaskRow, now: Date): Promise<TaskRow> {
  const status = await restoreTargetOf(db, task);
  const [row] = await db
    .update(tasks)
    .set({
      status,
      ...(status === 'pending_approval'
        ? { review_window_ends_at: reviewWindowEnd(now, await reviewWindowHours(db), task.authorization_hold_expires_at) }
        : {}),
      updated_at: now,
    })
    .where(and(eq(tasks.id, task.id), eq(tasks.status, 'payment_lapsed')))
    .returning();
  return row ?? task;
}
