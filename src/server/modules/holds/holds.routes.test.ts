import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskMoneyDto } from '@shared/schemas/disputes.schemas';
import { and, eq, like } from 'drizzle-orm';
import { auditLog, jobs, tasks } from '../../db/schema';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { authorize, overrideProvider } from '../payments/payments.test-helpers';
import { PaymentProviderError } from '../../providers/payments/payment-provider';
import { LOCAL_AUTHORIZATION_HOLD_MS } from '../../providers/payments/local-adapter';
import { createRegisteredJobRunner } from '../../jobs/registry';
import { serverJobModules } from '../../server-context';
import { findJob } from '../../jobs/jobs.repository';
import {
  HOUR,
  intentAt,
  ledgerOf,
  moneyTask,
  notificationTypes,
  submitEvidence,
  succeededCaptures,
  taskOf,
  toBeforeHoldExpiry,
} from './money.test-helpers';

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

/**
 * Passes until one runs nothing, as a running server's polls would: on PostgreSQL under CI load a
 * single pass has been seen to end before claiming a job its own schedule had just enqueued (the
 * half-time reminder, a hold's lapse; cause not found, decision 0433's runner).
 */
const runJobs = async () => {
  let total = 0;
  for (let pass = 0; pass < 5; pass++) {
    const ran = await t.context.jobs.runDue();
    total += ran;
    if (ran === 0) break;
  }
  return total;
};
const money = async (taskId: string, cookie: string) => t.request('GET', `/api/tasks/${taskId}/money`, { cookie });
const reauthorize = (taskId: string, cookie: string) => t.request('POST', `/api/tasks/${taskId}/payment/reauthorize`, { cookie });

describe('the hold deadline', () => {
  it('is the provider capture_before (7 days locally), shown to the client, the expert and admins only', async () => {
    const task = await moneyTask(t, 'authorized');
    const row = await taskOf(t, task.taskId);
    expect(row.authorization_hold_expires_at!.getTime()).toBe(t.clock.now().getTime() + LOCAL_AUTHORIZATION_HOLD_MS);
    for (const user of [task.client, task.expert, admin]) {
      const response = await money(task.taskId, user.cookie);
      expect(response.status).toBe(200);
      const body = await t.json<TaskMoneyDto>(response);
      expect(body.authorization_hold_expires_at).toBe(row.authorization_hold_expires_at!.toISOString());
    }
    expect((await money(task.taskId, stranger.cookie)).status).toBe(404);
    expect((await t.request('GET', `/api/tasks/${task.taskId}/money`)).status).toBe(401);
  });
});

describe('reminders before the hold lapses', () => {
  it('reminds both parties once at 48 h and once at 24 h, asking the client to re-authorize at 24 h', async () => {
    const task = await moneyTask(t, 'in_progress');
    await toBeforeHoldExpiry(t, task.taskId, 47 * HOUR);
    await runJobs();
    await runJobs();
    expect(await notificationTypes(t, task.client.id, task.taskId)).toContain('hold_expiring');
    const expertAt48 = (await notificationTypes(t, task.expert.id, task.taskId)).filter((type) => type === 'hold_expiring');
    expect(expertAt48).toHaveLength(1);
    await toBeforeHoldExpiry(t, task.taskId, 23 * HOUR);
    await runJobs();
    await runJobs();
    const client = await notificationTypes(t, task.client.id, task.taskId);
    expect(client.filter((type) => type === 'reauthorization_needed')).toHaveLength(1);
    expect(client.filter((type) => type === 'hold_expiring')).toHaveLength(1);
    const expert = await notificationTypes(t, task.expert.id, task.taskId);
    expect(expert.filter((type) => type === 'hold_expiring')).toHaveLength(2);
    const body = await t.json<TaskMoneyDto>(await money(task.taskId, task.client.cookie));
    expect(body.can_reauthorize).toBe(true);
  });
});

describe('re-authorization', () => {
  it('puts a fresh hold in place with the saved card and voids the old one', async () => {
    const task = await moneyTask(t, 'in_progress');
    await toBeforeHoldExpiry(t, task.taskId, 20 * HOUR);
    expect((await reauthorize(task.taskId, task.expert.cookie)).status).toBe(403);
    expect((await reauthorize(task.taskId, stranger.cookie)).status).toBe(404);
    const response = await reauthorize(task.taskId, task.client.cookie);
    expect(response.status).toBe(200);
    const row = await taskOf(t, task.taskId);
    expect(row.stripe_payment_intent_id).not.toBe(task.intentId);
    expect(row.payment_status).toBe('authorized');
    expect(row.status).toBe('in_progress');
    expect(row.authorization_hold_expires_at!.getTime()).toBe(t.clock.now().getTime() + LOCAL_AUTHORIZATION_HOLD_MS);
    expect((await intentAt(t, task.intentId)).status).toBe('canceled');
    expect((await intentAt(t, row.stripe_payment_intent_id!)).status).toBe('requires_capture');
    expect((await ledgerOf(t, task.taskId)).map((r) => r.status)).toEqual(['voided', 'authorized']);
    expect(await notificationTypes(t, task.expert.id, task.taskId)).toContain('payment_reauthorized');
  });

  it('leaves the task and its hold untouched when the provider refuses the saved card, and says to use the dialog', async () => {
    const task = await moneyTask(t, 'in_progress');
    const restore = overrideProvider(t, {
      reauthorizeWithSavedMethod: async () => {
        throw new PaymentProviderError('card_declined', 'Your card was declined.');
      },
    });
    try {
      const response = await reauthorize(task.taskId, task.client.cookie);
      expect(response.status).toBe(409);
      const body = await t.json<{ error: { message: string } }>(response);
      expect(body.error.message).toContain('Your card was declined.');
    } finally {
      restore();
    }
    const row = await taskOf(t, task.taskId);
    expect(row.stripe_payment_intent_id).toBe(task.intentId);
    expect((await intentAt(t, task.intentId)).status).toBe('requires_capture');
    // Retrying works once the provider does.
    expect((await reauthorize(task.taskId, task.client.cookie)).status).toBe(200);
  });

  it('keeps the new hold when voiding the old one fails, and a job voids it later', async () => {
    const task = await moneyTask(t, 'in_progress');
    const restore = overrideProvider(t, {
      cancelPaymentIntent: async () => {
        throw new PaymentProviderError('unavailable', 'The provider is down.');
      },
    });
    try {
      expect((await reauthorize(task.taskId, task.client.cookie)).status).toBe(200);
    } finally {
      restore();
    }
    expect((await intentAt(t, task.intentId)).status).toBe('requires_capture');
    t.clock.advance(HOUR);
    await runJobs();
    expect((await intentAt(t, task.intentId)).status).toBe('canceled');
    expect((await ledgerOf(t, task.taskId)).map((r) => r.status).sort()).toEqual(['authorized', 'voided']);
  });
});

describe('a hold that lapses', () => {
  it('moves a task under way to payment_lapsed, tells both parties and admins, and a new hold restores it', async () => {
    const task = await moneyTask(t, 'pending_approval');
    // Silence the review window so only the lapse acts (the window normally ends an hour before).
    await t.db.update(tasks).set({ review_window_ends_at: null }).where(eq(tasks.id, task.taskId));
    await toBeforeHoldExpiry(t, task.taskId, -1);
    await runJobs();
    const row = await taskOf(t, task.taskId);
    expect(row).toMatchObject({ status: 'payment_lapsed', payment_status: 'unpaid', stripe_payment_intent_id: null });
    expect((await ledgerOf(t, task.taskId)).map((r) => r.status)).toEqual(['voided']);
    for (const user of [task.client, task.expert, admin]) {
      expect(await notificationTypes(t, user.id, task.taskId)).toContain('payment_lapsed');
    }
    await runJobs();
    expect((await notificationTypes(t, task.client.id, task.taskId)).filter((x) => x === 'payment_lapsed')).toHaveLength(1);

    expect((await reauthorize(task.taskId, task.client.cookie)).status).toBe(200);
    const back = await taskOf(t, task.taskId);
    expect(back).toMatchObject({ status: 'pending_approval', payment_status: 'authorized' });
    expect(back.review_window_ends_at).not.toBeNull();
  });
});

describe('a cancelled task whose void failed', () => {
  it('has its authorized ledger row voided once when the hold lapses', async () => {
    const task = await moneyTask(t, 'pending_approval');
    const reject = await t.request('POST', `/api/tasks/${task.taskId}/evidence/reject`, {
      cookie: task.client.cookie,
      body: { reason: 'The photos are of another car.' },
    });
    expect(reject.status).toBe(200);
    const restore = overrideProvider(t, {
      cancelPaymentIntent: async () => {
        throw new PaymentProviderError('unavailable', 'The provider is down.');
      },
    });
    try {
      expect((await t.request('POST', `/api/tasks/${task.taskId}/dispute/accept`, { cookie: task.expert.cookie })).status).toBe(200);
    } finally {
      restore();
    }
    expect(await taskOf(t, task.taskId)).toMatchObject({ status: 'cancelled', payment_status: 'authorized' });
    expect((await ledgerOf(t, task.taskId)).map((r) => r.status)).toEqual(['authorized']);
    await toBeforeHoldExpiry(t, task.taskId, -1);
    await runJobs();
    await runJobs();
    expect((await ledgerOf(t, task.taskId)).map((r) => r.status)).toEqual(['voided']);
    expect(await taskOf(t, task.taskId)).toMatchObject({ status: 'cancelled', payment_status: 'unpaid', stripe_payment_intent_id: null });
    // The void's outbox job settled it (the provider had released the hold); the lapse found nothing left.
    const voidJob = await findJob(t.db, `void_retry:${task.intentId}`);
    expect(voidJob?.done_at).toBeInstanceOf(Date);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target_id, task.taskId), eq(auditLog.action, 'payment.hold_lapsed_after_cancel')));
    expect(audits.length).toBeLessThanOrEqual(1);
  });
});

describe('a lapsed hold renewed through the payment dialog', () => {
  it('creates a new intent on the lapsed task, and the authorized hold restores the work', async () => {
    const task = await moneyTask(t, 'in_progress');
    await toBeforeHoldExpiry(t, task.taskId, -1);
    await runJobs();
    expect((await taskOf(t, task.taskId)).status).toBe('payment_lapsed');
    const intent = await authorize(t, task);
    expect(intent.paymentIntentId).not.toBe(task.intentId);
    expect(await taskOf(t, task.taskId)).toMatchObject({
      status: 'in_progress',
      payment_status: 'authorized',
      stripe_payment_intent_id: intent.paymentIntentId,
    });
    expect((await ledgerOf(t, task.taskId)).map((r) => r.status)).toEqual(['voided', 'authorized']);
  });
});

describe('auto-release after the review window', () => {
  it('ends 72 h after submission, always before the hold lapses', async () => {
    const task = await moneyTask(t, 'pending_approval');
    const row = await taskOf(t, task.taskId);
    expect(row.review_window_ends_at!.getTime()).toBe(row.submitted_at!.getTime() + 72 * HOUR);

    const late = await moneyTask(t, 'in_progress');
    await toBeforeHoldExpiry(t, late.taskId, 30 * HOUR);
    await submitEvidence(t, late.taskId, late.expert);
    const lateRow = await taskOf(t, late.taskId);
    expect(lateRow.review_window_ends_at!.getTime()).toBe(lateRow.authorization_hold_expires_at!.getTime() - HOUR);
  });

  it('reminds the client at half time and 12 h left, then captures once even with two workers', async () => {
    const task = await moneyTask(t, 'pending_approval');
    const submitted = (await taskOf(t, task.taskId)).submitted_at!;
    t.clock.set(new Date(submitted.getTime() + 37 * HOUR));
    // Two passes, as at 61 h: on PostgreSQL under CI load one pass has been seen to enqueue the half-time
    // reminder and end without claiming it (cause not found; a running server's next poll, 2 s later,
    // would send it). Left to the 61 h pass, it is too late and rightly skipped.
    await runJobs();
    await runJobs();
    t.clock.set(new Date(submitted.getTime() + 61 * HOUR));
    await runJobs();
    await runJobs();
    // Seen once under CI load with one reminder: the jobs' own record says which one and why.
    const reminderJobs = (await t.db.select().from(jobs).where(like(jobs.key, `review_reminder:%:${task.taskId}:%`))).map(
      (job) => `${job.key.split(':')[1]} run_at=${job.run_at.toISOString()} done_at=${job.done_at?.toISOString()} attempts=${job.attempts} error=${job.last_error}`,
    );
    expect(
      (await notificationTypes(t, task.client.id, task.taskId)).filter((x) => x === 'review_window_reminder'),
      reminderJobs.join('\n'),
    ).toHaveLength(2);

    t.clock.set(new Date(submitted.getTime() + 72 * HOUR + 1));
    const second = createRegisteredJobRunner(serverJobModules(t.context), { db: t.context.db, clock: t.context.clock });
    await Promise.all([runJobs(), second.runDue()]);
    const row = await taskOf(t, task.taskId);
    expect(row).toMatchObject({ status: 'verified', payment_status: 'captured' });
    expect(row.client_capture_authorized_at).not.toBeNull();
    expect(await succeededCaptures(t, task.taskId)).toBe(1);
    expect((await ledgerOf(t, task.taskId)).map((r) => r.status)).toEqual(['captured']);
    expect((await intentAt(t, task.intentId)).amountCapturedCents).toBe(10_000);
    const expert = await notificationTypes(t, task.expert.id, task.taskId);
    expect(expert.filter((x) => x === 'payment_captured')).toHaveLength(1);
    expect(expert.filter((x) => x === 'task_verified')).toHaveLength(1);
    expect((await notificationTypes(t, task.client.id, task.taskId)).filter((x) => x === 'task_verified')).toHaveLength(1);
  });

  it('retries a capture the provider refused, without a second transition', async () => {
    const task = await moneyTask(t, 'pending_approval');
    const submitted = (await taskOf(t, task.taskId)).submitted_at!;
    t.clock.set(new Date(submitted.getTime() + 73 * HOUR));
    const restore = overrideProvider(t, {
      capturePaymentIntent: async () => {
        throw new PaymentProviderError('unavailable', 'The provider is down.');
      },
    });
    try {
      await runJobs();
    } finally {
      restore();
    }
    expect(await taskOf(t, task.taskId)).toMatchObject({ status: 'verified', payment_status: 'authorized' });
    t.clock.advance(HOUR);
    await runJobs();
    expect(await taskOf(t, task.taskId)).toMatchObject({ status: 'verified', payment_status: 'captured' });
    expect((await notificationTypes(t, task.expert.id, task.taskId)).filter((x) => x === 'task_verified')).toHaveLength(1);
  });

  it('does nothing when the client confirmed in time', async () => {
    const task = await moneyTask(t, 'pending_approval');
    const confirm = await t.request('POST', `/api/tasks/${task.taskId}/evidence/confirm`, { cookie: task.client.cookie });
    expect(confirm.status).toBe(200);
    t.clock.advance(80 * HOUR);
    await runJobs();
    expect(await succeededCaptures(t, task.taskId)).toBe(1);
    expect(await notificationTypes(t, task.client.id, task.taskId)).not.toContain('task_verified');
  });
});
