/** A task's status and payment status, and what they mean, apart from the transitions that change them. */

export const TASK_STATUSES = [
  'pending',
  'open',
  'assigned',
  'in_progress',
  'pending_approval',
  'completed',
  'verified',
  'cancelled',
  // Issue 13 (docs/decisions/0111, 0113): a rejected delivery under dispute, and a hold that lapsed.
  'disputed',
  'payment_lapsed',
  // Issue 50 (docs/decisions/0465): the client asked for changes; the expert re-delivers, no review window runs.
  'changes_requested',
  // Issue 50: the expert proved a no-show; the client may contest for 48 hours (docs/decisions/0463).
  'no_access_reported',
] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const PAYMENT_STATUSES = ['unpaid', 'pending', 'authorized', 'captured'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The fields of a task the status machine reads. */
export interface TaskStateFacts {
  status: TaskStatus;
  payment_status: PaymentStatus;
  authorization_hold_expires_at?: Date | string | null;
}

const FINISHED: readonly TaskStatus[] = ['completed', 'verified'];
const CLOSED: readonly TaskStatus[] = ['completed', 'verified', 'cancelled'];

/** completed and verified count as finished. */
export function isFinished(status: TaskStatus): boolean {
  return FINISHED.includes(status);
}

/**
 * Whether a task's authorized hold may be captured in this status: finished work in full or in part,
 * or a cancelled booking's call-out fee, which is always a stated amount (issue 50, decision 0460).
 */
export function isCapturable(status: TaskStatus, stated: { amount?: number | null } = {}): boolean {
  return isFinished(status) || (status === 'cancelled' && typeof stated.amount === 'number');
}

/** Finished or cancelled: chat is read-only, nothing can be edited. */
export function isClosed(status: TaskStatus): boolean {
  return CLOSED.includes(status);
}

/** Evidence review is pending while the task awaits approval or is disputed, otherwise approved. */
export function evidenceReviewStatus(status: TaskStatus): 'pending' | 'approved' {
  return status === 'pending_approval' || status === 'disputed' || status === 'changes_requested' ? 'pending' : 'approved';
}
