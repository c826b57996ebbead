import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import type { SystemStatusDto } from '@shared/schemas/system.schemas';
import { jobs, paymentActions, tasks } from '../../db/schema';
import { findJob } from '../../jobs/jobs.repository';
import { PaymentProviderError } from '../../providers/payments/payment-provider';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import {
  assignedTask,
  cardBody,
  confirmBody,
  createIntent,
  localOf,
  overrideProvider,
  payableExpert,
} from '../payments/payments.test-helpers';
import { createTask } from '../../test/builders';
import { intentAt, ledgerOf, moneyTask, succeededCaptures, taskOf } from './money.test-helpers';
import { ORPHAN_GRACE_MS, reconcilePayments } from '../reconciliation/reconcile';
import { createTaskPayments } from '../payments/task-payments';

/**
 * Issue 47 in one process: the confirm that can be pressed again, one hold per task, the card step's
 * double click, and the reconciler's repairs. The kill -9 cases run against a real server process in
 * money-crash.test.ts (PostgreSQL only).
 */
let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser('admin');
});
afterAll(async () => {
  await t?.close();
});

const post = (path: string, cookie: string, body?: unknown) => t.request('POST', path, { cookie, body });
const reconcile = () =>
  reconcilePayments({
    db: t.db,
    clock: t.clock,
    provider: () => t.providers.payments,
    payments: createTaskPayments(t.context),
  });
const liveIntents = async (taskId: string) =>
  (await localOf(t).listPaymentIntentsForTask(taskId)).filter(
    (intent) => intent.status !== 'canceled' && intent.status !== 'succeeded',
  );

describe('a confirm that can be pressed again', () => {
  it('answers success with the capture owed by a job, then captures exactly once', async () => {
    const task = await moneyTask(t, 'pending_approval');
    const restore = overrideProvider(t, {
      capturePaymentIntent: async () => {
        throw new PaymentProviderError('unavailable', 'The provider is down.');
      },
    });
    try {
      const first = await post(`/api/tasks/${task.taskId}/evidence/confirm`, task.client.cookie);
      expect(first.status).toBe(200);
      expect(await t.json<{ payment_failed: boolean }>(first)).toMatchObject({ payment_failed: true });
      // The job was written with `verified`, before the provider was called.
      expect(await findJob(t.db, `capture_retry:${task.intentId}`)).toMatchObject({ done_at: null });
      // Pressed again while the provider is still down: not 409 "Task status has changed".
      const again = await post(`/api/tasks/${task.taskId}/evidence/confirm`, task.client.cookie);
      expect(again.status).toBe(200);
    } finally {
      restore();
    }
    expect(await taskOf(t, task.taskId)).toMatchObject({ status: 'verified', payment_status: 'authorized' });
    // A stranger pressing it is refused as before.
    const stranger = await t.createUser('client');
    expect([403, 404]).toContain(
      (await post(`/api/tasks/${task.taskId}/evidence/confirm`, stranger.cookie)).status,
    );
    // Pressed once more with the provider back: captured; the job then finds nothing left to do.
    const third = await post(`/api/tasks/${task.taskId}/evidence/confirm`, task.client.cookie);
    expect(await t.json<{ message: string }>(third)).toMatchObject({ message: messages.payment.captured });
    t.clock.advance(60_000);
    await t.context.jobs.runDue();
    expect(await taskOf(t, task.taskId)).toMatchObject({ payment_status: 'captured' });
    expect(await succeededCaptures(t, task.taskId)).toBe(1);
    expect((await intentAt(t, task.intentId)).status).toBe('succeeded');
    expect((await ledgerOf(t, task.taskId)).map((row) => row.status)).toEqual(['captured']);
  });

  it('still answers 409 when the task was never confirmed', async () => {
    const task = await moneyTask(t, 'in_progress');
    expect((await post(`/api/tasks/${task.taskId}/evidence/confirm`, task.client.cookie)).status).toBe(409);
  });
});

describe('one hold per task', () => {
  it('reuses a hold the card step made when its confirm never arrived, and makes no second one', async () => {
    const task = await assignedTask(t);
    const intent = await createIntent(t, task);
    expect(
      (
        await post(
          '/api/payments/local/confirm',
          task.client.cookie,
          cardBody(intent.paymentIntentClientSecret),
        )
      ).status,
    ).toBe(200);
    // The browser died here. The client opens the payment dialog again.
    const again = await createIntent(t, task);
    expect(again.paymentIntentId).toBe(intent.paymentIntentId);
    expect(await taskOf(t, task.taskId)).toMatchObject({
      payment_status: 'authorized',
      stripe_payment_intent_id: intent.paymentIntentId,
    });
    expect((await ledgerOf(t, task.taskId)).map((row) => row.status)).toEqual(['authorized']);
    expect((await liveIntents(task.taskId)).map((live) => live.id)).toEqual([intent.paymentIntentId]);
    // The late confirm still answers success.
    expect((await post('/api/payments/confirm', task.client.cookie, confirmBody(task, intent))).status).toBe(
      200,
    );
  });

  it('answers a double click on the card step with the same success and one hold', async () => {
    const task = await assignedTask(t);
    const intent = await createIntent(t, task);
    const [a, b] = await Promise.all([
      post('/api/payments/local/confirm', task.client.cookie, cardBody(intent.paymentIntentClientSecret)),
      post('/api/payments/local/confirm', task.client.cookie, cardBody(intent.paymentIntentClientSecret)),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await t.json<{ status: string }>(a)).toEqual({ status: 'requires_capture' });
    expect(await t.json<{ status: string }>(b)).toEqual({ status: 'requires_capture' });
    const [c, d] = await Promise.all([
      post('/api/payments/confirm', task.client.cookie, confirmBody(task, intent)),
      post('/api/payments/confirm', task.client.cookie, confirmBody(task, intent)),
    ]);
    expect([c.status, d.status]).toEqual([200, 200]);
    expect(await liveIntents(task.taskId)).toHaveLength(1);
    expect((await ledgerOf(t, task.taskId)).map((row) => row.status)).toEqual(['authorized']);
  });

  it('voids an earlier live intent of the task when a new one is made', async () => {
    const task = await assignedTask(t);
    const first = await createIntent(t, task);
    // A new price: the first intent no longer fits and a second one is made.
    await t.db
      .update(tasks)
      .set({ budget: task.budget + 1_000 })
      .where(eq(tasks.id, task.taskId));
    const second = await createIntent(t, task);
    expect(second.paymentIntentId).not.toBe(first.paymentIntentId);
    expect((await intentAt(t, first.paymentIntentId)).status).toBe('canceled');
    expect((await liveIntents(task.taskId)).map((live) => live.id)).toEqual([second.paymentIntentId]);
  });
});

describe('the reconciler', () => {
  it('records an authorization the browser never confirmed, and shows its run on the System tab', async () => {
    const task = await assignedTask(t);
    const intent = await createIntent(t, task);
    await post('/api/payments/local/confirm', task.client.cookie, cardBody(intent.paymentIntentClientSecret));
    t.clock.advance(60_000);
    const run = await reconcile();
    expect(run.findings).toContainEqual(
      expect.objectContaining({ task_id: task.taskId, kind: 'authorization_not_recorded', repaired: true }),
    );
    expect(await taskOf(t, task.taskId)).toMatchObject({ payment_status: 'authorized' });
    const status = await t.json<SystemStatusDto>(
      await t.request('GET', '/api/admin/system', { cookie: admin.cookie }),
    );
    expect(status.reconciliation?.findings).toContainEqual(
      expect.objectContaining({ task_id: task.taskId, kind: 'authorization_not_recorded' }),
    );
    expect(status.reconciliation?.repaired).toBeGreaterThan(0);
    // A second run finds nothing more for this task.
    expect((await reconcile()).findings.filter((finding) => finding.task_id === task.taskId)).toEqual([]);
  });

  it('records a capture the provider made whose answer was lost, once', async () => {
    const task = await moneyTask(t, 'pending_approval');
    // The task is verified with its capture job; the provider captures, and the process dies before recording it.
    const local = localOf(t);
    const restore = overrideProvider(t, {
      capturePaymentIntent: async (id: string, options: { idempotencyKey: string }) => {
        await local.capturePaymentIntent(id, options);
        throw new PaymentProviderError('unavailable', 'The connection was reset.');
      },
      retrievePaymentIntent: async () => {
        throw new PaymentProviderError('unavailable', 'The provider is down.');
      },
    });
    try {
      expect((await post(`/api/tasks/${task.taskId}/evidence/confirm`, task.client.cookie)).status).toBe(200);
    } finally {
      restore();
    }
    await t.db.delete(jobs).where(eq(jobs.key, `capture_retry:${task.intentId}`));
    expect(await taskOf(t, task.taskId)).toMatchObject({ payment_status: 'authorized' });
    expect((await intentAt(t, task.intentId)).status).toBe('succeeded');
    t.clock.advance(60_000);
    const run = await reconcile();
    expect(run.findings).toContainEqual(
      expect.objectContaining({ task_id: task.taskId, kind: 'capture_not_recorded', repaired: true }),
    );
    expect(await taskOf(t, task.taskId)).toMatchObject({ payment_status: 'captured' });
    expect((await ledgerOf(t, task.taskId)).map((row) => row.status)).toEqual(['captured']);
    expect((await intentAt(t, task.intentId)).amountCapturedCents).toBe(task.budget);
  });

  it('queues the missing capture of confirmed work, which the runner then makes', async () => {
    const task = await moneyTask(t, 'pending_approval');
    const restore = overrideProvider(t, {
      capturePaymentIntent: async () => {
        throw new PaymentProviderError('unavailable', 'The provider is down.');
      },
    });
    try {
      await post(`/api/tasks/${task.taskId}/evidence/confirm`, task.client.cookie);
    } finally {
      restore();
    }
    // As if the job had never been written (a release before the outbox).
    await t.db.delete(jobs).where(eq(jobs.key, `capture_retry:${task.intentId}`));
    t.clock.advance(60_000);
    expect((await reconcile()).findings).toContainEqual(
      expect.objectContaining({ task_id: task.taskId, kind: 'capture_job_missing', repaired: true }),
    );
    await t.context.jobs.runDue();
    expect(await taskOf(t, task.taskId)).toMatchObject({ payment_status: 'captured' });
    expect(await succeededCaptures(t, task.taskId)).toBe(1);
  });

  it("voids an orphaned hold once it is past the grace period, never the task's own", async () => {
    const task = await moneyTask(t, 'authorized');
    const local = localOf(t);
    const [row] = await ledgerOf(t, task.taskId);
    const orphan = await local.createPaymentIntent({
      amountCents: task.budget,
      currency: 'usd',
      applicationFeeCents: row!.platform_fee,
      destinationAccountId: task.expert.accountId,
      description: 'An attempt whose record was lost',
      metadata: { task_id: task.taskId },
      idempotencyKey: `orphan-${randomUUID()}`,
    });
    await local.confirmPaymentIntent(orphan.clientSecret, {
      cardNumber: '4242 4242 4242 4242',
      expMonth: 12,
      expYear: 2099,
      cvc: '123',
    });
    expect((await reconcile()).findings.filter((finding) => finding.intent_id === orphan.id)).toEqual([]);
    t.clock.advance(ORPHAN_GRACE_MS);
    const run = await reconcile();
    expect(run.findings).toContainEqual(
      expect.objectContaining({ intent_id: orphan.id, kind: 'orphan_hold', repaired: true }),
    );
    expect((await intentAt(t, orphan.id)).status).toBe('canceled');
    expect((await intentAt(t, task.intentId)).status).toBe('requires_capture');
    expect(await taskOf(t, task.taskId)).toMatchObject({
      payment_status: 'authorized',
      stripe_payment_intent_id: task.intentId,
    });
  });

  it('settles a void the process died in the middle of: failed when the provider never made it', async () => {
    const task = await moneyTask(t, 'authorized');
    const key = `task:${task.taskId}:cancel_hold:${task.intentId}`;
    // The client's cancel recorded its call and died before the provider heard of it.
    await t.db.insert(paymentActions).values({
      task_id: task.taskId,
      action: 'cancel_hold',
      idempotency_key: key,
      status: 'started',
      stripe_payment_intent_id: task.intentId,
      created_at: t.clock.now(),
      updated_at: t.clock.now(),
    });
    t.clock.advance(2 * 60_000);
    const run = await reconcile();
    expect(run.findings).toContainEqual(
      expect.objectContaining({ task_id: task.taskId, kind: 'interrupted_call', repaired: true }),
    );
    const [call] = await t.db.select().from(paymentActions).where(eq(paymentActions.idempotency_key, key));
    expect(call).toMatchObject({ status: 'failed' });
    // The hold stays the task's, untouched; the client's next cancel works with a fresh key.
    expect((await intentAt(t, task.intentId)).status).toBe('requires_capture');
    expect((await post(`/api/tasks/${task.taskId}/cancel`, task.client.cookie, { reason: 'plans_changed' })).status).toBe(200);
    expect((await intentAt(t, task.intentId)).status).toBe('canceled');
  });

  it('releases the hold of a cancelled task whose void was never queued', async () => {
    const task = await moneyTask(t, 'authorized');
    const now = t.clock.now();
    // A cancel recorded with no void behind it (the state a crash left before the outbox).
    await t.db
      .update(tasks)
      .set({ status: 'cancelled', cancelled_at: now, updated_at: new Date(now.getTime() - 60_000) })
      .where(eq(tasks.id, task.taskId));
    const run = await reconcile();
    expect(run.findings).toContainEqual(
      expect.objectContaining({ task_id: task.taskId, kind: 'void_job_missing', repaired: true }),
    );
    await t.context.jobs.runDue();
    expect((await intentAt(t, task.intentId)).status).toBe('canceled');
    expect((await ledgerOf(t, task.taskId)).map((r) => r.status)).toEqual(['voided']);
    expect(await taskOf(t, task.taskId)).toMatchObject({ status: 'cancelled', payment_status: 'unpaid' });
  });
});

describe('hiring settles every application', () => {
  it('leaves no application pending when ten experts apply as the client hires', async () => {
    const client = await t.createUser('client');
    const first = await payableExpert(t);
    const experts = await Promise.all(Array.from({ length: 10 }, () => payableExpert(t)));
    const { id: taskId } = await createTask(t.db, { client_id: client.id, budget: 9_000 });
    const applied = await post(`/api/tasks/${taskId}/applications`, first.cookie, {
      proposed_rate: 9_000,
      notes: 'I live two streets away.',
    });
    expect(applied.status).toBe(201);
    const application = (await t.json<{ application: { id: string } }>(applied)).application;
    const answers = await Promise.all([
      t.request('POST', `/api/tasks/${taskId}/assign`, {
        body: { application_id: application.id },
        cookie: client.cookie,
      }),
      ...experts.map((expert) =>
        post(`/api/tasks/${taskId}/applications`, expert.cookie, {
          proposed_rate: 9_500,
          notes: 'I can go tomorrow at nine.',
        }),
      ),
    ]);
    expect(answers[0]!.status).toBe(200);
    const { taskApplications } = await import('../../db/schema');
    const pending = await t.db
      .select()
      .from(taskApplications)
      .where(and(eq(taskApplications.task_id, taskId), eq(taskApplications.status, 'pending')));
    expect(pending).toEqual([]);
    // Every apply was written before the hire (then rejected by it) or refused after it: 409, or 404
    // once the task is hidden from experts who are not on it.
    for (const answer of answers.slice(1)) expect([201, 404, 409]).toContain(answer.status);
  });
});
