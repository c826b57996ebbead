import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskDetailsDto, TaskDto } from '@shared/schemas/task-api';
import { expertProfiles, localPaymentAccounts, localPaymentIntents, notifications, tasks } from '../../db/schema';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { createClientReview } from '../../test/builders';
import { authorize } from '../payments/payments.test-helpers';
import { evidenceForm, imageFile, taskInput } from './tasks.test-helpers';

/**
 * The whole loop on the real app: the payments module's TaskPayments over the embedded (local)
 * payment provider, so holds are really authorized, captured and voided.
 */
let t: TestApp;
let client: TestUser;
let expert: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  client = await t.createUser('client');
  expert = await t.createUser('expert');
  // The expert's connected account at the local provider, able to receive transfers.
  const [profile] = await t.db.select().from(expertProfiles).where(eq(expertProfiles.id, expert.id));
  await t.db.insert(localPaymentAccounts).values({
    id: profile.stripe_account_id!,
    details_submitted: true,
    charges_enabled: true,
    payouts_enabled: true,
  });
});
afterAll(async () => {
  await t.close();
});

async function ok<T>(response: Response, status = 200): Promise<T> {
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}
const post = (path: string, user: TestUser, body?: unknown) => t.request('POST', path, { cookie: user.cookie, body });

/** Create, apply, hire, and authorize the hold with the 4242 test card. */
async function hiredAndPaid(): Promise<{ task: TaskDto; intentId: string }> {
  const { task } = await ok<{ task: TaskDto }>(await post('/api/tasks', client, taskInput()), 201);
  const { application } = await ok<{ application: { id: string } }>(
    await post(`/api/tasks/${task.id}/applications`, expert, { proposed_rate: 12_000, notes: 'Happy to help today.' }),
    201,
  );
  await ok(await post(`/api/tasks/${task.id}/assign`, client, { application_id: application.id }));
  const intent = await authorize(t, { taskId: task.id, client });
  expect(intent.amount).toBe(12_000);
  const [row] = await t.db.select().from(tasks).where(eq(tasks.id, task.id));
  expect(row.payment_status).toBe('authorized');
  return { task, intentId: intent.paymentIntentId };
}

const intentStatus = async (id: string) =>
  (await t.db.select().from(localPaymentIntents).where(eq(localPaymentIntents.id, id)))[0].status;

describe('the life of a task with the local payment provider', () => {
  it('authorize, accept, evidence, confirm: the hold is captured and the transaction recorded; then a review', async () => {
    const { task, intentId } = await hiredAndPaid();
    await ok(await post(`/api/tasks/${task.id}/accept`, expert));
    await ok(
      await t.request('POST', `/api/tasks/${task.id}/evidence`, {
        body: evidenceForm('Photos of all four sides and the engine.', [imageFile()]),
        cookie: expert.cookie,
      }),
    );
    const confirmed = await ok<{ task: TaskDto; message: string; payment_failed: boolean }>(
      await post(`/api/tasks/${task.id}/evidence/confirm`, client),
    );
    expect(confirmed).toMatchObject({
      message: 'Payment successfully captured and released to expert',
      payment_failed: false,
      task: { status: 'verified', payment_status: 'captured' },
    });
    expect(await intentStatus(intentId)).toBe('succeeded');
    const { task: details } = await ok<{ task: TaskDetailsDto }>(await t.request('GET', `/api/tasks/${task.id}`, { cookie: client.cookie }));
    expect(details.transactions).toEqual([expect.objectContaining({ amount: 12_000, platform_fee: 1_200, status: 'captured' })]);
    const types = (await t.db.select().from(notifications).where(eq(notifications.task_id, task.id))).map((n) => n.type);
    expect(types).toEqual(expect.arrayContaining(['assignment', 'payment_authorized', 'assignment_accepted', 'evidence_submitted', 'task_verified', 'payment_captured']));

    // The expert reviewed the client first, so the double-blind rule reveals the client's review at once (issue 23).
    await createClientReview(t.db, { task_id: task.id, expert_id: expert.id, client_id: client.id });
    await ok(await post(`/api/tasks/${task.id}/review`, client, { rating: 5, comment: 'Excellent, very thorough.' }), 201);
    const [profile] = await t.db.select().from(expertProfiles).where(eq(expertProfiles.id, expert.id));
    expect(Number(profile.avg_rating)).toBe(5);
  });

  it('decline voids the hold at the provider and reopens the task', async () => {
    const { task, intentId } = await hiredAndPaid();
    const body = await ok<{ task: TaskDto; message: string }>(await post(`/api/tasks/${task.id}/decline`, expert, { reason: 'expert_unavailable' }));
    expect(body.message).toBe('Assignment declined. The task is now available for other experts.');
    expect(body.task).toMatchObject({ status: 'open', payment_status: 'unpaid', stripe_payment_intent_id: null });
    expect(await intentStatus(intentId)).toBe('canceled');
  });

  it('client cancel of an assigned task voids the hold first', async () => {
    const { task, intentId } = await hiredAndPaid();
    const body = await ok<{ task: TaskDto; message: string }>(await post(`/api/tasks/${task.id}/cancel`, client, { reason: 'plans_changed' }));
    expect(body).toMatchObject({ message: 'Task cancelled successfully', task: { status: 'cancelled', payment_status: 'unpaid' } });
    expect(await intentStatus(intentId)).toBe('canceled');
  });

  it('rejecting the evidence opens a dispute; the expert accepting it voids the hold', async () => {
    const { task, intentId } = await hiredAndPaid();
    await ok(await post(`/api/tasks/${task.id}/accept`, expert));
    await ok(
      await t.request('POST', `/api/tasks/${task.id}/evidence`, {
        body: evidenceForm('Blurry photos, sorry.', [imageFile()]),
        cookie: expert.cookie,
      }),
    );
    const body = await ok<{ task: TaskDto; message: string }>(
      await post(`/api/tasks/${task.id}/evidence/reject`, client, { reason: 'Blurry photos.' }),
    );
    expect(body.task).toMatchObject({ status: 'disputed', payment_status: 'authorized' });
    expect(await intentStatus(intentId)).toBe('requires_capture');
    // The expert accepts the rejection: the task is cancelled and the hold voided (docs/decisions/0111).
    await ok(await post(`/api/tasks/${task.id}/dispute/accept`, expert));
    expect(await intentStatus(intentId)).toBe('canceled');
  });
});
