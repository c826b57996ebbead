import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskAppointments } from '../../db/schema';
import { findJob } from '../../jobs/jobs.repository';
import { PaymentProviderError } from '../../providers/payments/payment-provider';
import { createTestApp, type TestApp } from '../../test/test-app';
import { localOf, overrideProvider } from '../payments/payments.test-helpers';
import { createTaskPayments } from '../payments/task-payments';
import { reconcilePayments } from '../reconciliation/reconcile';
import { intentAt, ledgerOf, moneyTask, succeededCaptures, taskOf, type MoneyTask } from './money.test-helpers';

/**
 * A late cancel's call-out fee when the provider fails (issue 50, decision 0460): the capture job
 * written with the cancel makes it later, and the reconciler neither voids the hold it is owed from
 * nor calls the captured fee drift.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const HOUR = 3_600_000;
const reconcile = () =>
  reconcilePayments({ db: t.db, clock: t.clock, provider: () => t.providers.payments, payments: createTaskPayments(t.context) });

/** A $100 booking under way, hired two hours ago, the visit agreed three hours from now. */
async function lateBooking(): Promise<MoneyTask> {
  const task = await moneyTask(t, 'in_progress');
  t.clock.advance(2 * HOUR);
  const now = t.clock.now();
  const start = new Date(now.getTime() + 3 * HOUR);
  await t.db.insert(taskAppointments).values({ task_id: task.taskId, agreed_start: start, agreed_end: new Date(start.getTime() + HOUR), created_at: now, updated_at: now });
  return task;
}

const cancelLate = (task: MoneyTask) =>
  t.request('POST', `/api/tasks/${task.taskId}/cancel`, { cookie: task.client.cookie, body: { reason: 'plans_changed' } });

describe('a call-out fee the provider did not take at once', () => {
  it('is captured by its job, never voided by the reconciler', async () => {
    const task = await lateBooking();
    const restore = overrideProvider(t, {
      capturePaymentIntent: async () => {
        throw new PaymentProviderError('unavailable', 'The provider is down.');
      },
    });
    try {
      expect((await cancelLate(task)).status).toBe(200);
    } finally {
      restore();
    }
    expect(await taskOf(t, task.taskId)).toMatchObject({ status: 'cancelled', payment_status: 'authorized' });
    t.clock.advance(60_000);
    const run = await reconcile();
    expect(run.findings.filter((finding) => finding.task_id === task.taskId)).toEqual([]);
    expect(await findJob(t.db, `void_retry:${task.intentId}`)).toBeUndefined();

    await t.context.jobs.runDue();
    expect(await taskOf(t, task.taskId)).toMatchObject({ status: 'cancelled', payment_status: 'captured' });
    expect(await intentAt(t, task.intentId)).toMatchObject({ status: 'succeeded', amountCapturedCents: 2_500 });
    expect(await ledgerOf(t, task.taskId)).toEqual([expect.objectContaining({ amount: 2_500, platform_fee: 250, status: 'captured' })]);
    expect(await succeededCaptures(t, task.taskId)).toBe(1);
  });

  it('is recorded by the reconciler, with its own amount, when the answer was lost', async () => {
    const task = await lateBooking();
    const local = localOf(t);
    const restore = overrideProvider(t, {
      capturePaymentIntent: async (id: string, options: { idempotencyKey: string; amountCents?: number; applicationFeeCents?: number }) => {
        await local.capturePaymentIntent(id, options);
        throw new PaymentProviderError('unavailable', 'The connection was reset.');
      },
      retrievePaymentIntent: async () => {
        throw new PaymentProviderError('unavailable', 'The provider is down.');
      },
    });
    try {
      expect((await cancelLate(task)).status).toBe(200);
    } finally {
      restore();
    }
    expect(await taskOf(t, task.taskId)).toMatchObject({ payment_status: 'authorized' });
    expect(await intentAt(t, task.intentId)).toMatchObject({ status: 'succeeded', amountCapturedCents: 2_500 });
    t.clock.advance(60_000);
    const run = await reconcile();
    expect(run.findings).toContainEqual(expect.objectContaining({ task_id: task.taskId, kind: 'capture_not_recorded', repaired: true }));
    expect(await taskOf(t, task.taskId)).toMatchObject({ status: 'cancelled', payment_status: 'captured' });
    expect(await ledgerOf(t, task.taskId)).toEqual([expect.objectContaining({ amount: 2_500, platform_fee: 250, status: 'captured' })]);
    // Its job, due later, finds the work done.
    await t.context.jobs.runDue();
    expect((await findJob(t.db, `capture_retry:${task.intentId}`))?.done_at).not.toBeNull();
    expect((await intentAt(t, task.intentId)).amountCapturedCents).toBe(2_500);
  });
});
