import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { tasks, transactions } from '../../db/schema';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { createTaskPayments } from '../payments/task-payments';
import { assignedTask, authorize } from '../payments/payments.test-helpers';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser('admin');
});
afterAll(() => t.close());

const setFee = async (percent: number) => {
  const response = await t.request('PUT', '/api/admin/settings', {
    cookie: admin.cookie,
    body: {
      platform_fee_percent: percent,
      min_task_price: 500,
      max_task_price: 100_000,
      maintenance_mode: false,
      footer_text: 'Footer',
      contact_email: 'support@example.com',
    },
  });
  expect(response.status).toBe(200);
};

describe('the platform fee setting', () => {
  it('a new hold uses the fee in force; its capture keeps that fee even after the setting changes', async () => {
    await setFee(12.5);
    const task = await assignedTask(t, { budget: 10_000 });
    await authorize(t, task);
    const [held] = await t.db.select().from(transactions).where(eq(transactions.task_id, task.taskId));
    expect(held).toMatchObject({ status: 'authorized', amount: 10_000, platform_fee: 1_250, platform_fee_percent: 12.5 });

    await setFee(20);
    await t.db.update(tasks).set({ status: 'verified', completed_at: t.clock.now() }).where(eq(tasks.id, task.taskId));
    const [row] = await t.db.select().from(tasks).where(eq(tasks.id, task.taskId));
    const result = await createTaskPayments(t.context).capture({ id: row.id, stripe_payment_intent_id: row.stripe_payment_intent_id });
    expect(result.success).toBe(true);
    const [captured] = await t.db.select().from(transactions).where(eq(transactions.task_id, task.taskId));
    expect(captured).toMatchObject({ status: 'captured', platform_fee: 1_250, platform_fee_percent: 12.5 });

    const next = await assignedTask(t, { budget: 10_000 });
    await authorize(t, next);
    const [nextHold] = await t.db.select().from(transactions).where(eq(transactions.task_id, next.taskId));
    expect(nextHold).toMatchObject({ platform_fee: 2_000, platform_fee_percent: 20 });
  });
});
