import { isFinished, type PaymentStatus, type TaskStateFacts, type TaskStatus } from './task-state';

/** The payment hold's expiry, what it allows, and the review window it bounds (docs/decisions/0113). */

function toDate(value: Date | string): Date {
  return value instanceof Date ? value : new Date(value);
}

/** True when the hold has an expiry that has passed (a hold without a known expiry never expires here). */
export function isHoldExpired(
  task: Pick<TaskStateFacts, 'authorization_hold_expires_at'>,
  now: Date,
): boolean {
  const expiresAt = task.authorization_hold_expires_at;
  if (expiresAt === null || expiresAt === undefined) return false;
  const time = toDate(expiresAt).getTime();
  return Number.isNaN(time) || time <= now.getTime();
}

/** Payment is authorized and its hold has not expired. */
export function isPaymentAuthorized(task: TaskStateFacts, now: Date = new Date()): boolean {
  return task.payment_status === 'authorized' && !isHoldExpired(task, now);
}

/** Payment can be captured once the task is completed or verified and the payment is authorized. */
export function canCapturePayment(task: TaskStateFacts, now: Date = new Date()): boolean {
  return isFinished(task.status) && isPaymentAuthorized(task, now);
}

/**
 * The client can authorize payment for an assigned task that is not yet authorized, or whose hold
 * has expired (a fresh authorization replaces it).
 */
export function canAuthorizePayment(task: TaskStateFacts, now: Date = new Date()): boolean {
  // A lapsed hold on work under way is authorized again through the payment dialog (decision 0113).
  if (task.status === 'payment_lapsed') return task.payment_status === 'unpaid' || task.payment_status === 'pending';
  if (task.status !== 'assigned') return false;
  if (task.payment_status === 'unpaid' || task.payment_status === 'pending') return true;
  return task.payment_status === 'authorized' && isHoldExpired(task, now);
}

/** Work not yet paid whose live hold the client may replace with a new one (docs/decisions/0113). */
export const HOLD_REPLACEABLE_STATUSES: readonly TaskStatus[] = ['assigned', 'in_progress', 'pending_approval', 'disputed', 'changes_requested', 'no_access_reported'];

/**
 * The client can place a fresh hold through the payment dialog while the current one is still live;
 * the new hold replaces it and the old one is voided. A lapsed hold goes through canAuthorizePayment.
 */
export function canReplaceHoldThroughDialog(task: TaskStateFacts, now: Date = new Date()): boolean {
  return HOLD_REPLACEABLE_STATUSES.includes(task.status) && isPaymentAuthorized(task, now);
}

/** Payment-status changes outside the task transitions table. */
export const PAYMENT_TRANSITIONS = [
  { from: ['unpaid', 'pending'], to: 'authorized', on: 'card authorized' },
  { from: ['authorized'], to: 'captured', on: 'client verifies and pays (task completed or verified)' },
  { from: ['authorized'], to: 'captured', on: 'the review window ends in silence, or an admin releases a dispute' },
  { from: ['authorized'], to: 'unpaid', on: 'the hold lapsed at the provider (task payment_lapsed, or assigned)' },
  { from: ['unpaid'], to: 'authorized', on: 'a fresh hold re-authorized on a lapsed task' },
] as const satisfies readonly { from: readonly PaymentStatus[]; to: PaymentStatus; on: string }[];

/** When the client's review window should end: the setting's hours, but always before the hold lapses. */
export const REVIEW_WINDOW_HOLD_MARGIN_MS = 60 * 60 * 1000;
export function reviewWindowEnd(submittedAt: Date, windowHours: number, holdExpiresAt: Date | null): Date {
  const byWindow = submittedAt.getTime() + windowHours * 60 * 60 * 1000;
  if (!holdExpiresAt) return new Date(byWindow);
  return new Date(Math.max(submittedAt.getTime(), Math.min(byWindow, holdExpiresAt.getTime() - REVIEW_WINDOW_HOLD_MARGIN_MS)));
}
