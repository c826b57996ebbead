import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskMoneyDto } from '@shared/schemas/disputes.schemas';
import type { PaymentIntentDto } from '@shared/schemas/task-api';
import { and, eq } from 'drizzle-orm';
import { auditLog, jobs, paymentActions, tasks } from '../../db/schema';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { cardBody, confirmBody, overrideProvider } from '../payments/payments.test-helpers';
import { PaymentProviderError } from '../../providers/payments/payment-provider';
import { LOCAL_AUTHORIZATION_HOLD_MS } from '../../providers/payments/local-adapter';
import { HOUR, intentAt, ledgerOf, moneyTask, notificationTypes, taskOf, toBeforeHoldExpiry, type MoneyTask } from './money.test-helpers';

/** Re-authorization through the payment dialog while the old hold is live (docs/decisions/0113). */

let t: TestApp;
let stranger: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  stranger = await t.createUser('client');
});
afterAll(async () => {
  await t.close();
});

const renewalIntent = (taskId: string, cookie?: string) =>
  t.request('POST', `/api/tasks/${taskId}/payment/reauthorize/intent`, { body: {}, ...(cookie ? { cookie } : {}) });

/** The dialog's steps: a renewal intent, the local card form, then confirm_authorization. */
async function renewThroughDialog(task: MoneyTask): Promise<{ intent: PaymentIntentDto; confirm: Response }> {
  const response = await renewalIntent(task.taskId, task.client.cookie);
  expect(response.status).toBe(200);
  const intent = await t.json<PaymentIntentDto>(response);
  const card = await t.request('POST', '/api/payments/local/confirm', { body: cardBody(intent.paymentIntentClientSecret), cookie: task.client.cookie });
  expect(card.status).toBe(200);
  const confirm = await t.request('POST', '/api/payments/confirm', { body: confirmBody(task, intent), cookie: task.client.cookie });
  return { intent, confirm };
}

const money = async (taskId: string, cookie: string) =>
  t.json<TaskMoneyDto>(await t.request('GET', `/api/tasks/${taskId}/money`, { cookie }));

const cancelActions = async (intentId: string) =>
  t.db
    .select()
    .from(paymentActions)
    .where(and(eq(paymentActions.action, 'cancel_hold'), eq(paymentActions.stripe_payment_intent_id, intentId), eq(paymentActions.status, 'succeeded')));

describe('POST /api/tasks/:id/payment/reauthorize/intent and the payment dialog', () => {
  it('places a fresh hold while the old one is live, then voids the old hold once', async () => {
    const task = await moneyTask(t, 'pending_approval');
    await t.db.update(tasks).set({ stripe_payment_method_id: null }).where(eq(tasks.id, task.taskId));
    await toBeforeHoldExpiry(t, task.taskId, 20 * HOUR);
    expect((await money(task.taskId, task.client.cookie)).reauthorize_with).toBe('payment_dialog');

    const { intent, confirm } = await renewThroughDialog(task);
    expect(confirm.status).toBe(200);
    expect(intent.paymentIntentId).not.toBe(task.intentId);
    const row = await taskOf(t, task.taskId);
    expect(row).toMatchObject({ status: 'pending_approval', payment_status: 'authorized', stripe_payment_intent_id: intent.paymentIntentId });
    expect(row.authorization_hold_expires_at!.getTime()).toBe(t.clock.now().getTime() + LOCAL_AUTHORIZATION_HOLD_MS);
    expect((await intentAt(t, task.intentId)).status).toBe('canceled');
    expect((await intentAt(t, intent.paymentIntentId)).status).toBe('requires_capture');
    expect((await ledgerOf(t, task.taskId)).map((r) => r.status)).toEqual(['voided', 'authorized']);
    expect(await notificationTypes(t, task.expert.id, task.taskId)).toContain('payment_reauthorized');
    const audits = await t.db.select().from(auditLog).where(and(eq(auditLog.target_id, task.taskId), eq(auditLog.action, 'payment.reauthorized')));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.details).toMatchObject({ via: 'payment_dialog', previous_intent_id: task.intentId });

    // A repeated confirm answers the same and changes nothing; the old hold was voided once.
    const again = await t.request('POST', '/api/payments/confirm', { body: confirmBody(task, intent), cookie: task.client.cookie });
    expect(again.status).toBe(200);
    expect(await cancelActions(task.intentId)).toHaveLength(1);
    expect((await ledgerOf(t, task.taskId)).map((r) => r.status)).toEqual(['voided', 'authorized']);
  });

  it('reuses the unpaid renewal intent instead of creating another (idempotent)', async () => {
    const task = await moneyTask(t, 'in_progress');
    // The local provider reuses the saved card, so the panel offers that first; the dialog works too.
    expect((await money(task.taskId, task.client.cookie)).reauthorize_with).toBe('saved_card');
    const first = await t.json<PaymentIntentDto>(await renewalIntent(task.taskId, task.client.cookie));
    const second = await t.json<PaymentIntentDto>(await renewalIntent(task.taskId, task.client.cookie));
    expect(second.paymentIntentId).toBe(first.paymentIntentId);
    expect((await taskOf(t, task.taskId)).stripe_payment_intent_id).toBe(task.intentId);
    // Renewed with the saved card instead: the unpaid renewal intent is no hold, so its row fails.
    expect((await t.request('POST', `/api/tasks/${task.taskId}/payment/reauthorize`, { cookie: task.client.cookie })).status).toBe(200);
    expect((await ledgerOf(t, task.taskId)).map((r) => r.status).sort()).toEqual(['authorized', 'failed', 'voided']);
  });

  it('is the client’s only: 401 signed out, 403 for the expert, 404 for a stranger', async () => {
    const task = await moneyTask(t, 'in_progress');
    expect((await renewalIntent(task.taskId)).status).toBe(401);
    expect((await renewalIntent(task.taskId, task.expert.cookie)).status).toBe(403);
    expect((await renewalIntent(task.taskId, stranger.cookie)).status).toBe(404);
    expect((await taskOf(t, task.taskId)).stripe_payment_intent_id).toBe(task.intentId);
  });

  it('refuses bad input and an intent that is not a renewal of this task', async () => {
    const task = await moneyTask(t, 'in_progress');
    // An id that is no task is not found, as on every task route.
    expect((await renewalIntent('not-a-uuid', task.client.cookie)).status).toBe(404);
    const mine = await t.json<PaymentIntentDto>(await renewalIntent(task.taskId, task.client.cookie));
    await t.request('POST', '/api/payments/local/confirm', { body: cardBody(mine.paymentIntentClientSecret), cookie: task.client.cookie });
    const badSecret = { ...confirmBody(task, mine), paymentIntentClientSecret: `${mine.paymentIntentId}_secret_wrong` };
    expect((await t.request('POST', '/api/payments/confirm', { body: badSecret, cookie: task.client.cookie })).status).toBe(400);
    const noIntent = { ...confirmBody(task, mine), paymentIntentId: '' };
    expect((await t.request('POST', '/api/payments/confirm', { body: noIntent, cookie: task.client.cookie })).status).toBe(400);
    const other = await moneyTask(t, 'in_progress');
    const otherIntent = await t.json<PaymentIntentDto>(await renewalIntent(other.taskId, other.client.cookie));
    const wrong = await t.request('POST', '/api/payments/confirm', { body: confirmBody(task, otherIntent), cookie: task.client.cookie });
    expect(wrong.status).toBe(409);
    expect((await taskOf(t, task.taskId)).stripe_payment_intent_id).toBe(task.intentId);
    expect((await intentAt(t, task.intentId)).status).toBe('requires_capture');
  });

  it('is refused (409) once the hold lapsed, or on a task that is not unpaid work', async () => {
    const lapsed = await moneyTask(t, 'in_progress');
    await toBeforeHoldExpiry(t, lapsed.taskId, -1);
    expect((await renewalIntent(lapsed.taskId, lapsed.client.cookie)).status).toBe(409);
    const unpaid = await moneyTask(t, 'in_progress');
    await t.db.update(tasks).set({ status: 'verified' }).where(eq(tasks.id, unpaid.taskId));
    expect((await renewalIntent(unpaid.taskId, unpaid.client.cookie)).status).toBe(409);
  });

  it('keeps the new hold when the provider fails at the void, and the job voids the old one later', async () => {
    const task = await moneyTask(t, 'in_progress');
    const response = await renewalIntent(task.taskId, task.client.cookie);
    const intent = await t.json<PaymentIntentDto>(response);
    await t.request('POST', '/api/payments/local/confirm', { body: cardBody(intent.paymentIntentClientSecret), cookie: task.client.cookie });
    const restore = overrideProvider(t, {
      cancelPaymentIntent: async () => {
        throw new PaymentProviderError('unavailable', 'The provider is down.');
      },
    });
    try {
      const confirm = await t.request('POST', '/api/payments/confirm', { body: confirmBody(task, intent), cookie: task.client.cookie });
      expect(confirm.status).toBe(200);
    } finally {
      restore();
    }
    expect(await taskOf(t, task.taskId)).toMatchObject({ payment_status: 'authorized', stripe_payment_intent_id: intent.paymentIntentId });
    expect((await intentAt(t, task.intentId)).status).toBe('requires_capture');
    const retry = await t.db.select().from(jobs).where(eq(jobs.key, `void_replaced_hold:${task.intentId}`));
    expect(retry).toHaveLength(1);
    t.clock.advance(HOUR);
    await t.context.jobs.runDue();
    await t.context.jobs.runDue();
    expect((await intentAt(t, task.intentId)).status).toBe('canceled');
    expect(await cancelActions(task.intentId)).toHaveLength(1);
    expect((await ledgerOf(t, task.taskId)).map((r) => r.status).sort()).toEqual(['authorized', 'voided']);
  });
});
