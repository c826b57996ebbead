import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import type { EarningsDto } from '@shared/schemas/earnings.schemas';
import { expertPayouts, transactions } from '../../db/schema';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { localOf } from '../payments/payments.test-helpers';
import { moneyTask, type MoneyTask } from '../holds/money.test-helpers';
import { syncExpertEarnings } from './earnings-sync';
import { pdfText, hexOf } from '../../test/pdf-text';

const text = messages.earnings;
const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function confirmedTask(budget = 10_000): Promise<MoneyTask> {
  const task = await moneyTask(t, 'pending_approval', { budget });
  expect(
    (await t.request('POST', `/api/tasks/${task.taskId}/evidence/confirm`, { cookie: task.client.cookie }))
      .status,
  ).toBe(200);
  return task;
}

const earnings = async (expert: TestUser, query = '') => {
  const response = await t.request('GET', `/api/earnings${query}`, { cookie: expert.cookie });
  expect(response.status).toBe(200);
  return t.json<EarningsDto>(response);
};

/** The page asks for a sync; the job reads the provider into our tables. */
async function openAndSync(expert: TestUser) {
  // The capture job first: run in the same pass as the sync (the runner's two lanes run side by side
  // on PostgreSQL), the sync could read the provider before the capture's balance transaction exists.
  await t.context.jobs.runDue();
  await earnings(expert);
  await t.context.jobs.runDue();
  return earnings(expert);
}


describe('GET /api/earnings', () => {
  it('shows each task with price, fees, tip and net, equal to the provider records, through to paid', async () => {
    const task = await confirmedTask();
    const tip = await t.request('POST', `/api/tasks/${task.taskId}/tips`, {
      cookie: task.client.cookie,
      body: { percent: 15, idempotency_key: randomUUID() },
    });
    expect(tip.status).toBe(201);
    const [ledger] = await t.db.select().from(transactions).where(eq(transactions.task_id, task.taskId));

    // Before the provider reported anything: captured, its fee unknown.
    const first = await earnings(task.expert);
    expect(first.rows).toEqual([
      expect.objectContaining({
        task_id: task.taskId,
        price_cents: 10_000,
        platform_fee_cents: ledger.platform_fee,
        provider_fee_cents: null,
        tip_cents: 1_500,
        status: 'captured',
      }),
    ]);

    await t.context.jobs.runDue();
    const synced = await earnings(task.expert);
    const [row] = synced.rows;
    // The local provider's fee: 2.9% + 30 cents of each charge (the task's and the tip's).
    const providerFee = Math.round(10_000 * 0.029) + 30 + Math.round(1_500 * 0.029) + 30;
    expect(row).toMatchObject({
      provider_fee_cents: providerFee,
      net_cents: 10_000 - ledger.platform_fee - providerFee + 1_500,
    });
    // The totals equal the sum of the provider's own net amounts for the account.
    const records = await localOf(t).listBalanceTransactions(task.expert.accountId);
    expect(synced.totals.year.net_cents).toBe(records.reduce((sum, record) => sum + record.netCents, 0));
    expect(synced.totals.month).toEqual(synced.totals.year);
    expect(synced.years).toEqual([t.clock.now().getUTCFullYear()]);

    // The daily payout carries it; two days after capture it is in the bank.
    t.clock.advance(DAY + 60_000);
    const inTransit = await openAndSync(task.expert);
    expect(inTransit.rows[0]).toMatchObject({ status: 'in_transit' });
    expect(Date.parse(inTransit.rows[0].expected_arrival!)).toBeGreaterThan(t.clock.now().getTime());
    t.clock.advance(DAY + 60_000);
    const paid = await openAndSync(task.expert);
    expect(paid.rows[0]).toMatchObject({ status: 'paid', net_cents: row.net_cents });
  });

  it('shows a held payment apart, and filters by date', async () => {
    const task = await moneyTask(t, 'in_progress', { budget: 8_000 });
    const page = await earnings(task.expert);
    expect(page.rows).toEqual([expect.objectContaining({ status: 'held', price_cents: 8_000 })]);
    expect(page.totals.held_cents).toBe(8_000);
    expect(page.totals.year.net_cents).toBe(0);
    const today = t.clock.now().toISOString().slice(0, 10);
    expect((await earnings(task.expert, `?from=${today}&to=${today}`)).rows).toHaveLength(1);
    expect((await earnings(task.expert, '?to=2000-01-01')).rows).toHaveLength(0);
  });

  it('refuses bad dates with a clear message', async () => {
    const expert = await t.createUser('expert');
    for (const [query, message] of [
      ['?from=2026-13-45', text.invalidDate],
      ['?from=yesterday', text.invalidDate],
      ['?from=2026-02-01&to=2026-01-01', text.invalidRange],
    ]) {
      const response = await t.request('GET', `/api/earnings${query}`, { cookie: expert.cookie });
      expect(response.status, query).toBe(400);
      expect(JSON.stringify(await t.json(response))).toContain(message);
    }
    const year = await t.request('GET', '/api/earnings/statements/1999', { cookie: expert.cookie });
    expect(year.status).toBe(400);
    expect(JSON.stringify(await t.json(year))).toContain(text.invalidYear);
  });

  it('is for experts only: a client is refused, a visitor must sign in', async () => {
    const client = await t.createUser('client');
    for (const path of ['/api/earnings', '/api/earnings/export', '/api/earnings/statements/2026']) {
      const response = await t.request('GET', path, { cookie: client.cookie });
      expect(response.status, path).toBe(403);
      expect(await t.json(response)).toMatchObject({ error: { message: text.onlyExperts } });
      expect((await t.request('GET', path)).status).toBe(401);
    }
    expect((await t.request('POST', '/api/earnings/dashboard-link', { cookie: client.cookie })).status).toBe(
      403,
    );
  });

  it('another expert sees none of it', async () => {
    const task = await confirmedTask();
    const other = await t.createUser('expert');
    expect((await earnings(other)).rows.map((row) => row.task_id)).not.toContain(task.taskId);
  });
});

describe('the CSV and the yearly statement', () => {
  it('hold the same numbers as the page', async () => {
    const task = await confirmedTask(12_000);
    const page = await openAndSync(task.expert);
    const [row] = page.rows;
    const csvResponse = await t.request('GET', '/api/earnings/export', { cookie: task.expert.cookie });
    expect(csvResponse.status).toBe(200);
    expect(csvResponse.headers.get('content-type')).toContain('text/csv');
    const csv = await csvResponse.text();
    const dollars = (cents: number) => (cents / 100).toFixed(2);
    expect(csv.split('\r\n')[0]).toContain(text.providerFee);
    expect(csv).toContain(
      `"${dollars(row.price_cents)}","${dollars(row.platform_fee_cents)}","${dollars(row.provider_fee_cents!)}","0.00","${dollars(row.net_cents)}","${text.statusCaptured}"`,
    );

    const year = t.clock.now().getUTCFullYear();
    const pdfResponse = await t.request('GET', `/api/earnings/statements/${year}`, {
      cookie: task.expert.cookie,
    });
    expect(pdfResponse.status).toBe(200);
    expect(pdfResponse.headers.get('content-type')).toBe('application/pdf');
    const pdf = pdfText(new Uint8Array(await pdfResponse.arrayBuffer()));
    const usd = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
    expect(pdf).toContain(hexOf(`Earnings statement ${year}`));
    expect(pdf).toContain(hexOf(usd(row.net_cents)));
    expect(pdf).toContain(hexOf(usd(page.totals.year.net_cents)));
    expect(pdf).toContain(hexOf(usd(row.provider_fee_cents!)));
  });
});

describe('payouts from the provider', () => {
  it('applies a payout.* webhook once per event id', async () => {
    const task = await confirmedTask();
    const local = localOf(t);
    t.clock.advance(3 * DAY);
    const [payout] = await local.listPayouts(task.expert.accountId);
    const object = {
      id: payout.id,
      object: 'payout',
      amount: payout.amountCents,
      status: 'paid',
      arrival_date: Math.floor(payout.arrivalDate.getTime() / 1000),
      created: Math.floor(payout.createdAt.getTime() / 1000),
    };
    const event = local.buildWebhookEvent({ type: 'payout.paid', object, accountId: task.expert.accountId });
    const deliver = () =>
      t.request('POST', '/api/payment-webhooks', {
        body: event.rawBody,
        headers: { 'content-type': 'application/json', [event.header]: event.signature },
      });
    expect(await (await deliver()).json()).toEqual({ received: true, duplicate: false });
    expect(await (await deliver()).json()).toEqual({ received: true, duplicate: true });
    const rows = await t.db.select().from(expertPayouts).where(eq(expertPayouts.expert_id, task.expert.id));
    expect(rows).toMatchObject([{ id: payout.id, status: 'paid', amount: payout.amountCents }]);
    // The page shows it without any sync: the webhook stored the payout and what it carried.
    expect((await earnings(task.expert)).rows[0]).toMatchObject({ status: 'paid' });
  });

  it('two syncs at once store each payout once', async () => {
    const task = await confirmedTask();
    t.clock.advance(3 * DAY);
    const deps = { db: t.db, clock: t.clock, provider: () => t.providers.payments };
    await Promise.all([syncExpertEarnings(deps, task.expert.id), syncExpertEarnings(deps, task.expert.id)]);
    expect(
      await t.db.select().from(expertPayouts).where(eq(expertPayouts.expert_id, task.expert.id)),
    ).toHaveLength(1);
  });

  it('opens the payout dashboard through a login link', async () => {
    const task = await confirmedTask();
    const response = await t.request('POST', '/api/earnings/dashboard-link', { cookie: task.expert.cookie });
    expect(response.status).toBe(200);
    const { url } = await t.json<{ url: string }>(response);
    expect(url).toContain(`/dev/payments/dashboard/${task.expert.accountId}`);
    const noAccount = await t.createUser('expert', { payable: false });
    const refused = await t.request('POST', '/api/earnings/dashboard-link', { cookie: noAccount.cookie });
    expect(refused.status).toBe(409);
  });
});
