import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import type { ReceiptDto } from '@shared/schemas/receipts.schemas';
import type { TaskTipDto, TipDto } from '@shared/schemas/tips.schemas';
import { localPaymentIntents, notifications, tips } from '../../db/schema';
import { findJob } from '../../jobs/jobs.repository';
import { PaymentProviderError } from '../../providers/payments/payment-provider';
import { createTestApp, type TestApp } from '../../test/test-app';
import { localOf, overrideProvider } from '../payments/payments.test-helpers';
import { moneyTask, type MoneyTask } from '../holds/money.test-helpers';
import { tipJobKey } from './tip-charge';

const text = messages.earnings;
const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A task the client confirmed: verified, the hold captured. */
async function confirmedTask(budget = 10_000): Promise<MoneyTask> {
  const task = await moneyTask(t, 'pending_approval', { budget });
  const confirm = await t.request('POST', `/api/tasks/${task.taskId}/evidence/confirm`, {
    cookie: task.client.cookie,
  });
  expect(confirm.status).toBe(200);
  return task;
}

const addTip = (task: MoneyTask, body: unknown, cookie = task.client.cookie) =>
  t.request('POST', `/api/tasks/${task.taskId}/tips`, { cookie, body });
const key = () => `tip-${randomUUID()}`;
const tipReceiptsOf = async (task: MoneyTask) =>
  (await t.json<{ receipts: ReceiptDto[] }>(await t.request('GET', '/api/me/receipts', { cookie: task.client.cookie }))).receipts.filter(
    (receipt) => receipt.task_id === task.taskId,
  );

/** The local intents made for a task's tips (metadata tip_for_task), with their fee and status. */
async function tipIntents(taskId: string) {
  const rows = await t.db.select().from(localPaymentIntents);
  return rows.filter((row) => {
    const metadata = JSON.parse(row.metadata ?? '{}') as Record<string, string>;
    return metadata.tip_for_task === taskId && metadata.tip_id;
  });
}

describe('POST /api/tasks/:id/tips', () => {
  it('charges 15% of the price to the expert with no platform fee, once per request key', async () => {
    const task = await confirmedTask();
    const idempotency_key = key();
    const response = await addTip(task, { percent: 15, idempotency_key });
    expect(response.status).toBe(201);
    const { tip } = await t.json<{ tip: TipDto }>(response);
    expect(tip).toMatchObject({ amount_cents: 1_500, percent: 15, status: 'succeeded' });
    const [intent] = await tipIntents(task.taskId);
    expect(intent).toMatchObject({
      amount: 1_500,
      amount_captured: 1_500,
      application_fee_amount: 0,
      status: 'succeeded',
      destination: task.expert.accountId,
    });
    // Pressed again: the same tip, no second charge.
    const again = await addTip(task, { percent: 15, idempotency_key });
    expect(again.status).toBe(200);
    expect((await t.json<{ tip: TipDto }>(again)).tip.id).toBe(tip.id);
    expect(await tipIntents(task.taskId)).toHaveLength(1);
    // Another tip on the same task is refused; the page shows the one there is.
    const other = await addTip(task, { amount_cents: 500, idempotency_key: key() });
    expect(other.status).toBe(409);
    expect(await t.json(other)).toMatchObject({ error: { message: text.tipAlreadyAdded } });
    // The task's own intents (what the reconciler checks) do not include the tip's charge.
    expect(
      (await localOf(t).listPaymentIntentsForTask(task.taskId)).map((listed) => listed.id),
    ).not.toContain(intent.id);
    const read = await t.json<TaskTipDto>(
      await t.request('GET', `/api/tasks/${task.taskId}/tip`, { cookie: task.client.cookie }),
    );
    expect(read).toMatchObject({ can_tip: false, price_cents: 10_000, tip: { id: tip.id } });
    // Issue 51: one receipt for the tip, with no platform fee, even though it was pressed twice.
    const tipReceipts = (await tipReceiptsOf(task)).filter((receipt) => receipt.kind === 'tip');
    expect(tipReceipts).toEqual([expect.objectContaining({ amount: 1_500, platform_fee: 0 })]);
    // The expert hears of it once.
    const told = await t.db.select().from(notifications).where(eq(notifications.user_id, task.expert.id));
    expect(told.filter((row) => row.type === 'tip_received' && row.task_id === task.taskId).map((row) => row.message)).toEqual([
      expect.stringMatching(/^Your client tipped \$15\.00 for "/),
    ]);
  });

  it('takes a custom amount', async () => {
    const task = await confirmedTask();
    const response = await addTip(task, { amount_cents: 2_345, idempotency_key: key() });
    expect(response.status).toBe(201);
    expect((await t.json<{ tip: TipDto }>(response)).tip).toMatchObject({
      amount_cents: 2_345,
      percent: null,
      status: 'succeeded',
    });
  });

  it('refuses bad input with a clear message', async () => {
    const task = await confirmedTask();
    for (const [body, message] of [
      [{ idempotency_key: key() }, text.tipAmountRequired],
      [{ percent: 12, idempotency_key: key() }, text.tipAmountRequired],
      [{ percent: 10, amount_cents: 500, idempotency_key: key() }, text.tipAmountRequired],
      [{ amount_cents: 50, idempotency_key: key() }, text.tipAmountTooSmall],
      [
        { amount_cents: 1_000_000, idempotency_key: key() },
        format(text.tipAmountTooLarge, { max: '$1,000.00' }),
      ],
      [{ percent: 10 }, text.tipKeyRequired],
    ] as const) {
      const response = await addTip(task, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(await t.json(response))).toContain(message);
    }
    expect(await tipIntents(task.taskId)).toHaveLength(0);
  });

  it('lets only the client tip: the expert is refused (403), a stranger learns nothing (404)', async () => {
    const task = await confirmedTask();
    expect((await addTip(task, { percent: 10, idempotency_key: key() }, task.expert.cookie)).status).toBe(
      403,
    );
    const stranger = await t.createUser('client');
    expect((await addTip(task, { percent: 10, idempotency_key: key() }, stranger.cookie)).status).toBe(404);
    expect(
      (await t.request('GET', `/api/tasks/${task.taskId}/tip`, { cookie: stranger.cookie })).status,
    ).toBe(404);
    expect(
      (
        await t.request('POST', `/api/tasks/not-a-uuid/tips`, {
          cookie: task.client.cookie,
          body: { percent: 10, idempotency_key: key() },
        })
      ).status,
    ).toBe(404);
  });

  it('refuses a tip before confirmation and after 7 days', async () => {
    const early = await moneyTask(t, 'pending_approval');
    const before = await addTip(early, { percent: 10, idempotency_key: key() });
    expect(before.status).toBe(409);
    expect(await t.json(before)).toMatchObject({ error: { message: text.tipNotCompleted } });

    const task = await confirmedTask();
    t.clock.advance(7 * DAY + 1);
    const late = await addTip(task, { percent: 10, idempotency_key: key() });
    expect(late.status).toBe(409);
    expect(await t.json(late)).toMatchObject({ error: { message: text.tipWindowClosed } });
    expect(
      (
        await t.json<TaskTipDto>(
          await t.request('GET', `/api/tasks/${task.taskId}/tip`, { cookie: task.client.cookie }),
        )
      ).can_tip,
    ).toBe(false);
  });

  it('makes one tip of two parallel requests with the same key', async () => {
    const task = await confirmedTask();
    const idempotency_key = key();
    const responses = await Promise.all([1, 2, 3].map(() => addTip(task, { percent: 20, idempotency_key })));
    expect(responses.map((response) => response.status).sort()).toEqual([200, 200, 201]);
    const ids = new Set(
      await Promise.all(responses.map(async (response) => (await t.json<{ tip: TipDto }>(response)).tip.id)),
    );
    expect(ids.size).toBe(1);
    expect(await t.db.select().from(tips).where(eq(tips.task_id, task.taskId))).toHaveLength(1);
    const intents = await tipIntents(task.taskId);
    expect(intents.map((intent) => [intent.amount_captured, intent.status])).toEqual([[2_000, 'succeeded']]);
  });
});

describe('a tip when the provider fails', () => {
  it('is written with its job when the provider is down, and the job charges it once', async () => {
    const task = await confirmedTask();
    const restore = overrideProvider(t, {
      reauthorizeWithSavedMethod: async () => {
        throw new PaymentProviderError('unavailable', 'The provider is down.');
      },
    });
    let tip: TipDto;
    try {
      const response = await addTip(task, { percent: 10, idempotency_key: key() });
      expect(response.status).toBe(201);
      tip = (await t.json<{ tip: TipDto }>(response)).tip;
      expect(tip.status).toBe('pending');
      expect(await findJob(t.db, tipJobKey(tip.id))).toMatchObject({ done_at: null });
    } finally {
      restore();
    }
    t.clock.advance(60_000);
    await t.context.jobs.runDue();
    const [row] = await t.db.select().from(tips).where(eq(tips.id, tip.id));
    expect(row.status).toBe('succeeded');
    expect((await tipIntents(task.taskId)).map((intent) => intent.amount_captured)).toEqual([1_000]);
  });

  it('a crash after the capture neither loses nor doubles the tip', async () => {
    const task = await confirmedTask();
    const local = localOf(t);
    const restore = overrideProvider(t, {
      capturePaymentIntent: async (id: string, options: { idempotencyKey: string }) => {
        await local.capturePaymentIntent(id, options);
        throw new Error('the process died after the provider captured');
      },
    });
    let tipId: string;
    try {
      const response = await addTip(task, { amount_cents: 700, idempotency_key: key() });
      tipId = (await t.json<{ tip: TipDto }>(response)).tip.id;
    } finally {
      restore();
    }
    t.clock.advance(60_000);
    await t.context.jobs.runDue();
    const [row] = await t.db.select().from(tips).where(eq(tips.id, tipId));
    expect(row.status).toBe('succeeded');
    const intents = await tipIntents(task.taskId);
    expect(intents.map((intent) => [intent.amount_captured, intent.status])).toEqual([[700, 'succeeded']]);
    expect((await tipReceiptsOf(task)).filter((receipt) => receipt.kind === 'tip').map((receipt) => receipt.amount)).toEqual([700]);
  });

  it('ends a declined tip as failed with the reason, and lets the client try again', async () => {
    const task = await confirmedTask();
    const restore = overrideProvider(t, {
      reauthorizeWithSavedMethod: async () => {
        throw new PaymentProviderError('card_declined', 'Your card was declined.');
      },
    });
    try {
      const response = await addTip(task, { percent: 10, idempotency_key: key() });
      expect((await t.json<{ tip: TipDto }>(response)).tip).toMatchObject({
        status: 'failed',
        failure_message: 'Your card was declined.',
      });
    } finally {
      restore();
    }
    const retry = await addTip(task, { percent: 10, idempotency_key: key() });
    expect((await t.json<{ tip: TipDto }>(retry)).tip.status).toBe('succeeded');
  });

  it('asks for another card when the bank wants the client to authenticate', async () => {
    const task = await confirmedTask();
    const restore = overrideProvider(t, {
      reauthorizeWithSavedMethod: async () => {
        throw new PaymentProviderError('authentication_failed', 'authentication_required');
      },
    });
    try {
      const response = await addTip(task, { percent: 10, idempotency_key: key() });
      expect((await t.json<{ tip: TipDto }>(response)).tip).toMatchObject({
        status: 'requires_action',
        failure_message: text.tipNeedsAuthentication,
      });
    } finally {
      restore();
    }
  });
});
