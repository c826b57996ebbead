import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '@shared/messages';
import type {
  AdminNotificationDto,
  AdminTransactionDto,
  OverviewDto,
  Paged,
  ReportsDto,
  SystemSettingsDto,
} from '@shared/schemas/admin-dto';
import { notifications, systemSettings, tasks, transactions } from '../../db/schema';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { taskInput } from '../tasks/tasks.test-helpers';

let t: TestApp;
let admin: TestUser;
let client: TestUser;
let expert: TestUser;
let taskId: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser('admin');
  client = await t.createUser('client');
  expert = await t.createUser('expert');
  const [task] = await t.db
    .insert(tasks)
    .values({
      title: 'Photograph a storefront',
      description: 'Four photos of the front',
      budget: 10_000,
      location: 'Denver',
      latitude: 39.74,
      longitude: -104.99,
      client_id: client.id,
      expert_id: expert.id,
      status: 'verified',
    })
    .returning();
  taskId = task.id;
});
afterAll(() => t.close());

type ErrorBody = { error: { code: string; message: string } };
const get = async <T>(path: string, cookie = admin.cookie) => t.json<T>(await t.request('GET', path, { cookie }));

const validSettings = {
  platform_fee_percent: 12.5,
  min_task_price: 2_000,
  max_task_price: 50_000,
  maintenance_mode: false,
  footer_text: 'Remote checks, done right.',
  contact_email: 'help@example.com',
  tos_content: 'Our terms',
  privacy_policy_content: null,
};

describe('GET /api/admin/transactions', () => {
  it('lists with the task title, filters by status and finds by id prefix', async () => {
    await t.db.insert(transactions).values([
      { id: 'abcdef12-0000-4000-8000-000000000001', task_id: taskId, amount: 10_000, platform_fee: 1_000, status: 'captured' },
      { id: 'abcdef99-0000-4000-8000-000000000002', task_id: taskId, amount: 5_000, platform_fee: 500, status: 'refunded' },
      { id: '12345678-0000-4000-8000-000000000003', task_id: taskId, amount: 7_000, platform_fee: 700, status: 'authorized' },
    ]);
    const all = await get<Paged<AdminTransactionDto>>('/api/admin/transactions');
    expect(all.total).toBe(3);
    expect(all.rows[0]).toMatchObject({ task_title: 'Photograph a storefront', platform_fee_percent: 10 });
    const captured = await get<Paged<AdminTransactionDto>>('/api/admin/transactions?status=captured');
    expect(captured.rows.map((r) => r.id)).toEqual(['abcdef12-0000-4000-8000-000000000001']);
    const prefix = await get<Paged<AdminTransactionDto>>('/api/admin/transactions?search=ABCDEF');
    expect(prefix.rows.map((r) => r.id).sort()).toEqual([
      'abcdef12-0000-4000-8000-000000000001',
      'abcdef99-0000-4000-8000-000000000002',
    ]);
    const exact = await get<Paged<AdminTransactionDto>>('/api/admin/transactions?search=abcdef99');
    expect(exact.total).toBe(1);
    const bad = await t.request('GET', '/api/admin/transactions?search=xyz%27', { cookie: admin.cookie });
    expect(bad.status).toBe(400);
    expect((await t.json<ErrorBody>(bad)).error.message).toBe(messages.admin.transactionSearchInvalid);
    expect((await t.request('GET', '/api/admin/transactions?status=done', { cookie: admin.cookie })).status).toBe(400);
  });
});

describe('notifications', () => {
  it('Send Notification to one user reaches their bell, is audited, and validates its input', async () => {
    const sent = await t.request('POST', '/api/admin/notifications', {
      cookie: admin.cookie,
      body: { audience: 'user', user_id: client.id, title: 'Welcome', message: 'Thanks for joining' },
    });
    expect(sent.status).toBe(201);
    expect(await t.json(sent)).toEqual({ recipients: 1 });
    const bell = await get<{ notifications?: { title: string }[] } | { title: string }[]>('/api/notifications', client.cookie);
    expect(JSON.stringify(bell)).toContain('Welcome');
    const audit = await get<Paged<{ action: string; actor_id: string }>>('/api/admin/audit');
    expect(audit.rows[0]).toMatchObject({ action: 'notification.sent', actor_id: admin.id });

    for (const [body, message] of [
      [{ audience: 'all', title: ' ', message: 'x' }, messages.admin.notificationTitleRequired],
      [{ audience: 'all', title: 'x'.repeat(121), message: 'x' }, messages.admin.notificationTitleTooLong],
      [{ audience: 'all', title: 'x', message: '' }, messages.admin.notificationMessageRequired],
      [{ audience: 'all', title: 'x', message: 'x'.repeat(1001) }, messages.admin.notificationMessageTooLong],
      [{ audience: 'user', title: 'x', message: 'x' }, messages.admin.notificationUserRequired],
      [{ audience: 'role', title: 'x', message: 'x' }, messages.admin.notificationRoleRequired],
    ] as const) {
      const response = await t.request('POST', '/api/admin/notifications', { cookie: admin.cookie, body });
      expect(response.status).toBe(400);
      expect((await t.json<ErrorBody>(response)).error.message).toBe(message);
    }
    const nobody = await t.request('POST', '/api/admin/notifications', {
      cookie: admin.cookie,
      body: { audience: 'user', user_id: '00000000-0000-4000-8000-000000000000', title: 'x', message: 'y' },
    });
    expect(nobody.status).toBe(404);
  });

  it('sends to a role and to everyone; the list shows them; Mark All Read reads every one', async () => {
    t.clock.advance(1_000);
    const toExperts = await t.json<{ recipients: number }>(
      await t.request('POST', '/api/admin/notifications', {
        cookie: admin.cookie,
        body: { audience: 'role', role: 'expert', title: 'Experts', message: 'Hello experts' },
      }),
    );
    expect(toExperts.recipients).toBe(1);
    t.clock.advance(1_000);
    const toAll = await t.json<{ recipients: number }>(
      await t.request('POST', '/api/admin/notifications', {
        cookie: admin.cookie,
        body: { audience: 'all', title: 'Everyone', message: 'Hello all' },
      }),
    );
    expect(toAll.recipients).toBe(3);
    const list = await get<Paged<AdminNotificationDto>>('/api/admin/notifications');
    expect(list.total).toBe(5);
    expect(list.rows[0]).toMatchObject({ type: 'admin_message', title: 'Everyone', read: false });
    const marked = await t.request('POST', '/api/admin/notifications/mark-all-read', { cookie: admin.cookie, body: {} });
    expect(await t.json(marked)).toEqual({ updated: 5 });
    expect((await t.db.select().from(notifications).where(eq(notifications.read, false))).length).toBe(0);
  });
});

describe('settings', () => {
  it('reads the defaults, saves valid settings with a fresh updated_at, and the public texts follow', async () => {
    const before = await get<SystemSettingsDto>('/api/admin/settings');
    expect(before).toMatchObject({ platform_fee_percent: 10, min_task_price: 500, max_task_price: 100_000, maintenance_mode: false });
    t.clock.advance(60_000);
    const saved = await t.request('PUT', '/api/admin/settings', { cookie: admin.cookie, body: validSettings });
    expect(saved.status).toBe(200);
    const after = await t.json<SystemSettingsDto>(saved);
    expect(after).toMatchObject({ ...validSettings, privacy_policy_content: null });
    expect(after.updated_at).not.toBe(before.updated_at);
    const publicSettings = await get<Record<string, unknown>>('/api/public-settings', '');
    expect(publicSettings).toMatchObject({
      footer_text: 'Remote checks, done right.',
      contact_email: 'help@example.com',
      tos_content: 'Our terms',
      platform_fee_percent: 12.5,
    });
  });

  it.each([
    [{ platform_fee_percent: 100.5 }, messages.admin.feeOutOfRange],
    [{ platform_fee_percent: 1.001 }, messages.admin.feeTooPrecise],
    [{ min_task_price: 50 }, messages.admin.minPriceTooLow],
    [{ max_task_price: 0 }, messages.admin.maxPriceTooLow],
    [{ min_task_price: 60_000 }, messages.admin.priceRangeInverted],
    [{ contact_email: 'not-an-email' }, messages.admin.contactEmailInvalid],
  ])('refuses %o with its message', async (change, message) => {
    const response = await t.request('PUT', '/api/admin/settings', { cookie: admin.cookie, body: { ...validSettings, ...change } });
    expect(response.status).toBe(400);
    expect((await t.json<ErrorBody>(response)).error.message).toBe(message);
  });

  it('price limits from the settings apply to a new task budget, naming the limit', async () => {
    await t.db.update(systemSettings).set({ min_task_price: 2_000, max_task_price: 50_000 }).where(eq(systemSettings.id, 1));
    const response = await t.request('POST', '/api/tasks', {
      cookie: client.cookie,
      body: taskInput({ budget: 1_000 }),
    });
    expect(response.status).toBe(400);
    expect((await t.json<ErrorBody>(response)).error.message).toBe('Budget must be at least $20.00');
  });
});

describe('maintenance mode', () => {
  it('a non-admin write answers 503, reads and sign-in still work, an admin keeps working', async () => {
    await t.db.update(systemSettings).set({ maintenance_mode: true }).where(eq(systemSettings.id, 1));
    try {
      const write = await t.request('POST', '/api/notifications/read-all', { cookie: client.cookie, body: {} });
      expect(write.status).toBe(503);
      expect((await t.json<ErrorBody>(write)).error.message).toBe(messages.admin.maintenanceWrite);
      expect((await t.request('POST', '/api/tasks', { body: {} })).status).toBe(503);
      expect((await t.request('GET', '/api/me', { cookie: client.cookie })).status).toBe(200);
      expect((await t.json<{ maintenance_mode: boolean }>(await t.request('GET', '/api/public-settings'))).maintenance_mode).toBe(true);
      expect((await t.request('POST', '/api/auth/sign-in/email', { body: { email: admin.email, password: 'test-password' } })).status).toBe(200);
      const adminWrite = await t.request('POST', '/api/admin/notifications/mark-all-read', { cookie: admin.cookie, body: {} });
      expect(adminWrite.status).toBe(200);
    } finally {
      await t.db.update(systemSettings).set({ maintenance_mode: false }).where(eq(systemSettings.id, 1));
    }
    expect((await t.request('POST', '/api/tasks', { cookie: client.cookie, body: {} })).status).toBe(400);
  });
});

describe('overview and reports', () => {
  it('computes every overview figure from the data', async () => {
    const overview = await get<OverviewDto>('/api/admin/overview');
    expect(overview.users).toEqual({ total: 3, newLast7Days: 3 });
    expect(overview.tasks).toMatchObject({ total: 1, completed: 1, completionRate: 100 });
    expect(overview.revenue).toEqual({ total: 1_000, last7Days: 1_000 });
    expect(overview.taskTrend).toHaveLength(14);
    expect(overview.taskTrend.at(-1)?.count).toBe(1);
    expect(overview.verification.reduce((sum, row) => sum + row.count, 0)).toBe(1);
    expect(overview.performance).toMatchObject({ completionRate: 100, hiredTasks: 1 });
    expect(overview.revenueBreakdown).toEqual([
      { key: 'platform_fees', amount: 1_000 },
      { key: 'expert_payouts', amount: 9_000 },
      { key: 'on_hold', amount: 7_000 },
      { key: 'refunded', amount: 5_000 },
    ]);
    expect(overview.revenueByMonth).toHaveLength(6);
    expect(overview.revenueByMonth.at(-1)).toMatchObject({ volume: 10_000, revenue: 1_000 });
  });

  it('groups the reports by day, week or month', async () => {
    const week = await get<ReportsDto>('/api/admin/reports?timeframe=7d');
    expect(week.groupBy).toBe('day');
    expect(week.activity.series).toHaveLength(7);
    expect(week.activity.series.at(-1)).toMatchObject({ tasks: 1, users: 3 });
    expect(week.financial.stats).toEqual({ count: 3, volume: 10_000, revenue: 1_000, average: 10_000 });
    expect(week.financial.paymentStatus).toEqual([
      { key: 'completed', count: 1 },
      { key: 'authorized', count: 1 },
      { key: 'refunded', count: 1 },
      { key: 'failed', count: 0 },
    ]);
    expect(week.users.stats).toEqual({ totalUsers: 3, totalExperts: 1, verifiedExperts: expect.any(Number) });
    const quarter = await get<ReportsDto>('/api/admin/reports?timeframe=90d');
    expect(quarter.groupBy).toBe('week');
    expect(quarter.activity.series.length).toBeGreaterThanOrEqual(13);
    const year = await get<ReportsDto>('/api/admin/reports?timeframe=12m');
    expect(year.groupBy).toBe('month');
    expect(year.financial.series).toHaveLength(12);
    expect((await t.request('GET', '/api/admin/reports?timeframe=5y', { cookie: admin.cookie })).status).toBe(400);
  });

  it('exports CSV with every value quoted and formulas neutralised', async () => {
    await t.db.update(tasks).set({ status: 'cancelled' }).where(eq(tasks.id, taskId));
    const response = await t.request('GET', '/api/admin/reports/export?report=finance&timeframe=7d', { cookie: admin.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    const day = t.clock.now().toISOString().slice(0, 10);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="finance-report-${day}.csv"`);
    const csv = await response.text();
    expect(csv.split('\r\n')[0]).toBe('"Period","Transaction Volume (USD)","Platform Revenue (USD)"');
    expect(csv).toContain('"3","100.00","10.00","100.00"');
    for (const line of csv.split('\r\n').filter(Boolean)) expect(line).toMatch(/^"/);
    expect((await t.request('GET', '/api/admin/reports/export?report=secrets', { cookie: admin.cookie })).status).toBe(400);
  });
});
