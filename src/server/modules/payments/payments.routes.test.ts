import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import type { LocalCardResultDto, PaymentIntentDto, TaskDto } from '@shared/schemas/task-api';
import { expertProfiles, notifications, paymentActions, systemSettings, tasks, transactions } from '../../db/schema';
import { LOCAL_AUTHORIZATION_HOLD_MS } from '../../providers/payments/local-adapter';
import { PaymentProviderError } from '../../providers/payments/payment-provider';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  assignedTask,
  authorize,
  CARDS,
  cardBody,
  confirmBody,
  createIntent,
  localOf,
  overrideProvider,
  type AssignedTask,
} from './payments.test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type ErrorBody = { error: { code: string; message: string } };
const errorOf = async (response: Response) => (await t.json<ErrorBody>(response)).error;
const taskRow = async (id: string) => (await t.db.select().from(tasks).where(eq(tasks.id, id)))[0];
const transactionsOf = (id: string) => t.db.select().from(transactions).where(eq(transactions.task_id, id));
const post = (path: string, body: unknown, cookie?: string) => t.request('POST', path, { body, cookie });

describe('POST /payments/intent', () => {
  it('creates a manual-capture intent for the budget with the fee from settings, once', async () => {
    const task = await assignedTask(t, { budget: 12_345 });
    const intent = await createIntent(t, task);
    expect(intent).toMatchObject({ provider: 'local', amount: 12_345, platform_fee: 1_235, currency: 'usd' });
    const row = await taskRow(task.taskId);
    expect(row).toMatchObject({ payment_status: 'pending', stripe_payment_intent_id: intent.paymentIntentId });
    const stored = await localOf(t).retrievePaymentIntent(intent.paymentIntentId);
    expect(stored).toMatchObject({ status: 'requires_payment_method', amountCents: 12_345 });
    expect(await transactionsOf(task.taskId)).toMatchObject([{ status: 'pending', amount: 12_345, platform_fee: 1_235 }]);
    const actions = await t.db.select().from(paymentActions).where(eq(paymentActions.task_id, task.taskId));
    expect(actions).toMatchObject([
      { action: 'create_intent', status: 'succeeded', idempotency_key: `task:${task.taskId}:create_payment_intent` },
    ]);

    // Opening the dialog again reuses the unpaid intent.
    const again = await createIntent(t, task);
    expect(again.paymentIntentId).toBe(intent.paymentIntentId);
    expect(await transactionsOf(task.taskId)).toHaveLength(1);
  });

  it('reads the platform fee percentage from system_settings', async () => {
    await t.db.update(systemSettings).set({ platform_fee_percent: 12.5 }).where(eq(systemSettings.id, 1));
    try {
      const task = await assignedTask(t, { budget: 10_000 });
      expect((await createIntent(t, task)).platform_fee).toBe(1_250);
    } finally {
      await t.db.update(systemSettings).set({ platform_fee_percent: 10 }).where(eq(systemSettings.id, 1));
    }
  });

  it('refuses bad input, signed-out callers, other users and wrong states', async () => {
    const task = await assignedTask(t);
    expect((await post('/api/payments/intent', { task_id: 'nope' }, task.client.cookie)).status).toBe(400);
    expect((await post('/api/payments/intent', { task_id: task.taskId })).status).toBe(401);
    const missing = await post('/api/payments/intent', { task_id: '3f1f4b1e-8a52-4c1b-9a57-5a2b7f0c9d11' }, task.client.cookie);
    expect(missing.status).toBe(404);
    // Whoever may not see the task gets the task routes' 404 (no existence oracle); an admin sees it: 403.
    for (const kind of ['client', 'expert'] as const) {
      const other = await t.createUser(kind);
      const response = await post('/api/payments/intent', { task_id: task.taskId }, other.cookie);
      expect(response.status).toBe(404);
      expect((await errorOf(response)).message).toBe(messages.tasks.notFound);
    }
    const admin = await t.createUser('admin');
    const byAdmin = await post('/api/payments/intent', { task_id: task.taskId }, admin.cookie);
    expect(byAdmin.status).toBe(403);
    expect((await errorOf(byAdmin)).message).toBe(messages.payment.onlyClientCanPay);
    const byExpert = await post('/api/payments/intent', { task_id: task.taskId }, task.expert.cookie);
    expect(byExpert.status).toBe(403);

    await t.db.update(tasks).set({ status: 'in_progress' }).where(eq(tasks.id, task.taskId));
    const wrongState = await post('/api/payments/intent', { task_id: task.taskId }, task.client.cookie);
    expect(wrongState.status).toBe(409);
    expect((await errorOf(wrongState)).message).toBe(messages.payment.cannotAuthorize);
  });

  it('refuses an authorized task and an expert who cannot be paid', async () => {
    const paid = await assignedTask(t);
    await authorize(t, paid);
    expect((await post('/api/payments/intent', { task_id: paid.taskId }, paid.client.cookie)).status).toBe(409);

    const unpayable = await assignedTask(t);
    await t.db.update(expertProfiles).set({ stripe_account_status: 'restricted' }).where(eq(expertProfiles.id, unpayable.expert.id));
    const response = await post('/api/payments/intent', { task_id: unpayable.taskId }, unpayable.client.cookie);
    expect(response.status).toBe(409);
    expect((await errorOf(response)).message).toBe(messages.payment.cannotAuthorize);
  });

  it('leaves the task untouched when the provider fails, and the retry uses a new attempt key', async () => {
    const task = await assignedTask(t);
    const restore = overrideProvider(t, {
      createPaymentIntent: async () => {
        throw new PaymentProviderError('unavailable', 'The provider is down.');
      },
    });
    let response: Response;
    try {
      response = await post('/api/payments/intent', { task_id: task.taskId }, task.client.cookie);
    } finally {
      restore();
    }
    expect(response.status).toBe(502);
    expect((await errorOf(response)).message).toBe(messages.payment.authorizationFailed);
    expect(await taskRow(task.taskId)).toMatchObject({ payment_status: 'unpaid', stripe_payment_intent_id: null });
    expect(await transactionsOf(task.taskId)).toHaveLength(0);

    const intent = await createIntent(t, task);
    expect((await taskRow(task.taskId)).stripe_payment_intent_id).toBe(intent.paymentIntentId);
    const actions = await t.db.select().from(paymentActions).where(eq(paymentActions.task_id, task.taskId));
    expect(actions.map((a) => [a.idempotency_key, a.status]).sort()).toEqual([
      [`task:${task.taskId}:create_payment_intent`, 'failed'],
      [`task:${task.taskId}:create_payment_intent:2`, 'succeeded'],
    ]);
  });
});

describe('the local card flow', () => {
  const confirmCard = async (task: AssignedTask, intent: PaymentIntentDto, number: string) => {
    const response = await post('/api/payments/local/confirm', cardBody(intent.paymentIntentClientSecret, number), task.client.cookie);
    expect(response.status).toBe(200);
    return t.json<LocalCardResultDto>(response);
  };

  it('4242 authorizes: the hold, the payment method, the transaction and the expert notification', async () => {
    const task = await assignedTask(t, { budget: 20_000 });
    const intent = await createIntent(t, task);
    expect(await confirmCard(task, intent, CARDS.ok)).toEqual({ status: 'requires_capture' });

    const response = await post('/api/payments/confirm', confirmBody(task, intent), task.client.cookie);
    expect(response.status).toBe(200);
    const body = await t.json<{ message: string; task: TaskDto }>(response);
    expect(body.message).toBe(messages.payment.authorizationConfirmed);
    expect(body.task.payment_status).toBe('authorized');
    const row = await taskRow(task.taskId);
    expect(row.payment_status).toBe('authorized');
    expect(row.stripe_payment_method_id).toMatch(/^pm_local_/);
    expect(row.authorization_hold_expires_at?.getTime()).toBe(t.clock.now().getTime() + LOCAL_AUTHORIZATION_HOLD_MS);
    expect(await transactionsOf(task.taskId)).toMatchObject([{ status: 'authorized', amount: 20_000, platform_fee: 2_000 }]);
    const sent = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.task_id, task.taskId), eq(notifications.type, 'payment_authorized')));
    expect(sent).toHaveLength(1);
    expect(sent[0].user_id).toBe(task.expert.id);

    // Confirming twice is harmless: same answer, nothing written again.
    const again = await post('/api/payments/confirm', confirmBody(task, intent), task.client.cookie);
    expect(again.status).toBe(200);
    expect((await t.json<{ message: string }>(again)).message).toBe(messages.payment.authorizationConfirmed);
    expect(await transactionsOf(task.taskId)).toHaveLength(1);
  });

  it('0002 is declined with the spec text and can be retried with another card', async () => {
    const task = await assignedTask(t);
    const intent = await createIntent(t, task);
    expect(await confirmCard(task, intent, CARDS.declined)).toEqual({
      status: 'requires_payment_method',
      error: messages.payment.tryDifferentMethod,
    });
    const early = await post('/api/payments/confirm', confirmBody(task, intent), task.client.cookie);
    expect(early.status).toBe(400);
    expect((await errorOf(early)).message).toBe(messages.payment.tryDifferentMethod);
    expect(await taskRow(task.taskId)).toMatchObject({ payment_status: 'pending' });
    expect(await transactionsOf(task.taskId)).toMatchObject([{ status: 'pending' }]);

    expect(await confirmCard(task, intent, CARDS.ok)).toEqual({ status: 'requires_capture' });
    expect((await post('/api/payments/confirm', confirmBody(task, intent), task.client.cookie)).status).toBe(200);
  });

  it('3155 needs the extra step: failing it asks for another try, completing it authorizes', async () => {
    const task = await assignedTask(t);
    const intent = await createIntent(t, task);
    const secret = intent.paymentIntentClientSecret;
    expect(await confirmCard(task, intent, CARDS.authenticate)).toEqual({ status: 'requires_action' });
    const early = await post('/api/payments/confirm', confirmBody(task, intent), task.client.cookie);
    expect(early.status).toBe(409);
    expect((await errorOf(early)).message).toBe(messages.payment.authorizationFailed);

    const failed = await post('/api/payments/local/authenticate', { client_secret: secret, approve: false }, task.client.cookie);
    expect(await t.json(failed)).toEqual({ status: 'requires_payment_method', error: messages.payment.authorizationFailed });

    expect(await confirmCard(task, intent, CARDS.authenticate)).toEqual({ status: 'requires_action' });
    const byOther = await post('/api/payments/local/authenticate', { client_secret: secret, approve: true }, task.expert.cookie);
    expect(byOther.status).toBe(403);
    const approved = await post('/api/payments/local/authenticate', { client_secret: secret, approve: true }, task.client.cookie);
    expect(await t.json(approved)).toEqual({ status: 'requires_capture' });
    expect((await post('/api/payments/confirm', confirmBody(task, intent), task.client.cookie)).status).toBe(200);
    expect((await taskRow(task.taskId)).payment_status).toBe('authorized');
  });

  it('validates the card form and the caller', async () => {
    const task = await assignedTask(t);
    const intent = await createIntent(t, task);
    const secret = intent.paymentIntentClientSecret;
    const cases: [Record<string, unknown>, string][] = [
      [{ card_number: '4242 4242 4242 4241' }, messages.payment.card.numberInvalid],
      [{ exp_month: 13 }, messages.payment.card.expiryInvalid],
      [{ cvc: '12' }, messages.payment.card.cvcInvalid],
      [{ name: '  ' }, messages.payment.card.nameRequired],
      [{ postal_code: '' }, messages.payment.card.postalCodeInvalid],
    ];
    for (const [change, message] of cases) {
      const response = await post('/api/payments/local/confirm', { ...cardBody(secret), ...change }, task.client.cookie);
      expect(response.status).toBe(400);
      expect((await errorOf(response)).message).toBe(message);
    }
    expect((await post('/api/payments/local/confirm', cardBody(secret))).status).toBe(401);
    expect((await post('/api/payments/local/confirm', cardBody(secret), task.expert.cookie)).status).toBe(403);
    expect((await post('/api/payments/local/confirm', cardBody('pi_local_x_secret_y'), task.client.cookie)).status).toBe(404);
    expect((await post('/api/payments/local/authenticate', { client_secret: secret }, task.client.cookie)).status).toBe(400);
  });

  it('answers 404 for the local-only routes with the real provider', async () => {
    const task = await assignedTask(t);
    const intent = await createIntent(t, task);
    const restore = overrideProvider(t, { name: 'stripe' });
    try {
      const secret = intent.paymentIntentClientSecret;
      expect((await post('/api/payments/local/confirm', cardBody(secret), task.client.cookie)).status).toBe(404);
      expect((await post('/api/payments/local/authenticate', { client_secret: secret, approve: true }, task.client.cookie)).status).toBe(404);
      const status = await t.request('GET', `/api/payments/intent-status?client_secret=${encodeURIComponent(secret)}`, { cookie: task.client.cookie });
      expect(status.status).toBe(404);
    } finally {
      restore();
    }
  });
});

describe('POST /payments/confirm', () => {
  it('needs a signed-in client of the task and the task’s own intent', async () => {
    const task = await assignedTask(t);
    const intent = await createIntent(t, task);
    const signedOut = await post('/api/payments/confirm', confirmBody(task, intent));
    expect(signedOut.status).toBe(401);
    expect((await errorOf(signedOut)).message).toBe(messages.payment.notAuthenticated);
    expect((await post('/api/payments/confirm', { ...confirmBody(task, intent), action: 'capture' }, task.client.cookie)).status).toBe(400);
    expect((await post('/api/payments/confirm', confirmBody(task, intent), task.expert.cookie)).status).toBe(403);
    const otherIntent = await post('/api/payments/confirm', { ...confirmBody(task, intent), paymentIntentId: 'pi_local_other' }, task.client.cookie);
    expect(otherIntent.status).toBe(409);
    const wrongSecret = await post(
      '/api/payments/confirm',
      { ...confirmBody(task, intent), paymentIntentClientSecret: 'pi_local_other_secret_x' },
      task.client.cookie,
    );
    expect(wrongSecret.status).toBe(400);
    expect((await taskRow(task.taskId)).payment_status).toBe('pending');
  });
});

describe('GET /payments/intent-status', () => {
  it('tells the task’s client the intent status for the return page', async () => {
    const task = await assignedTask(t);
    const intent = await createIntent(t, task);
    const path = `/api/payments/intent-status?client_secret=${encodeURIComponent(intent.paymentIntentClientSecret)}`;
    const response = await t.request('GET', path, { cookie: task.client.cookie });
    expect(response.status).toBe(200);
    expect(await t.json(response)).toEqual({
      status: 'requires_payment_method',
      payment_intent_id: intent.paymentIntentId,
      task_id: task.taskId,
    });
    expect((await t.request('GET', path, { cookie: task.expert.cookie })).status).toBe(403);
    expect((await t.request('GET', path)).status).toBe(401);
    expect((await t.request('GET', '/api/payments/intent-status', { cookie: task.client.cookie })).status).toBe(400);
  });
});
