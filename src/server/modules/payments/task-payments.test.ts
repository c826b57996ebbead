import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import type { CaptureResultDto } from '@shared/schemas/task-api';
import { notifications, paymentActions, tasks, transactions } from '../../db/schema';
import { LOCAL_AUTHORIZATION_HOLD_MS } from '../../providers/payments/local-adapter';
import { idempotencyKeyFor, PaymentProviderError } from '../../providers/payments/payment-provider';
import { createTestApp, type TestApp } from '../../test/test-app';
import { handlePaymentIntentEvent } from '../checkout/payment-intent-webhooks';
import { assignedTask, authorize, cardBody, createIntent, localOf, overrideProvider, type AssignedTask } from './payments.test-helpers';
import { createTaskPayments, type TaskPayments } from './task-payments';

let t: TestApp;
let payments: TaskPayments;
beforeAll(async () => {
  t = await createTestApp();
  payments = createTaskPayments(t.context);
});
afterAll(async () => {
  await t.close();
});

const taskRow = async (id: string) => (await t.db.select().from(tasks).where(eq(tasks.id, id)))[0];
const transactionsOf = (id: string) => t.db.select().from(transactions).where(eq(transactions.task_id, id));
const notificationsOf = (id: string, type: 'payment_captured' | 'payment_authorized') =>
  t.db.select().from(notifications).where(and(eq(notifications.task_id, id), eq(notifications.type, type)));
const actionsOf = (id: string, action: 'capture' | 'cancel_hold') =>
  t.db.select().from(paymentActions).where(and(eq(paymentActions.task_id, id), eq(paymentActions.action, action)));

/** An authorized task whose client confirmed the evidence (the tasks module's verified transition). */
async function verifiedTask(budget = 10_000): Promise<AssignedTask & { intentId: string }> {
  const task = await assignedTask(t, { budget });
  const intent = await authorize(t, task);
  await t.db.update(tasks).set({ status: 'verified', completed_at: t.clock.now() }).where(eq(tasks.id, task.taskId));
  return { ...task, intentId: intent.paymentIntentId };
}

const unavailable = async () => {
  throw new PaymentProviderError('unavailable', 'The provider is down.');
};

describe('TaskPayments.capture', () => {
  it('captures once: payment_status, the transaction row moved to captured, the expert notified', async () => {
    const task = await verifiedTask(10_000);
    const result = await payments.capture({ id: task.taskId, stripe_payment_intent_id: task.intentId });
    expect(result).toEqual({ success: true, payment_intent_id: task.intentId, amount_captured: 10_000 });
    expect((await taskRow(task.taskId)).payment_status).toBe('captured');
    expect(await transactionsOf(task.taskId)).toMatchObject([{ status: 'captured', amount: 10_000, platform_fee: 1_000 }]);
    const sent = await notificationsOf(task.taskId, 'payment_captured');
    expect(sent.map((n) => n.user_id)).toEqual([task.expert.id]);
    expect((await localOf(t).retrievePaymentIntent(task.intentId)).status).toBe('succeeded');

    const again = await payments.capture({ id: task.taskId, stripe_payment_intent_id: task.intentId });
    expect(again).toEqual(result);
    expect(await notificationsOf(task.taskId, 'payment_captured')).toHaveLength(1);
  });

  it('parallel captures write one captured transaction and one notification', async () => {
    const task = await verifiedTask(15_000);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => payments.capture({ id: task.taskId, stripe_payment_intent_id: task.intentId })),
    );
    expect(results.every((r) => r.success && r.amount_captured === 15_000)).toBe(true);
    expect(await transactionsOf(task.taskId)).toMatchObject([{ status: 'captured', amount: 15_000 }]);
    expect(await notificationsOf(task.taskId, 'payment_captured')).toHaveLength(1);
    expect(await actionsOf(task.taskId, 'capture')).toHaveLength(1);
  });

  it('a retry with the same idempotency key captures once (the first answer was lost)', async () => {
    const task = await verifiedTask(12_000);
    const key = idempotencyKeyFor(task.taskId, 'capture', task.intentId);
    // The provider captured, then the process died before the database was updated.
    await localOf(t).capturePaymentIntent(task.intentId, { idempotencyKey: key });
    const result = await payments.capture({ id: task.taskId, stripe_payment_intent_id: task.intentId });
    expect(result).toMatchObject({ success: true, amount_captured: 12_000 });
    const intent = await localOf(t).retrievePaymentIntent(task.intentId);
    expect(intent).toMatchObject({ status: 'succeeded', amountCapturedCents: 12_000 });
    expect(await actionsOf(task.taskId, 'capture')).toMatchObject([{ idempotency_key: key, status: 'succeeded' }]);
    expect(await transactionsOf(task.taskId)).toMatchObject([{ status: 'captured' }]);
  });

  it('a provider failure is returned, leaves the hold authorized, and the retry captures', async () => {
    const task = await verifiedTask();
    const restore = overrideProvider(t, { capturePaymentIntent: unavailable });
    let failed: CaptureResultDto;
    try {
      failed = await payments.capture({ id: task.taskId, stripe_payment_intent_id: task.intentId });
    } finally {
      restore();
    }
    expect(failed).toEqual({
      success: false,
      payment_intent_id: task.intentId,
      amount_captured: 0,
      error: format(messages.payment.captureFailed, { msg: 'The provider is down.' }),
    });
    expect((await taskRow(task.taskId)).payment_status).toBe('authorized');
    expect(await transactionsOf(task.taskId)).toMatchObject([{ status: 'authorized' }]);
    expect(await actionsOf(task.taskId, 'capture')).toMatchObject([{ status: 'failed', error: 'The provider is down.' }]);

    // The client's retry (POST /payments/capture) uses the next attempt's key.
    const response = await t.request('POST', '/api/payments/capture', { body: { task_id: task.taskId }, cookie: task.client.cookie });
    expect(response.status).toBe(200);
    expect(await t.json(response)).toMatchObject({ success: true, amount_captured: 10_000 });
    const keys = (await actionsOf(task.taskId, 'capture')).map((a) => a.idempotency_key).sort();
    expect(keys).toEqual([
      idempotencyKeyFor(task.taskId, 'capture', task.intentId),
      idempotencyKeyFor(task.taskId, 'capture', `${task.intentId}:2`),
    ]);
    expect(await transactionsOf(task.taskId)).toMatchObject([{ status: 'captured' }]);
  });

  it('refuses a task that is not verified or not authorized', async () => {
    const task = await assignedTask(t);
    const intent = await authorize(t, task);
    const refused = await payments.capture({ id: task.taskId, stripe_payment_intent_id: intent.paymentIntentId });
    expect(refused).toMatchObject({ success: false, error: messages.payment.cannotCapture });
    expect((await taskRow(task.taskId)).payment_status).toBe('authorized');
  });
});

describe('POST /payments/capture', () => {
  it('is for the client or an admin, on a verified task with an authorized hold', async () => {
    const task = await verifiedTask();
    const body = { task_id: task.taskId };
    expect((await t.request('POST', '/api/payments/capture', { body })).status).toBe(401);
    expect((await t.request('POST', '/api/payments/capture', { body: { task_id: 'x' }, cookie: task.client.cookie })).status).toBe(400);
    expect((await t.request('POST', '/api/payments/capture', { body, cookie: task.expert.cookie })).status).toBe(403);
    const otherClient = await t.createUser('client');
    // Another client may not even see the task: the task routes' 404, never a 403 oracle.
    expect((await t.request('POST', '/api/payments/capture', { body, cookie: otherClient.cookie })).status).toBe(404);
    const admin = await t.createUser('admin');
    const byAdmin = await t.request('POST', '/api/payments/capture', { body, cookie: admin.cookie });
    expect(await t.json(byAdmin)).toMatchObject({ success: true });

    const early = await assignedTask(t);
    await authorize(t, early);
    const response = await t.request('POST', '/api/payments/capture', { body: { task_id: early.taskId }, cookie: early.client.cookie });
    expect(response.status).toBe(409);
    expect((await t.json<{ error: { message: string } }>(response)).error.message).toBe(messages.payment.cannotCapture);
  });

  it('refuses once the hold has expired', async () => {
    const task = await verifiedTask();
    t.clock.advance(LOCAL_AUTHORIZATION_HOLD_MS + 1_000);
    try {
      const response = await t.request('POST', '/api/payments/capture', { body: { task_id: task.taskId }, cookie: task.client.cookie });
      expect(response.status).toBe(409);
    } finally {
      t.clock.advance(-(LOCAL_AUTHORIZATION_HOLD_MS + 1_000));
    }
  });
});

describe('TaskPayments.cancelHold', () => {
  it('voids an authorized hold: voided row, payment fields back to unpaid, idempotent', async () => {
    const task = await assignedTask(t);
    const intent = await authorize(t, task);
    const ref = { id: task.taskId, stripe_payment_intent_id: intent.paymentIntentId };
    await payments.cancelHold(ref, 'task_cancelled_by_client');
    expect(await taskRow(task.taskId)).toMatchObject({
      payment_status: 'unpaid',
      stripe_payment_intent_id: null,
      stripe_payment_method_id: null,
      authorization_hold_expires_at: null,
      status: 'assigned',
    });
    expect(await transactionsOf(task.taskId)).toMatchObject([{ status: 'voided' }]);
    expect((await localOf(t).retrievePaymentIntent(intent.paymentIntentId)).status).toBe('canceled');
    expect(await actionsOf(task.taskId, 'cancel_hold')).toMatchObject([{ status: 'succeeded', reason: 'task_cancelled_by_client' }]);

    await expect(payments.cancelHold(ref, 'task_cancelled_by_client')).resolves.toBeUndefined();
    await expect(payments.cancelHold({ id: task.taskId, stripe_payment_intent_id: null }, 'task_cancelled_by_client')).resolves.toBeUndefined();
  });

  it('releases an intent that was never authorized (its pending row fails)', async () => {
    const task = await assignedTask(t);
    const intent = await createIntent(t, task);
    await payments.cancelHold({ id: task.taskId, stripe_payment_intent_id: intent.paymentIntentId }, 'assignment_declined_by_expert');
    expect(await transactionsOf(task.taskId)).toMatchObject([{ status: 'failed' }]);
    expect((await taskRow(task.taskId)).payment_status).toBe('unpaid');
  });

  it('throws on a provider failure and leaves the task and the transactions as they were', async () => {
    const task = await assignedTask(t);
    const intent = await authorize(t, task);
    const restore = overrideProvider(t, { cancelPaymentIntent: unavailable });
    try {
      await expect(
        payments.cancelHold({ id: task.taskId, stripe_payment_intent_id: intent.paymentIntentId }, 'client_rejected_evidence'),
      ).rejects.toBeInstanceOf(PaymentProviderError);
    } finally {
      restore();
    }
    expect(await taskRow(task.taskId)).toMatchObject({ payment_status: 'authorized', stripe_payment_intent_id: intent.paymentIntentId });
    expect(await transactionsOf(task.taskId)).toMatchObject([{ status: 'authorized' }]);
    expect(await actionsOf(task.taskId, 'cancel_hold')).toMatchObject([{ status: 'failed' }]);

    await payments.cancelHold({ id: task.taskId, stripe_payment_intent_id: intent.paymentIntentId }, 'client_rejected_evidence');
    expect(await transactionsOf(task.taskId)).toMatchObject([{ status: 'voided' }]);
  });

  it('lets the client authorize again after a released hold, with a new intent', async () => {
    const task = await assignedTask(t);
    const first = await authorize(t, task);
    await payments.cancelHold({ id: task.taskId, stripe_payment_intent_id: first.paymentIntentId }, 'task_cancelled_by_client');
    const second = await authorize(t, task);
    expect(second.paymentIntentId).not.toBe(first.paymentIntentId);
    const rows = await transactionsOf(task.taskId);
    expect(rows.map((r) => r.status).sort()).toEqual(['authorized', 'voided']);
  });
});

describe('payment_intent webhooks', () => {
  it('records an authorization the browser never confirmed, once', async () => {
    const task = await assignedTask(t);
    const intent = await createIntent(t, task);
    await localOf(t).confirmPaymentIntent(intent.paymentIntentClientSecret, { cardNumber: cardBody('').card_number });
    const event = { id: 'evt_1', type: 'payment_intent.amount_capturable_updated', paymentIntentId: intent.paymentIntentId, object: {} };
    expect(await handlePaymentIntentEvent(t.context, event)).toBe(true);
    expect(await handlePaymentIntentEvent(t.context, event)).toBe(true);
    expect((await taskRow(task.taskId)).payment_status).toBe('authorized');
    expect(await notificationsOf(task.taskId, 'payment_authorized')).toHaveLength(1);
    expect(await handlePaymentIntentEvent(t.context, { ...event, type: 'charge.refunded' })).toBe(false);
  });

  it('marks a lapsed hold expired so that the client can authorize again', async () => {
    const task = await assignedTask(t);
    const intent = await authorize(t, task);
    t.clock.advance(LOCAL_AUTHORIZATION_HOLD_MS + 1_000);
    try {
      const event = { id: 'evt_2', type: 'payment_intent.canceled', paymentIntentId: intent.paymentIntentId, object: {} };
      await handlePaymentIntentEvent(t.context, event);
      expect(await transactionsOf(task.taskId)).toMatchObject([{ status: 'voided' }]);
      expect((await taskRow(task.taskId)).payment_status).toBe('authorized');
      const again = await createIntent(t, task);
      expect(again.paymentIntentId).not.toBe(intent.paymentIntentId);
      expect((await taskRow(task.taskId)).payment_status).toBe('pending');
    } finally {
      t.clock.advance(-(LOCAL_AUTHORIZATION_HOLD_MS + 1_000));
    }
  });
});
