import { describe, expect, it } from 'vitest';
import {
  canAuthorizePayment,
  canCapturePayment,
  canReplaceHoldThroughDialog,
  isHoldExpired,
  isPaymentAuthorized,
  reviewWindowEnd,
} from './payment-hold';
import { PAYMENT_STATUSES, TASK_STATUSES } from './task-state';
import { EARLIER, LATER, NOW, task } from './task-state.fixtures';


describe('the review window (fake clock)', () => {
  const submitted = new Date('2025-06-01T12:00:00Z');
  const hours = (n: number) => n * 60 * 60 * 1000;
  it('lasts the setting when the hold outlives it', () => {
    const hold = new Date(submitted.getTime() + hours(24 * 7));
    expect(reviewWindowEnd(submitted, 72, hold)).toEqual(new Date(submitted.getTime() + hours(72)));
  });
  it('always ends before the hold lapses (an hour before)', () => {
    const hold = new Date(submitted.getTime() + hours(30));
    expect(reviewWindowEnd(submitted, 72, hold)).toEqual(new Date(submitted.getTime() + hours(29)));
  });
  it('never ends before the submission, and without a known hold is the setting', () => {
    expect(reviewWindowEnd(submitted, 72, new Date(submitted.getTime() + hours(0.5)))).toEqual(submitted);
    expect(reviewWindowEnd(submitted, 12, null)).toEqual(new Date(submitted.getTime() + hours(12)));
  });
});

describe('payment state', () => {
  it('treats a hold as expired at or after its expiry, never without one', () => {
    expect(isHoldExpired({ authorization_hold_expires_at: null }, NOW)).toBe(false);
    expect(isHoldExpired({ authorization_hold_expires_at: undefined }, NOW)).toBe(false);
    expect(isHoldExpired({ authorization_hold_expires_at: LATER }, NOW)).toBe(false);
    expect(isHoldExpired({ authorization_hold_expires_at: new Date(LATER) }, NOW)).toBe(false);
    expect(isHoldExpired({ authorization_hold_expires_at: EARLIER }, NOW)).toBe(true);
    expect(isHoldExpired({ authorization_hold_expires_at: NOW.toISOString() }, NOW)).toBe(true);
    expect(isHoldExpired({ authorization_hold_expires_at: 'not a date' }, NOW)).toBe(true);
  });

  it('counts only an authorized, unexpired payment as authorized', () => {
    expect(isPaymentAuthorized(task('assigned', 'authorized', LATER), NOW)).toBe(true);
    expect(isPaymentAuthorized(task('assigned', 'authorized', EARLIER), NOW)).toBe(false);
    expect(isPaymentAuthorized(task('assigned', 'captured'), NOW)).toBe(false);
    expect(isPaymentAuthorized(task('assigned', 'unpaid'), NOW)).toBe(false);
  });

  it('captures only finished tasks with an authorized payment', () => {
    for (const status of TASK_STATUSES) {
      for (const payment of PAYMENT_STATUSES) {
        const expected = ['completed', 'verified'].includes(status) && payment === 'authorized';
        expect(canCapturePayment(task(status, payment), NOW)).toBe(expected);
      }
    }
    expect(canCapturePayment(task('verified', 'authorized', EARLIER), NOW)).toBe(false);
  });

  it('authorizes assigned tasks that are unpaid, pending or whose hold expired', () => {
    for (const status of TASK_STATUSES) {
      for (const payment of PAYMENT_STATUSES) {
        const expected = (status === 'assigned' || status === 'payment_lapsed') && (payment === 'unpaid' || payment === 'pending');
        expect(canAuthorizePayment(task(status, payment, LATER), NOW)).toBe(expected);
      }
    }
    expect(canAuthorizePayment(task('assigned', 'authorized', EARLIER), NOW)).toBe(true);
  });

  it('replaces a live hold through the dialog only on unpaid work, never once it lapsed (fake clock)', () => {
    for (const status of TASK_STATUSES) {
      for (const payment of PAYMENT_STATUSES) {
        const expected =
          ['assigned', 'in_progress', 'pending_approval', 'disputed', 'changes_requested', 'no_access_reported'].includes(status) && payment === 'authorized';
        expect(canReplaceHoldThroughDialog(task(status, payment, LATER), NOW)).toBe(expected);
      }
    }
    const deadline = new Date(LATER);
    expect(canReplaceHoldThroughDialog(task('in_progress', 'authorized', LATER), new Date(deadline.getTime() - 1))).toBe(true);
    expect(canReplaceHoldThroughDialog(task('in_progress', 'authorized', LATER), deadline)).toBe(false);
  });
});
