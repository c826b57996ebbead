import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformFeeCents } from '@shared/domain/money';
import { messages } from '@shared/messages';
import type { PriceChangeAnswer, PriceChangesResponse } from '@shared/schemas/price-changes.schemas';
import { localPaymentIntents, receipts, taskPriceChanges } from '../../db/schema';
import { LOCAL_TEST_CARDS } from '../../providers/payments/local-test-cards';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { intentAt, ledgerOf, submitEvidence, taskOf } from '../holds/money.test-helpers';
import { PaymentProviderError } from '../../providers/payments/payment-provider';
import { assignedTask, cardBody, confirmBody, createIntent, overrideProvider } from '../payments/payments.test-helpers';
import { createTaskPayments } from '../payments/task-payments';
import { reconcilePayments } from '../reconciliation/reconcile';

const text = messages.priceChanges;
let t: TestApp;
let stranger: TestUser;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  [stranger, admin] = await Promise.all([t.createUser('expert'), t.createUser('admin')]);
});
afterAll(() => t.close());

const post = (path: string, user: TestUser, body?: unknown) => t.request('POST', path, { body, cookie: user.cookie });
async function ok<T>(response: Response, status = 200): Promise<T> {
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}
async function refused(response: Response, status: number): Promise<string> {
  expect(response.status).toBe(status);
  return ((await response.json()) as { error: { message: string } }).error.message;
}

/** A $100 booking under way, its hold authorized with `card` at the local provider. */
async function booking(card: string = LOCAL_TEST_CARDS.success) {
  const task = await assignedTask(t, { budget: 10_000 });
  const intent = await createIntent(t, task);
  await ok(await post('/api/payments/local/confirm', task.client, cardBody(intent.paymentIntentClientSecret, card)));
  await ok(await post('/api/payments/confirm', task.client, confirmBody(task, intent)));
  await ok(await post(`/api/tasks/${task.taskId}/accept`, task.expert));
  const base = `/api/tasks/${task.taskId}/price-changes`;
  return { ...task, intentId: intent.paymentIntentId, base };
}

async function confirmWork(task: Awaited<ReturnType<typeof booking>>) {
  await submitEvidence(t, task.taskId, task.expert);
  await ok(await post(`/api/tasks/${task.taskId}/evidence/confirm`, task.client));
  t.clock.advance(60_000);
  await t.context.jobs.runDue();
}

describe('price changes after the hire (issue 51)', () => {
  it('an increase approved by the client grows the hold (incremental authorization) and is captured whole, fee on the final price', async () => {
    const task = await booking();
    const proposed = await ok<PriceChangeAnswer>(await post(task.base, task.expert, { amount: 13_000, reason: 'A second car on the lot to check.' }), 201);
    expect(proposed.change).toMatchObject({ status: 'pending', previous_amount: 10_000, amount: 13_000, proposed_by: 'expert' });
    expect(await refused(await post(`${task.base}/${proposed.change.id}/approve`, task.expert), 403)).toBe(text.notYourTurn);
    const approved = await ok<PriceChangeAnswer>(await post(`${task.base}/${proposed.change.id}/approve`, task.client));
    expect(approved).toMatchObject({ price: 13_000, change: { status: 'approved', authorization: 'incremental' } });
    expect((await intentAt(t, task.intentId)).amountCents).toBe(13_000);
    expect((await taskOf(t, task.taskId)).budget).toBe(13_000);

    await confirmWork(task);
    expect(await intentAt(t, task.intentId)).toMatchObject({ status: 'succeeded', amountCapturedCents: 13_000 });
    const [row] = await t.db.select().from(localPaymentIntents).where(eq(localPaymentIntents.id, task.intentId));
    expect(row.application_fee_amount).toBe(platformFeeCents(13_000));
    expect((await ledgerOf(t, task.taskId)).find((r) => r.stripe_payment_intent_id === task.intentId)).toMatchObject({ status: 'captured', amount: 13_000, platform_fee: 1_300 });
  });

  it('a card without incremental authorization: a second hold for the difference, captured with the first; the reconciler leaves it alone', async () => {
    const task = await booking(LOCAL_TEST_CARDS.noIncrementalAuthorization);
    const { change } = await ok<PriceChangeAnswer>(await post(task.base, task.client, { amount: 12_500, reason: 'Please also check the trailer.' }), 201);
    const approved = await ok<PriceChangeAnswer>(await post(`${task.base}/${change.id}/approve`, task.expert));
    expect(approved.change.authorization).toBe('second_hold');
    const [stored] = await t.db.select().from(taskPriceChanges).where(eq(taskPriceChanges.id, change.id));
    const second = await intentAt(t, stored.second_intent_id!);
    expect(second).toMatchObject({ status: 'requires_capture', amountCents: 2_500 });
    expect((await intentAt(t, task.intentId)).amountCents).toBe(10_000);
    // No further change on top of a second hold (decision 0467).
    expect(await refused(await post(task.base, task.client, { amount: 13_000, reason: 'And one more.' }), 409)).toBe(text.secondHoldExists);

    await reconcilePayments({ db: t.db, clock: t.clock, provider: () => t.providers.payments, payments: createTaskPayments(t.context) });
    expect((await intentAt(t, second.id)).status).toBe('requires_capture');

    await confirmWork(task);
    expect((await intentAt(t, task.intentId)).amountCapturedCents).toBe(10_000);
    expect(await intentAt(t, second.id)).toMatchObject({ status: 'succeeded', amountCapturedCents: 2_500 });
    const [secondRow] = await t.db.select().from(localPaymentIntents).where(eq(localPaymentIntents.id, second.id));
    // The fee of both holds together is the platform's percent of the final price.
    expect(secondRow.application_fee_amount + 1_000).toBe(platformFeeCents(12_500));
    // The second hold is a transaction of its own: in the ledger (admins refund it and count its fee)
    // and on the client's receipts, once even when the capture job replays it.
    const ledger = await ledgerOf(t, task.taskId);
    expect(ledger.find((row) => row.stripe_payment_intent_id === second.id)).toMatchObject({
      status: 'captured',
      amount: 2_500,
      platform_fee: secondRow.application_fee_amount,
    });
    await t.context.jobs.runDue();
    const receiptsOf = async () =>
      (await t.db.select().from(receipts).where(eq(receipts.task_id, task.taskId))).map((row) => [row.kind, row.amount]).sort();
    expect(await receiptsOf()).toEqual([
      ['payment', 10_000],
      ['payment', 2_500],
    ]);
    const secondLedger = ledger.find((row) => row.stripe_payment_intent_id === second.id)!;
    const admin = await t.createUser('admin');
    await ok(await post(`/api/admin/transactions/${secondLedger.id}/refund`, admin, { amount_cents: 2_500, idempotency_key: crypto.randomUUID() }));
    expect((await ledgerOf(t, task.taskId)).find((row) => row.id === secondLedger.id)).toMatchObject({ status: 'refunded', amount_refunded: 2_500 });
    expect(await receiptsOf()).toContainEqual(['refund', 2_500]);
  });

  it('a second hold whose capture fails at confirmation is captured by the capture job', async () => {
    const task = await booking(LOCAL_TEST_CARDS.noIncrementalAuthorization);
    const { change } = await ok<PriceChangeAnswer>(await post(task.base, task.expert, { amount: 11_500, reason: 'A second car.' }), 201);
    await ok(await post(`${task.base}/${change.id}/approve`, task.client));
    const [stored] = await t.db.select().from(taskPriceChanges).where(eq(taskPriceChanges.id, change.id));
    const secondId = stored.second_intent_id!;
    const local = t.providers.payments;
    const restore = overrideProvider(t, {
      capturePaymentIntent: (id: string, options: Parameters<typeof local.capturePaymentIntent>[1]) =>
        id === secondId ? Promise.reject(new PaymentProviderError('unavailable', 'The provider is down.')) : local.capturePaymentIntent(id, options),
    });
    try {
      await submitEvidence(t, task.taskId, task.expert);
      await ok(await post(`/api/tasks/${task.taskId}/evidence/confirm`, task.client));
    } finally {
      restore();
    }
    expect((await intentAt(t, task.intentId)).status).toBe('succeeded');
    expect((await intentAt(t, secondId)).status).toBe('requires_capture');
    t.clock.advance(60_000);
    await t.context.jobs.runDue();
    expect(await intentAt(t, secondId)).toMatchObject({ status: 'succeeded', amountCapturedCents: 1_500 });
  });

  it('a cancel voids the second hold with the first', async () => {
    const task = await booking(LOCAL_TEST_CARDS.noIncrementalAuthorization);
    const { change } = await ok<PriceChangeAnswer>(await post(task.base, task.expert, { amount: 11_000, reason: 'Longer drive than described.' }), 201);
    await ok(await post(`${task.base}/${change.id}/approve`, task.client));
    const [stored] = await t.db.select().from(taskPriceChanges).where(eq(taskPriceChanges.id, change.id));
    await ok(await post(`/api/tasks/${task.taskId}/cancel`, task.client, { reason: 'plans_changed' }));
    await t.context.jobs.runDue();
    expect((await intentAt(t, task.intentId)).status).toBe('canceled');
    expect((await intentAt(t, stored.second_intent_id!)).status).toBe('canceled');
    expect((await ledgerOf(t, task.taskId)).find((row) => row.stripe_payment_intent_id === stored.second_intent_id)?.status).toBe('voided');
  });

  it('a decrease approved by the expert captures only the new price, with the fee on it', async () => {
    const task = await booking();
    const { change } = await ok<PriceChangeAnswer>(await post(task.base, task.client, { amount: 7_000, reason: 'Only the exterior in the end.' }), 201);
    expect(await refused(await post(`${task.base}/${change.id}/approve`, task.client), 403)).toBe(text.notYourTurn);
    const approved = await ok<PriceChangeAnswer>(await post(`${task.base}/${change.id}/approve`, task.expert));
    expect(approved).toMatchObject({ price: 7_000, change: { status: 'approved', authorization: null } });
    await confirmWork(task);
    expect(await intentAt(t, task.intentId)).toMatchObject({ status: 'succeeded', amountCapturedCents: 7_000 });
    const ledger = (await ledgerOf(t, task.taskId)).find((r) => r.stripe_payment_intent_id === task.intentId)!;
    expect(ledger).toMatchObject({ status: 'captured', amount: 7_000, platform_fee: 700 });
    // The admin transactions show the change.
    const page = await ok<{ rows: Array<{ id: string; price_changes: unknown[] }> }>(
      await t.request('GET', `/api/admin/transactions?search=${ledger.id}`, { cookie: admin.cookie }),
    );
    expect(page.rows.find((row) => row.id === ledger.id)?.price_changes).toEqual([{ from: 10_000, to: 7_000, authorization: null, second_intent_id: null }]);
  });

  it('a decrease, then a raise still within the hold: nothing more is authorized and the capture takes the final price', async () => {
    const task = await booking();
    const down = await ok<PriceChangeAnswer>(await post(task.base, task.client, { amount: 8_000, reason: 'Smaller job.' }), 201);
    await ok(await post(`${task.base}/${down.change.id}/approve`, task.expert));
    const up = await ok<PriceChangeAnswer>(await post(task.base, task.expert, { amount: 9_000, reason: 'One more photo set.' }), 201);
    const approved = await ok<PriceChangeAnswer>(await post(`${task.base}/${up.change.id}/approve`, task.client));
    expect(approved).toMatchObject({ price: 9_000, change: { authorization: 'incremental' } });
    expect((await intentAt(t, task.intentId)).amountCents).toBe(10_000);
    await confirmWork(task);
    expect(await intentAt(t, task.intentId)).toMatchObject({ status: 'succeeded', amountCapturedCents: 9_000 });
  });

  it('a declined change keeps the price; the history is for the parties and admins', async () => {
    const task = await booking();
    const { change } = await ok<PriceChangeAnswer>(await post(task.base, task.expert, { amount: 15_000, reason: 'More photos than agreed.' }), 201);
    expect(await refused(await post(task.base, task.client, { amount: 9_000, reason: 'Less?' }), 409)).toBe(text.changePending);
    expect((await ok<PriceChangeAnswer>(await post(`${task.base}/${change.id}/decline`, task.client))).price).toBe(10_000);
    expect(await refused(await post(`${task.base}/${change.id}/approve`, task.client), 409)).toBe(text.noPendingChange);
    const history = await ok<PriceChangesResponse>(await t.request('GET', task.base, { cookie: task.expert.cookie }));
    expect(history).toMatchObject({ price: 10_000, you: 'expert', can_propose: true, changes: [{ status: 'declined' }] });
    expect((await ok<PriceChangesResponse>(await t.request('GET', task.base, { cookie: admin.cookie }))).you).toBeNull();
    await refused(await t.request('GET', task.base, { cookie: stranger.cookie }), 404);
    expect((await intentAt(t, task.intentId)).amountCents).toBe(10_000);
  });

  it('refuses bad input, strangers, admins and tasks whose price cannot change', async () => {
    const task = await booking();
    expect(await refused(await post(task.base, task.client, { reason: 'No amount' }), 400)).toBe(text.amountRequired);
    expect(await refused(await post(task.base, task.client, { amount: -5, reason: 'Negative' }), 400)).toBe(text.amountInvalid);
    expect(await refused(await post(task.base, task.client, { amount: 9_000, reason: '' }), 400)).toBe(text.reasonRequired);
    expect(await refused(await post(task.base, task.client, { amount: 10_000, reason: 'Same' }), 400)).toBe(text.samePrice);
    await refused(await post(task.base, stranger, { amount: 9_000, reason: 'Not mine' }), 404);
    expect(await refused(await post(task.base, admin, { amount: 9_000, reason: 'Admin' }), 403)).toBe(text.onlyParties);
    const unpaid = await assignedTask(t, { budget: 10_000 });
    expect(await refused(await post(`/api/tasks/${unpaid.taskId}/price-changes`, unpaid.client, { amount: 9_000, reason: 'Not held yet' }), 409)).toBe(text.notChangeable);
  });

  it('parallel approvals: one wins, the hold grows once', async () => {
    const task = await booking();
    const { change } = await ok<PriceChangeAnswer>(await post(task.base, task.expert, { amount: 12_000, reason: 'A second car.' }), 201);
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(`${task.base}/${change.id}/approve`, task.client)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect((await intentAt(t, task.intentId)).amountCents).toBe(12_000);
    expect((await taskOf(t, task.taskId)).budget).toBe(12_000);
  });
});
