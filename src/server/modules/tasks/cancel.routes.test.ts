import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TaskDto } from '@shared/schemas/task-api';
import { tasks } from '../../db/schema';
import type { TestUser } from '../../test/test-app';
import {
  createTask,
  expectError,
  notificationsOf,
  okJson,
  taskAt,
  taskRow,
  useTasksTestApp,
  type Cast,
  type TasksTestApp,
} from './tasks.test-helpers';

let h: TasksTestApp;
let cast: Cast;
useTasksTestApp((suite) => ({ h, cast } = suite), { resetPayments: true });

type Result = { task: TaskDto; message: string };
const cancel = (taskId: string, user: TestUser | null) =>
  h.request('POST', `/api/tasks/${taskId}/cancel`, { cookie: user?.cookie, body: { reason: 'plans_changed' } });

describe('POST /api/tasks/:id/cancel', () => {
  it('cancels an open task: cancelled_at, the spec text, nothing to void', async () => {
    const task = await createTask(h, cast.client);
    h.clock.advance(1_000);
    const body = await okJson<Result>(await cancel(task.id, cast.client));
    expect(body.message).toBe('Task cancelled successfully');
    expect(body.task).toMatchObject({ status: 'cancelled', cancelled_at: h.clock.now().toISOString() });
    expect(h.payments.cancelCalls).toEqual([]);
  });

  it('voids an authorized hold first, then cancels and tells the expert', async () => {
    const { task } = await taskAt(h, cast, 'authorized');
    const intent = (await taskRow(h, task.id)).stripe_payment_intent_id;
    const body = await okJson<Result>(await cancel(task.id, cast.client));
    expect(body.task).toMatchObject({ status: 'cancelled', payment_status: 'unpaid' });
    expect(h.payments.cancelCalls).toEqual([{ taskId: task.id, intentId: intent, reason: 'task_cancelled_by_client' }]);
    expect((await notificationsOf(h, cast.expert.id, task.id)).map((n) => n.type)).toContain('task_cancelled');
  });

  it('cancels a task in progress, and an assigned one without payment without calling the provider', async () => {
    const started = await taskAt(h, cast, 'in_progress');
    expect((await okJson<Result>(await cancel(started.task.id, cast.client))).task.status).toBe('cancelled');
    expect(h.payments.cancelCalls).toHaveLength(1);
    h.payments.reset();
    const unpaid = await taskAt(h, cast, 'assigned');
    expect((await okJson<Result>(await cancel(unpaid.task.id, cast.client))).task.status).toBe('cancelled');
    expect(h.payments.cancelCalls).toEqual([]);
  });

  it('does not void a hold that has already expired (the provider released it)', async () => {
    const { task } = await taskAt(h, cast, 'authorized');
    await h.db
      .update(tasks)
      .set({ authorization_hold_expires_at: new Date(h.clock.now().getTime() - 1_000) })
      .where(eq(tasks.id, task.id));
    expect((await okJson<Result>(await cancel(task.id, cast.client))).task.status).toBe('cancelled');
    expect(h.payments.cancelCalls).toEqual([]);
  });

  it('lets an admin cancel work not yet delivered, with a reason, telling the provider it was an admin', async () => {
    const { task } = await taskAt(h, cast, 'in_progress');
    const res = await h.request('POST', `/api/tasks/${task.id}/cancel`, {
      cookie: cast.admin.cookie,
      body: { override_reason: 'The client asked support to stop the work by phone.' },
    });
    expect((await okJson<Result>(res)).task.status).toBe('cancelled');
    expect(h.payments.cancelCalls.map((c) => c.reason)).toEqual(['task_cancelled_by_admin']);
    expect((await notificationsOf(h, cast.client.id, task.id)).map((n) => n.type)).toContain('admin_override');
  });

  it('is for the client (and admins) only', async () => {
    const { task } = await taskAt(h, cast, 'assigned', { rival: true });
    for (const user of [cast.expert, cast.otherExpert]) {
      expect(await expectError(await cancel(task.id, user), 403)).toBe('Only the client can cancel this task');
    }
    expect(await expectError(await cancel(task.id, cast.otherClient), 404)).toBe('Task not found');
    expect((await cancel(task.id, null)).status).toBe(401);
    expect(await expectError(await cancel('bad-id', cast.client), 404)).toBe('Task not found');
    expect((await taskRow(h, task.id)).status).toBe('assigned');
  });

  it('refuses a task past the point of cancelling (409)', async () => {
    const waiting = await taskAt(h, cast, 'pending_approval');
    expect(await expectError(await cancel(waiting.task.id, cast.client), 409)).toBe('This task can no longer be cancelled');
    const done = await taskAt(h, cast, 'verified');
    expect(await expectError(await cancel(done.task.id, cast.client), 409)).toBe('This task can no longer be cancelled');
    expect(await expectError(await cancel(done.task.id, cast.admin), 409)).toBe('This task can no longer be cancelled');
    const gone = await createTask(h, cast.client);
    await okJson(await cancel(gone.id, cast.client));
    expect(await expectError(await cancel(gone.id, cast.client), 409)).toBe('This task can no longer be cancelled');
    expect(h.payments.cancelCalls).toEqual([]);
  });
});
