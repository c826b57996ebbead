import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { jobs } from '../../db/schema';
import { listOutboxMessages } from '../../providers/outbox/outbox.repository';
import { PaymentProviderError } from '../../providers/payments/payment-provider';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { overrideProvider, localOf } from '../payments/payments.test-helpers';
import { HOUR, intentAt, ledgerOf, moneyTask, notificationTypes, succeededCaptures, taskOf } from './money.test-helpers';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser('admin');
});
afterAll(() => t.close());

/** A provider whose captures fail `failures` times (all of them when Infinity), then go through. */
function flakyCaptures(failures: number) {
  let calls = 0;
  const local = localOf(t);
  return overrideProvider(t, {
    capturePaymentIntent: async (...args: Parameters<typeof local.capturePaymentIntent>) => {
      calls += 1;
      if (calls <= failures) throw new PaymentProviderError('unavailable', 'The provider is down.');
      return local.capturePaymentIntent(...args);
    },
  });
}

const confirm = (taskId: string, cookie: string) => t.request('POST', `/api/tasks/${taskId}/evidence/confirm`, { cookie });
const retryJob = async (intentId: string) => (await t.db.select().from(jobs).where(eq(jobs.key, `capture_retry:${intentId}`)))[0];
/** Moves the clock past the job's next run and runs due jobs. */
async function runRetry(intentId: string) {
  const job = await retryJob(intentId);
  t.clock.set(new Date(job!.run_at.getTime() + 1000));
  await t.context.jobs.runDue();
}

describe('capture retries that need no person', () => {
  it('retries a capture that failed at confirmation until it goes through: one capture, the expert paid, admins told', async () => {
    const task = await moneyTask(t, 'pending_approval');
    const restore = flakyCaptures(3);
    try {
      const confirmed = await confirm(task.taskId, task.client.cookie);
      expect(confirmed.status).toBe(200);
      expect(await t.json(confirmed)).toMatchObject({ payment_failed: true });
      expect(await taskOf(t, task.taskId)).toMatchObject({ status: 'verified', payment_status: 'authorized' });

      await runRetry(task.intentId); // second failure
      expect(await notificationTypes(t, admin.id, task.taskId)).not.toContain('payment_retry_failing');
      await runRetry(task.intentId); // third failure: admins are told
      expect(await notificationTypes(t, admin.id, task.taskId)).toEqual(['payment_retry_failing']);
      const [alert] = await listOutboxMessages(t.db, { channel: 'email', recipient: admin.email, limit: 1 });
      expect(alert?.subject).toContain('A payment keeps failing');
      expect((await retryJob(task.intentId))?.last_error).toContain('The provider is down.');

      await runRetry(task.intentId); // the provider is back
    } finally {
      restore();
    }
    expect(await taskOf(t, task.taskId)).toMatchObject({ status: 'verified', payment_status: 'captured' });
    expect(await succeededCaptures(t, task.taskId)).toBe(1);
    expect((await ledgerOf(t, task.taskId)).map((row) => row.status)).toEqual(['captured']);
    expect((await intentAt(t, task.intentId)).amountCapturedCents).toBe(10_000);
    expect((await notificationTypes(t, task.expert.id, task.taskId)).filter((type) => type === 'payment_captured')).toHaveLength(1);
    const job = await retryJob(task.intentId);
    expect(job).toMatchObject({ attempts: 3, last_error: null });
    expect(job?.done_at).not.toBeNull();

    // Done is done: running again captures nothing more.
    t.clock.advance(HOUR);
    await t.context.jobs.runDue();
    expect(await succeededCaptures(t, task.taskId)).toBe(1);
  });

  it('stops at the hold deadline with the task in a clear state when the provider never succeeds', async () => {
    const task = await moneyTask(t, 'pending_approval');
    const restore = flakyCaptures(Infinity);
    try {
      expect((await confirm(task.taskId, task.client.cookie)).status).toBe(200);
      const deadline = (await taskOf(t, task.taskId)).authorization_hold_expires_at!;
      // Six hours a step: the back-off is at most an hour, so the retry is due at every step.
      for (let step = 0; t.clock.now() < new Date(deadline.getTime() + HOUR) && step < 4 * 10; step += 1) {
        t.clock.advance(6 * HOUR);
        await t.context.jobs.runDue();
      }
    } finally {
      restore();
    }
    expect(await taskOf(t, task.taskId)).toMatchObject({ status: 'payment_lapsed', payment_status: 'unpaid' });
    expect(await succeededCaptures(t, task.taskId)).toBe(0);
    const adminTypes = await notificationTypes(t, admin.id, task.taskId);
    expect(adminTypes).toContain('payment_retry_failing');
    expect(adminTypes).toContain('payment_lapsed');
    expect(await notificationTypes(t, task.expert.id, task.taskId)).toContain('payment_lapsed');
    // The retry stopped itself: nothing is left due or leased for this hold.
    const job = await retryJob(task.intentId);
    expect(job?.done_at).not.toBeNull();
  }, 60_000);
});
