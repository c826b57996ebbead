import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import type { AdminDisputeDto, RefundableTransactionDto, TaskMoneyDto } from '@shared/schemas/disputes.schemas';
import type { EvidenceItemsDto } from '@shared/schemas/evidence-trust';
import { auditLog, disputes } from '../../db/schema';
import { PaymentProviderError } from '../../providers/payments/payment-provider';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { overrideProvider } from '../payments/payments.test-helpers';
import { evidenceForm, imageFile } from '../tasks/tasks.test-helpers';
import { intentAt, ledgerOf, moneyTask, notificationTypes, submitEvidence, taskOf, type MoneyTask } from '../holds/money.test-helpers';

let t: TestApp;
let admin: TestUser;
let stranger: TestUser;
let otherExpert: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser('admin');
  stranger = await t.createUser('client');
  otherExpert = await t.createUser('expert');
});
afterAll(async () => {
  await t.close();
});

const post = (path: string, cookie?: string, body?: unknown) => t.request('POST', path, { cookie, body });
const errorMessage = async (response: Response) => (await t.json<{ error: { message: string } }>(response)).error.message;
const reject = (task: MoneyTask, body: unknown = { reason: 'The photos are blurry.', request_changes: true }, cookie = task.client.cookie) =>
  post(`/api/tasks/${task.taskId}/evidence/reject`, cookie, body);
const disputeOf = async (taskId: string) => (await t.json<TaskMoneyDto>(await t.request('GET', `/api/tasks/${taskId}/money`, { cookie: admin.cookie }))).dispute!;
const resolve = (disputeId: string, body: unknown, cookie = admin.cookie) => post(`/api/admin/disputes/${disputeId}/resolve`, cookie, body);

describe('POST /api/tasks/:id/evidence/reject opens a dispute', () => {
  it('needs a reason, the client (or an admin) and evidence awaiting review', async () => {
    const task = await moneyTask(t, 'pending_approval');
    const missing = await reject(task, { request_changes: true });
    expect(missing.status).toBe(400);
    expect(await errorMessage(missing)).toBe(messages.disputes.reasonRequired);
    expect((await reject(task, { reason: '   ' })).status).toBe(400);
    expect((await reject(task, { reason: 'x'.repeat(2001) })).status).toBe(400);
    expect((await post(`/api/tasks/${task.taskId}/evidence/reject`, undefined, { reason: 'no' })).status).toBe(401);
    expect((await reject(task, undefined, stranger.cookie)).status).toBe(404);
    expect((await reject(task, undefined, task.expert.cookie)).status).toBe(403);
    const inProgress = await moneyTask(t, 'in_progress');
    expect((await reject(inProgress)).status).toBe(409);
  });

  it('keeps the hold, records the reason, and tells the expert and admins', async () => {
    const task = await moneyTask(t, 'pending_approval');
    const response = await reject(task);
    expect(response.status).toBe(200);
    expect((await t.json<{ message: string }>(response)).message).toBe(messages.disputes.opened);
    expect(await taskOf(t, task.taskId)).toMatchObject({ status: 'disputed', payment_status: 'authorized', review_window_ends_at: null });
    expect((await intentAt(t, task.intentId)).status).toBe('requires_capture');
    const dispute = await disputeOf(task.taskId);
    expect(dispute).toMatchObject({ reason: 'The photos are blurry.', request_changes: true, status: 'open' });
    expect(await notificationTypes(t, task.expert.id, task.taskId)).toContain('evidence_rejected');
    expect(await notificationTypes(t, admin.id, task.taskId)).toContain('dispute_opened');
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.target_id, task.taskId));
    expect(audit.map((row) => row.action)).toContain('dispute.opened');
    // Two parallel rejects: one dispute.
    const again = await reject(task);
    expect(again.status).toBe(409);
    expect((await t.db.select().from(disputes).where(eq(disputes.task_id, task.taskId))).length).toBe(1);
  });
});

describe('the expert answers a dispute', () => {
  it('resubmits evidence once; a second rejection goes to an admin', async () => {
    const task = await moneyTask(t, 'pending_approval');
    await reject(task);
    const byOther = await t.request('POST', `/api/tasks/${task.taskId}/evidence/resubmit`, {
      body: evidenceForm('Mine', [imageFile()]),
      cookie: otherExpert.cookie,
    });
    expect([403, 404]).toContain(byOther.status);
    const byClient = await t.request('POST', `/api/tasks/${task.taskId}/evidence/resubmit`, {
      body: evidenceForm('Mine', [imageFile()]),
      cookie: task.client.cookie,
    });
    expect(byClient.status).toBe(403);
    const before = await t.json<EvidenceItemsDto>(await t.request('GET', `/api/tasks/${task.taskId}/evidence-items`, { cookie: task.client.cookie }));
    expect(before.files.length).toBeGreaterThan(0);
    await submitEvidence(t, task.taskId, task.expert, 'evidence/resubmit');
    expect(await taskOf(t, task.taskId)).toMatchObject({ status: 'pending_approval' });
    expect(await notificationTypes(t, task.client.id, task.taskId)).toContain('evidence_resubmitted');
    // The rejected delivery stays, as earlier versions both parties (and the admin who rules) can open.
    for (const viewer of [task.client, task.expert, admin]) {
      const after = await t.json<EvidenceItemsDto>(await t.request('GET', `/api/tasks/${task.taskId}/evidence-items`, { cookie: viewer.cookie }));
      expect(after.files.filter((file) => !file.current).map((file) => file.sha256)).toEqual(before.files.map((file) => file.sha256));
      expect(after.files.filter((file) => file.current)).toHaveLength(1);
      const earliest = await t.request('GET', `/api/tasks/${task.taskId}/evidence/${before.files[0]!.index}`, { cookie: viewer.cookie });
      expect(earliest.status).toBe(200);
    }
    expect((await reject(task, { reason: 'Still blurry.' })).status).toBe(200);
    const dispute = await disputeOf(task.taskId);
    expect(dispute).toMatchObject({ status: 'resubmitted', reason: 'Still blurry.' });
    const second = await t.request('POST', `/api/tasks/${task.taskId}/evidence/resubmit`, {
      body: evidenceForm('Again', [imageFile()]),
      cookie: task.expert.cookie,
    });
    expect(second.status).toBe(409);
    expect(await errorMessage(second)).toBe(messages.disputes.alreadyResubmitted);
  });

  it('accepts the rejection: the task is cancelled and the hold voided', async () => {
    const task = await moneyTask(t, 'pending_approval');
    await reject(task);
    expect((await post(`/api/tasks/${task.taskId}/dispute/accept`, task.client.cookie)).status).toBe(403);
    expect((await post(`/api/tasks/${task.taskId}/dispute/accept`, task.expert.cookie)).status).toBe(200);
    expect(await taskOf(t, task.taskId)).toMatchObject({ status: 'cancelled', payment_status: 'unpaid' });
    expect((await intentAt(t, task.intentId)).status).toBe('canceled');
    expect((await ledgerOf(t, task.taskId)).map((r) => r.status)).toEqual(['voided']);
    expect((await disputeOf(task.taskId)).resolution).toBe('expert_accepted');
    expect(await notificationTypes(t, task.client.id, task.taskId)).toContain('rejection_accepted');
    expect((await post(`/api/tasks/${task.taskId}/dispute/accept`, task.expert.cookie)).status).toBe(409);
  });
});

describe('admins resolve disputes', () => {
  it('lists open disputes for admins only', async () => {
    const task = await moneyTask(t, 'pending_approval');
    await reject(task);
    expect((await t.request('GET', '/api/admin/disputes')).status).toBe(401);
    expect((await t.request('GET', '/api/admin/disputes', { cookie: task.client.cookie })).status).toBe(403);
    expect((await t.request('GET', '/api/admin/disputes', { cookie: task.expert.cookie })).status).toBe(403);
    expect((await t.request('GET', '/api/admin/disputes?status=nope', { cookie: admin.cookie })).status).toBe(400);
    const list = await t.json<{ disputes: AdminDisputeDto[] }>(await t.request('GET', '/api/admin/disputes', { cookie: admin.cookie }));
    const item = list.disputes.find((row) => row.task_id === task.taskId)!;
    expect(item).toMatchObject({ reason: 'The photos are blurry.', task: { budget: 10_000, status: 'disputed' } });
    expect(item.client_name).toContain('Client');
  });

  it('releases in full: captured, verified, both parties told', async () => {
    const task = await moneyTask(t, 'pending_approval');
    await reject(task);
    const dispute = await disputeOf(task.taskId);
    expect((await resolve(dispute.id, { resolution: 'release' }, task.client.cookie)).status).toBe(403);
    expect((await resolve(dispute.id, { resolution: 'nope' })).status).toBe(400);
    expect((await resolve(randomUUID(), { resolution: 'release' })).status).toBe(404);
    expect((await resolve('not-a-uuid', { resolution: 'release' })).status).toBe(400);
    const response = await resolve(dispute.id, { resolution: 'release' });
    expect(response.status).toBe(200);
    expect(await taskOf(t, task.taskId)).toMatchObject({ status: 'verified', payment_status: 'captured' });
    expect((await intentAt(t, task.intentId)).amountCapturedCents).toBe(10_000);
    expect((await ledgerOf(t, task.taskId))[0]).toMatchObject({ status: 'captured', amount: 10_000, platform_fee: 1_000 });
    expect(await notificationTypes(t, task.client.id, task.taskId)).toContain('dispute_resolved');
    expect(await notificationTypes(t, task.expert.id, task.taskId)).toContain('dispute_resolved');
    expect((await resolve(dispute.id, { resolution: 'refund' })).status).toBe(409);
  });

  it('captures part: an amount between 1 and the authorized amount, with the fee on what is captured', async () => {
    const task = await moneyTask(t, 'pending_approval');
    await reject(task);
    const dispute = await disputeOf(task.taskId);
    expect((await resolve(dispute.id, { resolution: 'partial' })).status).toBe(400);
    expect((await resolve(dispute.id, { resolution: 'partial', amount_cents: 0 })).status).toBe(400);
    expect((await resolve(dispute.id, { resolution: 'partial', amount_cents: 10_001 })).status).toBe(400);
    expect((await resolve(dispute.id, { resolution: 'partial', amount_cents: 4_000 })).status).toBe(200);
    expect((await intentAt(t, task.intentId)).amountCapturedCents).toBe(4_000);
    expect((await ledgerOf(t, task.taskId))[0]).toMatchObject({ status: 'captured', amount: 4_000, platform_fee: 400 });
    expect(await disputeOf(task.taskId)).toMatchObject({ resolution: 'partial', captured_amount: 4_000 });
  });

  it('refunds in full by voiding the hold; a provider failure leaves the void to its job (decision 0440)', async () => {
    const task = await moneyTask(t, 'pending_approval');
    await reject(task);
    const dispute = await disputeOf(task.taskId);
    const restore = overrideProvider(t, {
      cancelPaymentIntent: async () => {
        throw new PaymentProviderError('unavailable', 'The provider is down.');
      },
    });
    try {
      expect((await resolve(dispute.id, { resolution: 'refund' })).status).toBe(200);
    } finally {
      restore();
    }
    expect(await taskOf(t, task.taskId)).toMatchObject({ status: 'cancelled', payment_status: 'authorized' });
    expect((await disputeOf(task.taskId)).status).toBe('resolved');
    expect((await resolve(dispute.id, { resolution: 'refund' })).status).toBe(409);
    t.clock.advance(60_000);
    await t.context.jobs.runDue();
    expect(await taskOf(t, task.taskId)).toMatchObject({ status: 'cancelled', payment_status: 'unpaid' });
    expect((await intentAt(t, task.intentId)).status).toBe('canceled');
    expect((await ledgerOf(t, task.taskId)).map((r) => r.status)).toEqual(['voided']);
  });

  it('a failed capture keeps the resolution and its capture job; the job captures once (decision 0440)', async () => {
    const task = await moneyTask(t, 'pending_approval');
    await reject(task);
    const dispute = await disputeOf(task.taskId);
    const restore = overrideProvider(t, {
      capturePaymentIntent: async () => {
        throw new PaymentProviderError('unavailable', 'The provider is down.');
      },
    });
    try {
      // Two admins at once: one resolution is written. The other is told it is resolved (200) when the
      // two overlap, or that it is no longer open (409) when the first had already finished.
      const [a, b] = await Promise.all([resolve(dispute.id, { resolution: 'release' }), resolve(dispute.id, { resolution: 'release' })]);
      expect([a.status, b.status]).toContain(200);
      expect([[200, 200], [200, 409]]).toContainEqual([a.status, b.status].sort());
      const resolutions = (await t.db.select().from(auditLog).where(eq(auditLog.target_id, task.taskId))).filter((row) => row.action === 'dispute.resolved');
      expect(resolutions).toHaveLength(1);
    } finally {
      restore();
    }
    // The admin's decision stands; the money is owed by a job written with it.
    expect(await taskOf(t, task.taskId)).toMatchObject({ status: 'verified', payment_status: 'authorized' });
    expect(await disputeOf(task.taskId)).toMatchObject({ status: 'resolved', resolution: 'release' });
    expect((await resolve(dispute.id, { resolution: 'release' })).status).toBe(409);
    t.clock.advance(60_000);
    await t.context.jobs.runDue();
    expect(await taskOf(t, task.taskId)).toMatchObject({ status: 'verified', payment_status: 'captured' });
    expect((await intentAt(t, task.intentId)).status).toBe('succeeded');
    expect((await ledgerOf(t, task.taskId)).filter((r) => r.status === 'captured')).toHaveLength(1);
  });
});

describe('POST /api/admin/transactions/:id/refund', () => {
  async function capturedTransaction() {
    const task = await moneyTask(t, 'pending_approval');
    await post(`/api/tasks/${task.taskId}/evidence/confirm`, task.client.cookie);
    const [row] = await ledgerOf(t, task.taskId);
    return { task, row };
  }
  const refund = (id: string, body: unknown, cookie = admin.cookie) => post(`/api/admin/transactions/${id}/refund`, cookie, body);

  it('refunds part then the rest, once per key, and keeps the status honest', async () => {
    const { task, row } = await capturedTransaction();
    expect(row.status).toBe('captured');
    const list = await t.json<{ transactions: RefundableTransactionDto[] }>(
      await t.request('GET', '/api/admin/refundable-transactions', { cookie: admin.cookie }),
    );
    expect(list.transactions.map((r) => r.id)).toContain(row.id);
    const key = randomUUID();
    const [first, replay] = await Promise.all([
      refund(row.id, { amount_cents: 3_000, idempotency_key: key }),
      refund(row.id, { amount_cents: 3_000, idempotency_key: key }),
    ]);
    expect(first.status).toBe(200);
    expect([200, 409]).toContain(replay.status);
    expect((await ledgerOf(t, task.taskId))[0]).toMatchObject({ status: 'partially_refunded', amount_refunded: 3_000 });
    expect((await refund(row.id, { amount_cents: 3_000, idempotency_key: key })).status).toBe(200);
    expect((await ledgerOf(t, task.taskId))[0].amount_refunded).toBe(3_000);
    const over = await refund(row.id, { amount_cents: 7_001, idempotency_key: randomUUID() });
    expect(over.status).toBe(400);
    expect((await refund(row.id, { amount_cents: 7_000, idempotency_key: randomUUID() })).status).toBe(200);
    expect((await ledgerOf(t, task.taskId))[0]).toMatchObject({ status: 'refunded', amount_refunded: 10_000 });
    expect(await notificationTypes(t, task.client.id, task.taskId)).toContain('payment_refunded');
    expect((await refund(row.id, { amount_cents: 1, idempotency_key: randomUUID() })).status).toBe(409);
  });

  it('is for admins only and validates its input', async () => {
    const { task, row } = await capturedTransaction();
    const body = { amount_cents: 100, idempotency_key: randomUUID() };
    expect((await refund(row.id, body, task.client.cookie)).status).toBe(403);
    expect((await refund(row.id, body, task.expert.cookie)).status).toBe(403);
    expect((await post(`/api/admin/transactions/${row.id}/refund`, undefined, body)).status).toBe(401);
    expect((await refund(row.id, { amount_cents: -5, idempotency_key: randomUUID() })).status).toBe(400);
    expect((await refund(row.id, { amount_cents: 100, idempotency_key: 'x' })).status).toBe(400);
    expect((await refund(randomUUID(), body)).status).toBe(404);
  });

  it('a provider failure leaves the ledger as it was; the same key retries safely', async () => {
    const { task, row } = await capturedTransaction();
    const key = randomUUID();
    const restore = overrideProvider(t, {
      refundPayment: async () => {
        throw new PaymentProviderError('unavailable', 'The provider is down.');
      },
    });
    try {
      expect((await refund(row.id, { amount_cents: 2_500, idempotency_key: key })).status).toBe(502);
    } finally {
      restore();
    }
    expect((await ledgerOf(t, task.taskId))[0]).toMatchObject({ status: 'captured', amount_refunded: 0 });
    expect((await refund(row.id, { amount_cents: 2_500, idempotency_key: key })).status).toBe(200);
    expect((await ledgerOf(t, task.taskId))[0]).toMatchObject({ status: 'partially_refunded', amount_refunded: 2_500 });
  });
});

describe('/api/admin/money-settings (the review window)', () => {
  it('reads and sets the review window for admins only, and new submissions use it', async () => {
    const read = await t.request('GET', '/api/admin/money-settings', { cookie: admin.cookie });
    expect(await t.json(read)).toEqual({ review_window_hours: 72 });
    expect((await t.request('GET', '/api/admin/money-settings', { cookie: stranger.cookie })).status).toBe(403);
    expect((await t.request('PUT', '/api/admin/money-settings', { cookie: stranger.cookie, body: { review_window_hours: 48 } })).status).toBe(403);
    expect((await t.request('PUT', '/api/admin/money-settings', { cookie: otherExpert.cookie, body: { review_window_hours: 48 } })).status).toBe(403);
    for (const bad of [0, 161, 1.5, '48']) {
      const response = await t.request('PUT', '/api/admin/money-settings', { cookie: admin.cookie, body: { review_window_hours: bad } });
      expect(response.status).toBe(400);
      expect(await errorMessage(response)).toBe(messages.holds.reviewWindowInvalid);
    }
    expect((await t.request('PUT', '/api/admin/money-settings', { cookie: admin.cookie, body: { review_window_hours: 48 } })).status).toBe(200);
    const task = await moneyTask(t, 'pending_approval');
    const row = await taskOf(t, task.taskId);
    expect(row.review_window_ends_at!.getTime() - row.submitted_at!.getTime()).toBe(48 * 3_600_000);
    await t.request('PUT', '/api/admin/money-settings', { cookie: admin.cookie, body: { review_window_hours: 72 } });
  });
});
