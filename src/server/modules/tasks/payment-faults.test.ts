import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TaskDto } from '@shared/schemas/task-api';
import { messages } from '@shared/messages';
import { taskApplications } from '../../db/schema';
import { findJob } from '../../jobs/jobs.repository';
import {
  apply,
  notificationsOf,
  okJson,
  taskAt,
  taskRow,
  useTasksTestApp,
  type Cast,
  type TasksTestApp,
} from './tasks.test-helpers';

/** The payment provider failing in the middle of a transition: the task and its rows stay consistent. */
let h: TasksTestApp;
let cast: Cast;
useTasksTestApp((suite) => ({ h, cast } = suite), { resetPayments: true });

type Result = { task: TaskDto; message: string; payment_failed: boolean };
const post = (path: string, cookie: string, body?: unknown) => h.request('POST', path, { cookie, body });

describe('the hold cannot be voided', () => {
  it('decline still reopens the task, says payment needs manual review, and leaves no half state', async () => {
    const { task, application } = await taskAt(h, cast, 'authorized', { rival: true });
    h.payments.failCancel = true;
    const body = await okJson<Result>(await post(`/api/tasks/${task.id}/decline`, cast.expert.cookie, { reason: 'expert_unavailable' }));
    expect(body.message).toBe(
      'Assignment declined and the task is open again, but the payment hold could not be cancelled. Payment may need manual review.',
    );
    expect(body.payment_failed).toBe(true);
    const row = await taskRow(h, task.id);
    expect(row).toMatchObject({
      status: 'open',
      expert_id: null,
      assigned_at: null,
      payment_status: 'unpaid',
      stripe_payment_intent_id: null,
      authorization_hold_expires_at: null,
    });
    const applications = await h.db.select().from(taskApplications).where(eq(taskApplications.task_id, task.id));
    expect(applications.find((a) => a.id === application.id)?.status).toBe('rejected');
    expect(applications.find((a) => a.id !== application.id)?.status).toBe('pending');
    expect((await notificationsOf(h, cast.client.id, task.id)).map((n) => n.type)).toContain('assignment_declined');
    expect(h.payments.cancelCalls).toHaveLength(1);
    // The task can be hired again.
    const again = await apply(h, await h.createUser('expert'), task.id);
    expect(again.status).toBe('pending');
  });

  it('abandon still reopens the task with its own manual-review text', async () => {
    const { task } = await taskAt(h, cast, 'in_progress');
    h.payments.failCancel = true;
    const body = await okJson<Result>(await post(`/api/tasks/${task.id}/abandon`, cast.expert.cookie, { reason: 'expert_unavailable' }));
    expect(body).toMatchObject({
      message:
        'You have left this task and it is open again, but the payment hold could not be cancelled. Payment may need manual review.',
      payment_failed: true,
      task: { status: 'open', expert_id: null, started_at: null, payment_status: 'unpaid' },
    });
  });

  it('cancel commits with its void job and says the release is retried (decision 0440)', async () => {
    const { task } = await taskAt(h, cast, 'authorized');
    const intent = (await taskRow(h, task.id)).stripe_payment_intent_id;
    h.payments.failCancel = true;
    const body = await okJson<Result>(await post(`/api/tasks/${task.id}/cancel`, cast.client.cookie, { reason: 'plans_changed' }));
    expect(body).toMatchObject({ message: messages.tasks.cancelledHoldRetrying, payment_failed: true, task: { status: 'cancelled' } });
    expect(await taskRow(h, task.id)).toMatchObject({ status: 'cancelled', payment_status: 'authorized', stripe_payment_intent_id: intent });
    // The release is owed by a job written with the cancellation, whatever happens to this request.
    expect(await findJob(h.db, `void_retry:${intent}`)).toMatchObject({ kind: 'void_retry', done_at: null });
    expect((await notificationsOf(h, cast.expert.id, task.id)).map((n) => n.type)).toContain('task_cancelled');
    h.payments.failCancel = false;
    // Pressed again: the task is already cancelled.
    expect((await post(`/api/tasks/${task.id}/cancel`, cast.client.cookie, { reason: 'plans_changed' })).status).toBe(409);
  });

  it('accepting a rejection keeps the cancellation, keeps the hold on record for review, and says so', async () => {
    const { task } = await taskAt(h, cast, 'pending_approval');
    const intent = (await taskRow(h, task.id)).stripe_payment_intent_id;
    await okJson<Result>(
      await h.request('POST', `/api/tasks/${task.id}/evidence/reject`, { cookie: cast.client.cookie, body: { reason: 'Blurry.' } }),
    );
    h.payments.failCancel = true;
    const body = await okJson<{ message: string; payment_failed: boolean }>(
      await post(`/api/tasks/${task.id}/dispute/accept`, cast.expert.cookie),
    );
    expect(body.message).toBe(
      'You accepted the rejection and the task is cancelled, but the payment hold could not be released yet. It will be retried automatically.',
    );
    expect(body.payment_failed).toBe(true);
    expect(await taskRow(h, task.id)).toMatchObject({
      status: 'cancelled',
      payment_status: 'authorized',
      stripe_payment_intent_id: intent,
    });
    expect((await notificationsOf(h, cast.client.id, task.id)).map((n) => n.type)).toContain('rejection_accepted');
  });
});

describe('the capture fails', () => {
  it('confirm keeps the task verified with payment authorized, which a retry captures', async () => {
    const { task } = await taskAt(h, cast, 'pending_approval');
    h.payments.failCapture = true;
    const body = await okJson<Result>(await post(`/api/tasks/${task.id}/evidence/confirm`, cast.client.cookie));
    expect(body.message).toBe('Evidence confirmed but payment capture failed. Please contact support.');
    expect(body.payment_failed).toBe(true);
    const row = await taskRow(h, task.id);
    expect(row).toMatchObject({ status: 'verified', payment_status: 'authorized' });
    expect(row.client_capture_authorized_at).not.toBeNull();
    expect(row.completed_at).not.toBeNull();
    // What POST /payments/capture does on a retry: the state allows it.
    h.payments.failCapture = false;
    expect((await h.payments.capture(row)).success).toBe(true);
    expect((await taskRow(h, task.id)).payment_status).toBe('captured');
  });

  it('a capture that throws (against its contract) is reported the same way', async () => {
    const { task } = await taskAt(h, cast, 'pending_approval');
    const original = h.payments.capture.bind(h.payments);
    h.payments.capture = async () => {
      throw new Error('socket hang up');
    };
    try {
      const body = await okJson<Result>(await post(`/api/tasks/${task.id}/evidence/confirm`, cast.client.cookie));
      expect(body).toMatchObject({ payment_failed: true, task: { status: 'verified', payment_status: 'authorized' } });
    } finally {
      h.payments.capture = original;
    }
  });
});
