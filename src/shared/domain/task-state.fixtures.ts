import type { PaymentStatus, TaskStatus } from './task-state';

/** The clock and task facts the status, hold and permissions tests share. */

export const NOW = new Date('2025-06-01T12:00:00Z');
/** A hold expiry after NOW (still live) and one before it (lapsed). */
export const LATER = '2025-06-05T12:00:00Z';
export const EARLIER = '2025-05-30T12:00:00Z';

export const task = (
  status: TaskStatus,
  payment_status: PaymentStatus = 'unpaid',
  expires: string | null = null,
) => ({
  status,
  payment_status,
  authorization_hold_expires_at: expires,
});
