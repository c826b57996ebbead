import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TaskDto } from '@shared/schemas/task-api';
import { applicationPauses, taskApplications, tasks } from '../../db/schema';
import type { TestUser } from '../../test/test-app';
import {
  apply,
  expectError,
  notificationsOf,
  okJson,
  taskAt,
  taskRow,
  useTasksTestApp,
  type Cast,
  type TasksTestApp,
} from '../tasks/tasks.test-helpers';

let h: TasksTestApp;
let cast: Cast;
useTasksTestApp((suite) => ({ h, cast } = suite), { resetPayments: true });
// The one expert of these tests declines and abandons many times: the pause that a third cancel in
// 30 days sets (issue 50) is reliability.routes.test.ts's subject, not these tests'.
beforeEach(async () => {
  await h.db.delete(applicationPauses).where(eq(applicationPauses.expert_id, cast.expert.id));
});

type Result = { task: TaskDto; message: string; payment_failed: boolean };
const act = (taskId: string, action: 'accept' | 'decline' | 'abandon', user: TestUser | null) =>
  h.request('POST', `/api/tasks/${taskId}/${action}`, { cookie: user?.cookie, body: action === 'accept' ? undefined : { reason: 'expert_unavailable' } });

/**
 * Everyone but the assigned expert, with the status each one gets: the owner, an admin and the
 * rival expert (who applied, so sees the task) 403; a client or an expert who cannot see it 404.
 */
async function expectOnlyAssignedExpert(taskId: string, action: 'accept' | 'decline' | 'abandon', text: string) {
  for (const user of [cast.client, cast.admin, cast.otherExpert]) {
    expect(await expectError(await act(taskId, action, user), 403)).toBe(text);
  }
  const bystander = await h.createUser('expert');
  for (const user of [cast.otherClient, bystander]) {
    expect(await expectError(await act(taskId, action, user), 404)).toBe('Task not found');
  }
  expect((await act(taskId, action, null)).status).toBe(401);
}

describe('POST /api/tasks/:id/accept', () => {
  it('starts work once payment is authorized: in_progress, started_at, the client told', async () => {
    const { task } = await taskAt(h, cast, 'authorized');
    h.clock.advance(1_000);
    const body = await okJson<Result>(await act(task.id, 'accept', cast.expert));
    expect(body.task).toMatchObject({ status: 'in_progress', started_at: h.clock.now().toISOString() });
    expect(body.message).toBe('Assignment accepted. You can start working on the task.');
    expect((await notificationsOf(h, cast.client.id, task.id)).map((n) => n.type)).toContain('assignment_accepted');
  });

  it('is for the assigned expert only', async () => {
    const { task } = await taskAt(h, cast, 'authorized', { rival: true });
    await expectOnlyAssignedExpert(task.id, 'accept', 'Only the assigned expert can accept this assignment');
    expect((await taskRow(h, task.id)).status).toBe('assigned');
  });

  it('needs an authorized hold that has not expired (409)', async () => {
    const { task } = await taskAt(h, cast, 'assigned');
    expect(await expectError(await act(task.id, 'accept', cast.expert), 409)).toBe(
      'Cannot start work until payment is authorized by the client',
    );
    await h.db
      .update(tasks)
      .set({ payment_status: 'authorized', authorization_hold_expires_at: new Date(h.clock.now().getTime() - 1) })
      .where(eq(tasks.id, task.id));
    expect(await expectError(await act(task.id, 'accept', cast.expert), 409)).toBe(
      'Cannot start work until payment is authorized by the client',
    );
    expect((await taskRow(h, task.id)).started_at).toBeNull();
  });

  it('refuses a task that is not assigned (409) and an unknown id (404)', async () => {
    const { task } = await taskAt(h, cast, 'in_progress');
    expect(await expectError(await act(task.id, 'accept', cast.expert), 409)).toBe(
      'Task status has changed. Please refresh the page.',
    );
    expect((await act('00000000-0000-4000-8000-000000000000', 'accept', cast.expert)).status).toBe(404);
  });
});

describe('POST /api/tasks/:id/decline', () => {
  it('reopens the task: no expert, no assigned_at, unpaid; the other applicants pending again', async () => {
    const { task, application } = await taskAt(h, cast, 'open');
    const waiting = await apply(h, cast.otherExpert, task.id);
    await okJson(await h.request('POST', `/api/tasks/${task.id}/assign`, { body: { application_id: application.id }, cookie: cast.client.cookie }));
    const body = await okJson<Result>(await act(task.id, 'decline', cast.expert));
    expect(body).toMatchObject({
      message: 'Assignment declined. The task is now available for other experts.',
      payment_failed: false,
      task: { status: 'open', expert_id: null, assigned_at: null, payment_status: 'unpaid', stripe_payment_intent_id: null },
    });
    const statuses = await h.db.select().from(taskApplications).where(eq(taskApplications.task_id, task.id));
    expect(Object.fromEntries(statuses.map((a) => [a.id, a.status]))).toEqual({
      [application.id]: 'rejected',
      [waiting.id]: 'pending',
    });
    expect((await notificationsOf(h, cast.client.id, task.id)).map((n) => n.type)).toContain('assignment_declined');
    // No intent: nothing to void.
    expect(h.payments.cancelCalls).toEqual([]);
  });

  it('voids the hold when there is one', async () => {
    const { task } = await taskAt(h, cast, 'authorized');
    const intent = (await taskRow(h, task.id)).stripe_payment_intent_id;
    const body = await okJson<Result>(await act(task.id, 'decline', cast.expert));
    expect(body.task).toMatchObject({ status: 'open', payment_status: 'unpaid', authorization_hold_expires_at: null });
    expect(h.payments.cancelCalls).toEqual([{ taskId: task.id, intentId: intent, reason: 'assignment_declined_by_expert' }]);
  });

  it('needs a reason from the expert list (400, nothing changes) and shows it on the task timeline', async () => {
    const { task } = await taskAt(h, cast, 'assigned');
    const send = (body: unknown) => h.request('POST', `/api/tasks/${task.id}/decline`, { cookie: cast.expert.cookie, body });
    expect(await expectError(await send(undefined), 400)).toBe('Choose a reason for cancelling');
    expect(await expectError(await send({ reason: 'plans_changed' }), 400)).toBe('Choose one of the listed reasons');
    expect(await expectError(await send({ reason: 'other' }), 400)).toBe('Say in a few words why you are cancelling');
    expect((await taskRow(h, task.id)).status).toBe('assigned');
    await okJson(await send({ reason: 'expert_unwell', note: 'Flu' }));
    const { cancellations } = await okJson<{ cancellations: { party: string; reason: string; note: string; fee_cents: number }[] }>(
      await h.request('GET', `/api/tasks/${task.id}/cancellations`, { cookie: cast.client.cookie }),
    );
    expect(cancellations).toEqual([expect.objectContaining({ party: 'expert', reason: 'expert_unwell', note: 'Flu', fee_cents: 0 })]);
  });

  it('is for the assigned expert only', async () => {
    const { task } = await taskAt(h, cast, 'assigned', { rival: true });
    await expectOnlyAssignedExpert(task.id, 'decline', 'Only the assigned expert can decline this assignment');
    expect((await taskRow(h, task.id)).expert_id).toBe(cast.expert.id);
  });

  it('refuses once work has started (409)', async () => {
    const { task } = await taskAt(h, cast, 'in_progress');
    expect(await expectError(await act(task.id, 'decline', cast.expert), 409)).toBe(
      'Task status has changed. Please refresh the page.',
    );
    expect(h.payments.cancelCalls).toEqual([]);
  });
});

describe('POST /api/tasks/:id/abandon', () => {
  it('reopens a started task: no expert, no started_at, the hold voided, the client told', async () => {
    const { task } = await taskAt(h, cast, 'in_progress');
    const body = await okJson<Result>(await act(task.id, 'abandon', cast.expert));
    expect(body).toMatchObject({
      message: 'You have left this task. It is open for other experts again.',
      task: { status: 'open', expert_id: null, started_at: null, assigned_at: null, payment_status: 'unpaid' },
    });
    expect(h.payments.cancelCalls.map((c) => c.reason)).toEqual(['assignment_declined_by_expert']);
    expect((await notificationsOf(h, cast.client.id, task.id)).map((n) => n.type)).toContain('task_abandoned');
  });

  it('is for the assigned expert only', async () => {
    const { task } = await taskAt(h, cast, 'in_progress', { rival: true });
    await expectOnlyAssignedExpert(task.id, 'abandon', 'Only the assigned expert can abandon this task');
    expect((await taskRow(h, task.id)).status).toBe('in_progress');
  });

  it('refuses a task that has not started (409)', async () => {
    const { task } = await taskAt(h, cast, 'authorized');
    expect(await expectError(await act(task.id, 'abandon', cast.expert), 409)).toBe(
      'Task status has changed. Please refresh the page.',
    );
  });
});
