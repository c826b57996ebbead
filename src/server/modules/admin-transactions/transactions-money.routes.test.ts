import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminTransactionDto, OverviewDto } from '@shared/schemas/admin-dto';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { moneyTask, type MoneyTask } from '../holds/money.test-helpers';

/**
 * Issue 51: the admin transactions and their CSV carry the client's tip and the expert's payout of
 * the charge; the overview's revenue counts platform fees only, never tips.
 */
let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser('admin');
});
afterAll(async () => {
  await t.close();
});

const DAY = 24 * 60 * 60 * 1000;
const get = async (path: string, user = admin) => {
  const response = await t.request('GET', path, { cookie: user.cookie });
  expect(response.status, await response.clone().text()).toBe(200);
  return response;
};
const rowOf = async (task: MoneyTask) => {
  const page = await t.json<{ rows: AdminTransactionDto[] }>(await get(`/api/admin/transactions?status=all&search=`));
  return page.rows.find((row) => row.task_id === task.taskId)!;
};
const revenue = async () => (await t.json<OverviewDto>(await get('/api/admin/overview'))).revenue.total;

describe('admin transactions with tips and payouts (issue 51)', () => {
  it('shows the tip and the payout on the row and in the CSV, and never counts the tip as revenue', async () => {
    const task = await moneyTask(t, 'pending_approval');
    expect((await t.request('POST', `/api/tasks/${task.taskId}/evidence/confirm`, { cookie: task.client.cookie })).status).toBe(200);
    const before = await revenue();
    const tipped = await t.request('POST', `/api/tasks/${task.taskId}/tips`, {
      cookie: task.client.cookie,
      body: { percent: 20, idempotency_key: `tip-${randomUUID()}` },
    });
    expect(tipped.status).toBe(201);
    expect(await rowOf(task)).toMatchObject({ status: 'captured', amount: 10_000, platform_fee: 1_000, tip_amount: 2_000, payout_status: null });
    // The tip is the expert's: the platform's revenue is unchanged.
    expect(await revenue()).toBe(before);

    // The local provider pays out daily, two days after the charge; the expert's page syncs it.
    t.clock.advance(2 * DAY + 120_000);
    await get('/api/earnings', task.expert);
    await t.context.jobs.runDue();
    const row = await rowOf(task);
    expect(row.payout_status).toMatch(/^(in_transit|paid)$/);
    expect(row.payout_arrival).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const csvResponse = await get('/api/admin/transactions/export?status=captured');
    expect(csvResponse.headers.get('content-type')).toContain('text/csv');
    expect(csvResponse.headers.get('content-disposition')).toMatch(/^attachment; filename="transactions-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (await csvResponse.text()).split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(
      '"Transaction ID","Created (UTC)","Task ID","Task","Client","Expert","Status","Amount","Platform fee","Fee %","Agreed by counter-offer","Price changes","Tip","Payout status","Payout arrival"',
    );
    const line = lines.find((candidate) => candidate.includes(task.taskId))!;
    expect(line).toContain('"captured","$100.00","$10.00","10","","","$20.00"');
    expect(line).toContain(`"${row.payout_status}","${row.payout_arrival}"`);
  });

  it('is for admins only and validates its filter', async () => {
    const task = await moneyTask(t, 'authorized');
    expect((await t.request('GET', '/api/admin/transactions/export')).status).toBe(401);
    expect((await t.request('GET', '/api/admin/transactions/export', { cookie: task.client.cookie })).status).toBe(403);
    expect((await t.request('GET', '/api/admin/transactions/export?status=stolen', { cookie: admin.cookie })).status).toBe(400);
  });
});
