import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminTransactionDto, Paged } from '@shared/schemas/admin-dto';
import type { TaskDto } from '@shared/schemas/task-api';
import { expertProfiles, localPaymentAccounts, localPaymentIntents, notifications, taskAppointments, tasks, transactions } from '../../db/schema';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { authorize } from '../payments/payments.test-helpers';
import { taskInput } from './tasks.test-helpers';

/**
 * A late cancel on the real app and the embedded payment provider (issue 50, decision 0460): the
 * call-out fee is a partial capture of the hold with the platform fee on it, the rest released, and
 * it reconciles in the admin transactions and the finance CSV.
 */
let t: TestApp;
let client: TestUser;
let expert: TestUser;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  [client, expert, admin] = await Promise.all([t.createUser('client'), t.createUser('expert'), t.createUser('admin')]);
  const [profile] = await t.db.select().from(expertProfiles).where(eq(expertProfiles.id, expert.id));
  await t.db.insert(localPaymentAccounts).values({ id: profile.stripe_account_id!, details_submitted: true, charges_enabled: true, payouts_enabled: true });
});
afterAll(async () => {
  await t.close();
});

const HOUR = 3_600_000;
async function ok<T>(response: Response, status = 200): Promise<T> {
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}
const post = (path: string, user: TestUser, body?: unknown) => t.request('POST', path, { cookie: user.cookie, body });

describe('a late cancel with the local payment provider', () => {
  it('captures $30 of the $120 hold (platform fee $3), releases the rest, and shows in the admin transactions and the CSV', async () => {
    const { task } = await ok<{ task: TaskDto }>(await post('/api/tasks', client, taskInput()), 201);
    const { application } = await ok<{ application: { id: string } }>(
      await post(`/api/tasks/${task.id}/applications`, expert, { proposed_rate: 12_000, notes: 'Happy to help today.' }),
      201,
    );
    await ok(await post(`/api/tasks/${task.id}/assign`, client, { application_id: application.id }));
    const intent = await authorize(t, { taskId: task.id, client });
    t.clock.advance(2 * HOUR);
    const now = t.clock.now();
    const start = new Date(now.getTime() + 3 * HOUR);
    await t.db.insert(taskAppointments).values({ task_id: task.id, agreed_start: start, agreed_end: new Date(start.getTime() + HOUR), created_at: now, updated_at: now });

    const quote = await ok<{ fee_cents: number }>(await t.request('GET', `/api/tasks/${task.id}/cancellation-quote`, { cookie: client.cookie }));
    expect(quote.fee_cents).toBe(3_000);
    const result = await ok<{ task: TaskDto; message: string }>(
      await post(`/api/tasks/${task.id}/cancel`, client, { reason: 'plans_changed', expected_fee_cents: 3_000 }),
    );
    expect(result.task).toMatchObject({ status: 'cancelled', payment_status: 'captured' });

    const [local] = await t.db.select().from(localPaymentIntents).where(eq(localPaymentIntents.id, intent.paymentIntentId));
    expect(local).toMatchObject({ status: 'succeeded', amount: 12_000, amount_captured: 3_000, application_fee_amount: 300 });
    const ledger = await t.db.select().from(transactions).where(eq(transactions.task_id, task.id));
    expect(ledger).toEqual([expect.objectContaining({ amount: 3_000, platform_fee: 300, status: 'captured' })]);

    // The outbox job, due after its head start, finds the work done and captures nothing more.
    t.clock.advance(60_000);
    await t.context.jobs.runDue();
    expect((await t.db.select().from(localPaymentIntents).where(eq(localPaymentIntents.id, intent.paymentIntentId)))[0].amount_captured).toBe(3_000);
    const [row] = await t.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(row).toMatchObject({ status: 'cancelled', payment_status: 'captured' });

    const bell = await t.db.select().from(notifications).where(eq(notifications.user_id, expert.id));
    expect(bell.map((n) => n.message).join('\n')).toContain('You receive a call-out fee of $27.00.');

    const listed = await ok<Paged<AdminTransactionDto>>(await t.request('GET', '/api/admin/transactions?status=captured', { cookie: admin.cookie }));
    expect(listed.rows.find((r) => r.task_id === task.id)).toMatchObject({ amount: 3_000, platform_fee: 300, platform_fee_percent: 10, status: 'captured' });
    const csv = await t.request('GET', '/api/admin/reports/export?timeframe=30d&report=finance', { cookie: admin.cookie });
    expect(csv.status).toBe(200);
    const text = await csv.text();
    expect(text).toContain('"1","30.00","3.00","30.00"');
    expect(text).toContain('"completed","1"');
  });
});
