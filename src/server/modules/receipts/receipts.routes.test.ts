import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReceiptDto } from '@shared/schemas/receipts.schemas';
import { notifications, receipts } from '../../db/schema';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { ledgerOf, moneyTask, type MoneyTask } from '../holds/money.test-helpers';
import { pdfShownText } from '../../test/pdf-text';

let t: TestApp;
let admin: TestUser;
let stranger: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser('admin');
  stranger = await t.createUser('client');
});
afterAll(async () => {
  await t.close();
});

const post = (path: string, cookie?: string, body?: unknown) => t.request('POST', path, { cookie, body });
const receiptsOf = async (user: { cookie: string }, query = '') =>
  (await t.json<{ receipts: ReceiptDto[] }>(await t.request('GET', `/api/me/receipts${query}`, { cookie: user.cookie }))).receipts;
const forTask = (list: ReceiptDto[], taskId: string) => list.filter((receipt) => receipt.task_id === taskId);
const pdfOf = (id: string, cookie?: string) => t.request('GET', `/api/receipts/${id}/pdf`, { cookie });


async function confirmed(): Promise<MoneyTask> {
  const task = await moneyTask(t, 'pending_approval');
  expect((await post(`/api/tasks/${task.taskId}/evidence/confirm`, task.client.cookie)).status).toBe(200);
  return task;
}

describe('receipts for clients (issue 51)', () => {
  it('issues one receipt when the hold is captured, with its email, and serves it as a PDF to the client', async () => {
    const task = await moneyTask(t, 'pending_approval');
    // No money has moved yet: no receipt.
    expect(forTask(await receiptsOf(task.client), task.taskId)).toEqual([]);
    // Two confirmations at once capture once and issue one receipt.
    const answers = await Promise.all([
      post(`/api/tasks/${task.taskId}/evidence/confirm`, task.client.cookie),
      post(`/api/tasks/${task.taskId}/evidence/confirm`, task.client.cookie),
    ]);
    expect(answers.map((r) => r.status)).toContain(200);
    const list = forTask(await receiptsOf(task.client), task.taskId);
    expect(list).toEqual([
      expect.objectContaining({ kind: 'payment', amount: 10_000, platform_fee: 1_000, expert_name: expect.stringMatching(/\S/) }),
    ]);
    expect(list[0]!.number).toMatch(/^R-\d{4}-[0-9A-F]{10}$/);
    const notices = await t.db.select().from(notifications).where(eq(notifications.user_id, task.client.id));
    expect(notices.filter((n) => n.type === 'payment_receipt' && n.task_id === task.taskId)).toHaveLength(1);
    // The expert is not billed: no receipt in their list.
    expect(forTask(await receiptsOf(task.expert), task.taskId)).toEqual([]);

    const pdf = await pdfOf(list[0]!.id, task.client.cookie);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toContain(`receipt-${list[0]!.number}.pdf`);
    const body = new Uint8Array(await pdf.arrayBuffer());
    const text = pdfShownText(body);
    expect(text).toContain(`Receipt number: ${list[0]!.number}`);
    expect(text).toContain('Amount: $100.00');
    expect(text).toContain('Of which platform fee: $10.00');
    expect(text).toContain('Of which to the expert: $90.00');
    expect(text).toContain(`Expert: ${list[0]!.expert_name}`);
  });

  it('issues a partial payment receipt for a partial capture and a refund receipt with the fee given back', async () => {
    const disputed = await moneyTask(t, 'pending_approval');
    await post(`/api/tasks/${disputed.taskId}/evidence/reject`, disputed.client.cookie, { reason: 'The photos are blurry.', request_changes: true });
    const money = await t.json<{ dispute: { id: string } }>(await t.request('GET', `/api/tasks/${disputed.taskId}/money`, { cookie: admin.cookie }));
    expect((await post(`/api/admin/disputes/${money.dispute.id}/resolve`, admin.cookie, { resolution: 'partial', amount_cents: 4_000 })).status).toBe(200);
    expect(forTask(await receiptsOf(disputed.client), disputed.taskId)).toEqual([
      expect.objectContaining({ kind: 'partial_payment', amount: 4_000, platform_fee: 400 }),
    ]);

    const task = await confirmed();
    const [row] = await ledgerOf(t, task.taskId);
    t.clock.advance(60_000);
    const key = randomUUID();
    expect((await post(`/api/admin/transactions/${row!.id}/refund`, admin.cookie, { amount_cents: 2_500, idempotency_key: key })).status).toBe(200);
    // The same refund again (the dialog's key) gives no second receipt.
    expect((await post(`/api/admin/transactions/${row!.id}/refund`, admin.cookie, { amount_cents: 2_500, idempotency_key: key })).status).toBe(200);
    const list = forTask(await receiptsOf(task.client), task.taskId);
    expect(list.map((r) => [r.kind, r.amount, r.platform_fee])).toEqual([
      ['refund', 2_500, 250],
      ['payment', 10_000, 1_000],
    ]);
    const text = pdfShownText(new Uint8Array(await (await pdfOf(list[0]!.id, task.client.cookie)).arrayBuffer()));
    expect(text).toContain('Amount refunded to your card: $25.00');
  });

  it('serves a receipt to its client and admins only; anyone else gets 404, a signed-out caller 401', async () => {
    const task = await confirmed();
    const [receipt] = forTask(await receiptsOf(task.client), task.taskId);
    expect((await pdfOf(receipt!.id)).status).toBe(401);
    expect((await pdfOf(receipt!.id, stranger.cookie)).status).toBe(404);
    expect((await pdfOf(receipt!.id, task.expert.cookie)).status).toBe(404);
    expect((await pdfOf(receipt!.id, admin.cookie)).status).toBe(200);
    expect((await pdfOf(randomUUID(), task.client.cookie)).status).toBe(404);
    expect((await pdfOf('not-an-id', task.client.cookie)).status).toBe(404);
    expect(forTask(await receiptsOf(stranger), task.taskId)).toEqual([]);
    expect((await t.request('GET', '/api/me/receipts')).status).toBe(401);
  });

  it('refuses a bad page request with a clear 400 and pages newest first', async () => {
    const task = await confirmed();
    for (const query of ['?limit=0', '?limit=101', '?limit=x', '?before=nope']) {
      const response = await t.request('GET', `/api/me/receipts${query}`, { cookie: task.client.cookie });
      expect(response.status).toBe(400);
      expect((await t.json<{ error: { message: string } }>(response)).error.message).toBe('The request is not valid.');
    }
    const second = await confirmed();
    // moneyTask makes a new client each time: give the first client a second receipt by hand.
    const [older] = await t.db.select().from(receipts).where(eq(receipts.client_id, task.client.id));
    await t.db.insert(receipts).values({ ...older!, id: randomUUID(), source_key: `test:${randomUUID()}`, created_at: new Date(older!.created_at.getTime() + 1_000) });
    const [first] = await receiptsOf(task.client, '?limit=1');
    const rest = await receiptsOf(task.client, `?limit=1&before=${first!.id}`);
    expect(rest).toHaveLength(1);
    expect(rest[0]!.id).toBe(older!.id);
    expect(forTask(await receiptsOf(second.client), second.taskId)).toHaveLength(1);
  });
});
