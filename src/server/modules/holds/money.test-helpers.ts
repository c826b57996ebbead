import { and, eq } from 'drizzle-orm';
import { notifications, paymentActions, tasks, transactions } from '../../db/schema';
import type { PaymentIntentStatus } from '../../providers/payments/payment-provider';
import type { TestApp, TestUser } from '../../test/test-app';
import { assignedTask, authorize, localOf, type AssignedTask } from '../payments/payments.test-helpers';
import { evidenceForm, imageFile } from '../tasks/tasks.test-helpers';

export const HOUR = 60 * 60 * 1000;

export type MoneyTask = AssignedTask & { intentId: string };

async function expectOk(response: Response, what: string) {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return response;
}

/** A task with a real hold at the local provider, taken to `stage` through the API. */
export async function moneyTask(
  t: TestApp,
  stage: 'authorized' | 'in_progress' | 'pending_approval',
  options: { budget?: number } = {},
): Promise<MoneyTask> {
  const task = await assignedTask(t, { budget: options.budget ?? 10_000 });
  const intent = await authorize(t, task);
  const result = { ...task, intentId: intent.paymentIntentId };
  if (stage === 'authorized') return result;
  await expectOk(await t.request('POST', `/api/tasks/${task.taskId}/accept`, { cookie: task.expert.cookie }), 'accept');
  if (stage === 'in_progress') return result;
  await submitEvidence(t, task.taskId, task.expert);
  return result;
}

export async function submitEvidence(t: TestApp, taskId: string, expert: TestUser, path = 'evidence') {
  return expectOk(
    await t.request('POST', `/api/tasks/${taskId}/${path}`, {
      body: evidenceForm('Every side photographed, notes attached.', [imageFile()]),
      cookie: expert.cookie,
    }),
    path,
  );
}

export async function taskOf(t: TestApp, taskId: string) {
  const [row] = await t.db.select().from(tasks).where(eq(tasks.id, taskId));
  return row;
}

export async function ledgerOf(t: TestApp, taskId: string) {
  return t.db.select().from(transactions).where(eq(transactions.task_id, taskId)).orderBy(transactions.created_at);
}

export async function notificationTypes(t: TestApp, userId: string, taskId: string) {
  const rows = await t.db
    .select({ type: notifications.type })
    .from(notifications)
    .where(and(eq(notifications.user_id, userId), eq(notifications.task_id, taskId)))
    .orderBy(notifications.created_at);
  return rows.map((row) => row.type);
}

export async function succeededCaptures(t: TestApp, taskId: string) {
  const rows = await t.db
    .select()
    .from(paymentActions)
    .where(and(eq(paymentActions.task_id, taskId), eq(paymentActions.action, 'capture'), eq(paymentActions.status, 'succeeded')));
  return rows.length;
}

/** The local provider's view of an intent (status, amount captured). */
export const intentAt = (t: TestApp, intentId: string) => localOf(t).retrievePaymentIntent(intentId);

/** Moves the clock to `ms` before the task's hold deadline. */
export async function toBeforeHoldExpiry(t: TestApp, taskId: string, ms: number) {
  const task = await taskOf(t, taskId);
  t.clock.set(new Date(task.authorization_hold_expires_at!.getTime() - ms));
}

/** What each ledger status means at the provider: the crash test's and `npm run chaos`'s "ledger equals provider". */
export const PROVIDER_STATUS_OF_LEDGER: Record<string, PaymentIntentStatus[]> = {
  pending: ['requires_payment_method', 'requires_confirmation', 'requires_action'],
  authorized: ['requires_capture'],
  captured: ['succeeded'],
  partially_refunded: ['succeeded'],
  refunded: ['succeeded'],
  voided: ['canceled'],
  failed: ['canceled', 'requires_payment_method'],
};
