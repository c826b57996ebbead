import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import { jobs } from '../../db/schema';
import { PaymentProviderError } from '../../providers/payments/payment-provider';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { localOf, overrideProvider } from '../payments/payments.test-helpers';
import { ledgerOf, moneyTask, notificationTypes } from '../holds/money.test-helpers';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser('admin');
});
afterAll(() => t.close());

/** A provider whose refunds fail `failures` times, then go through; counts the refunds it made. */
function flakyRefunds(failures: number) {
  let calls = 0;
  const made = new Set<string>();
  const local = localOf(t);
  const restore = overrideProvider(t, {
    refundPayment: async (...args: Parameters<typeof local.refundPayment>) => {
      calls += 1;
      if (calls <= failures) throw new PaymentProviderError('unavailable', 'The provider is down.');
      const refund = await local.refundPayment(...args);
      made.add(refund.id);
      return refund;
    },
  });
  return { restore, made };
}

async function capturedTransaction() {
  const task = await moneyTask(t, 'pending_approval');
  await t.request('POST', `/api/tasks/${task.taskId}/evidence/confirm`, { cookie: task.client.cookie });
  const [row] = await ledgerOf(t, task.taskId);
  return { task, row: row! };
}
const refund = (id: string, body: unknown) =>
  t.request('POST', `/api/admin/transactions/${id}/refund`, { cookie: admin.cookie, body });
const retryJobOf = async (transactionId: string, key: string) =>
  (
    await t.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `refund_retry:${transactionId}:${key}`))
  )[0];
async function runRetry(transactionId: string, key: string) {
  const job = await retryJobOf(transactionId, key);
  t.clock.set(new Date(job!.run_at.getTime() + 1000));
  await t.context.jobs.runDue();
}

describe('refund retries that need no person', () => {
  it('retries a refund the provider failed to make: refunded once, the ledger counted once, admins told', async () => {
    const { task, row } = await capturedTransaction();
    const key = randomUUID();
    const flaky = flakyRefunds(3);
    try {
      expect((await refund(row.id, { amount_cents: 2_500, idempotency_key: key })).status).toBe(502);
      expect((await ledgerOf(t, task.taskId))[0]).toMatchObject({ status: 'captured', amount_refunded: 0 });
      // Another refund meanwhile could pay back twice: refused while the first is retried.
      const other = await refund(row.id, { amount_cents: 1_000, idempotency_key: randomUUID() });
      expect(other.status).toBe(409);
      expect((await t.json<{ error: { message: string } }>(other)).error.message).toBe(
        messages.operations.refundRetrying,
      );

      await runRetry(row.id, key); // second failure
      await runRetry(row.id, key); // third: admins are told
      expect(await notificationTypes(t, admin.id, task.taskId)).toContain('payment_retry_failing');
      await runRetry(row.id, key); // the provider is back
    } finally {
      flaky.restore();
    }
    expect(flaky.made.size).toBe(1);
    expect((await ledgerOf(t, task.taskId))[0]).toMatchObject({
      status: 'partially_refunded',
      amount_refunded: 2_500,
    });
    expect(await notificationTypes(t, task.client.id, task.taskId)).toContain('payment_refunded');
    expect((await retryJobOf(row.id, key))?.done_at).not.toBeNull();
    // The admin pressing again with the same key changes nothing.
    expect((await refund(row.id, { amount_cents: 2_500, idempotency_key: key })).status).toBe(200);
    expect((await ledgerOf(t, task.taskId))[0]).toMatchObject({ amount_refunded: 2_500 });
  }, 90_000);

  it('does not retry a refund the provider refused', async () => {
    const { row, task } = await capturedTransaction();
    const key = randomUUID();
    const restore = overrideProvider(t, {
      refundPayment: async () => {
        throw new PaymentProviderError('invalid_request', 'The charge cannot be refunded.');
      },
    });
    try {
      expect((await refund(row.id, { amount_cents: 1_000, idempotency_key: key })).status).toBe(409);
    } finally {
      restore();
    }
    // The outbox job written before the call is ended by the refusal: nothing retries it.
    expect((await retryJobOf(row.id, key))?.done_at).toBeInstanceOf(Date);
    expect((await ledgerOf(t, task.taskId))[0]).toMatchObject({ status: 'captured', amount_refunded: 0 });
  }, 60_000);
});
