import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ApplicationDto, TaskDto } from '@shared/schemas/task-api';
import { taskApplications } from '../../db/schema';
import type { TestUser } from '../../test/test-app';
import {
  apply,
  assign,
  createTask,
  expectError,
  notificationsOf,
  okJson,
  taskRow,
  useTasksTestApp,
  type Cast,
  type TasksTestApp,
} from '../tasks/tasks.test-helpers';

let h: TasksTestApp;
let cast: Cast;
useTasksTestApp((suite) => ({ h, cast } = suite));

const GOOD = { proposed_rate: 12_000, notes: 'I can do this today with photos and video.' };
const postApply = (taskId: string, user: TestUser | null, body: unknown = GOOD) =>
  h.request('POST', `/api/tasks/${taskId}/applications`, { body, cookie: user?.cookie });
const postReject = (taskId: string, appId: string, user: TestUser | null) =>
  h.request('POST', `/api/tasks/${taskId}/applications/${appId}/reject`, { cookie: user?.cookie });
const postAssign = (taskId: string, body: unknown, user: TestUser | null) =>
  h.request('POST', `/api/tasks/${taskId}/assign`, { body, cookie: user?.cookie });
const statusesOf = async (taskId: string) =>
  Object.fromEntries(
    (await h.db.select().from(taskApplications).where(eq(taskApplications.task_id, taskId))).map((a) => [a.expert_id, a.status]),
  );

describe('POST /api/tasks/:id/applications', () => {
  it('lets an expert apply once with a rate in cents and a cover letter', async () => {
    const task = await createTask(h, cast.client);
    const body = await okJson<{ application: ApplicationDto }>(await postApply(task.id, cast.expert), 201);
    expect(body.application).toMatchObject({
      task_id: task.id,
      expert_id: cast.expert.id,
      status: 'pending',
      proposed_rate: 12_000,
      notes: GOOD.notes,
      expert: { id: cast.expert.id, profile: { first_name: 'Expert' } },
    });
    expect(await expectError(await postApply(task.id, cast.expert), 409)).toBe('You have already applied for this task');
  });

  it.each([
    [{ ...GOOD, proposed_rate: 0 }, 'Proposed rate must be greater than 0'],
    [{ ...GOOD, proposed_rate: undefined }, 'Proposed rate is required'],
    [{ ...GOOD, notes: '   ' }, 'Please write a cover letter'],
    [{ ...GOOD, notes: 'x'.repeat(501) }, 'Cover letter must be at most 500 characters'],
    [{ ...GOOD, proposed_rate: 100 }, 'Proposed rate must be at least $5.00'],
  ])('answers 400 with the spec text for %o', async (body, text) => {
    const task = await createTask(h, cast.client);
    expect(await expectError(await postApply(task.id, cast.expert, body), 400)).toBe(text);
  });

  it('refuses every other role', async () => {
    const task = await createTask(h, cast.client);
    expect(await expectError(await postApply(task.id, cast.client), 403)).toBe('Only experts can apply for tasks');
    expect(await expectError(await postApply(task.id, cast.admin), 403)).toBe('Only experts can apply for tasks');
    expect(await expectError(await postApply(task.id, cast.otherClient), 404)).toBe('Task not found');
    expect((await postApply(task.id, null)).status).toBe(401);
    const own = await createTask(h, cast.expert);
    expect(await expectError(await postApply(own.id, cast.expert), 403)).toBe('You cannot apply for your own task');
  });

  it('asks an expert without a finished payment setup to complete it first (409)', async () => {
    const task = await createTask(h, cast.client);
    const unpaid = await h.createUser('expert', { payable: false });
    expect(await expectError(await postApply(task.id, unpaid), 409)).toBe(
      'Payment setup must be completed first. Please finish setting up your payment account to continue.',
    );
    expect(await statusesOf(task.id)).toEqual({});
  });

  it('refuses once the task is no longer open (409)', async () => {
    const task = await createTask(h, cast.client);
    const hired = await apply(h, cast.expert, task.id);
    const waiting = await apply(h, cast.otherExpert, task.id);
    await assign(h, cast.client, task.id, hired.id);
    expect(await expectError(await postApply(task.id, cast.expert), 409)).toBe('You have already applied for this task');
    expect(waiting.status).toBe('pending');
    expect(await expectError(await postApply(task.id, cast.otherExpert), 409)).toBe(
      'This task is no longer accepting applications',
    );
  });
});

describe('POST /api/tasks/:id/applications/:appId/reject', () => {
  it('lets the owner reject a pending application and tells the expert', async () => {
    const task = await createTask(h, cast.client);
    const application = await apply(h, cast.expert, task.id);
    const body = await okJson<{ application: ApplicationDto }>(await postReject(task.id, application.id, cast.client));
    expect(body.application.status).toBe('rejected');
    const notes = await notificationsOf(h, cast.expert.id, task.id);
    expect(notes.map((n) => n.type)).toEqual(['application_rejected']);
    expect(await expectError(await postReject(task.id, application.id, cast.client), 409)).toBe(
      'This application is no longer pending',
    );
  });

  it('refuses other roles, unknown applications and closed tasks', async () => {
    const task = await createTask(h, cast.client);
    const application = await apply(h, cast.expert, task.id);
    expect(await expectError(await postReject(task.id, application.id, cast.expert), 403)).toBe(
      "You don't have permission to do that.",
    );
    expect(await expectError(await postReject(task.id, application.id, cast.otherClient), 404)).toBe('Task not found');
    expect((await postReject(task.id, application.id, null)).status).toBe(401);
    expect(await expectError(await postReject(task.id, 'nope', cast.client), 404)).toBe('Application not found');
    expect((await okJson<{ application: ApplicationDto }>(await postReject(task.id, application.id, cast.admin))).application.status).toBe(
      'rejected',
    );
    const other = await createTask(h, cast.client);
    const hired = await apply(h, cast.expert, other.id);
    const loser = await apply(h, cast.otherExpert, other.id);
    await assign(h, cast.client, other.id, hired.id);
    expect(await expectError(await postReject(other.id, loser.id, cast.client), 409)).toBe(
      'Task status has changed. Please refresh the page.',
    );
  });
});

describe('POST /api/tasks/:id/assign', () => {
  it('hires the expert: rate as budget, assigned_at, unpaid; accepted and rejected applications; a notification', async () => {
    const task = await createTask(h, cast.client);
    const hired = await apply(h, cast.expert, task.id, 13_300);
    await apply(h, cast.otherExpert, task.id, 9_900);
    h.clock.advance(5_000);
    const body = await okJson<{ task: TaskDto; message: string }>(
      await postAssign(task.id, { application_id: hired.id }, cast.client),
    );
    expect(body.message).toBe('Expert assigned successfully! Please authorize payment to proceed.');
    expect(body.task).toMatchObject({
      status: 'assigned',
      expert_id: cast.expert.id,
      budget: 13_300,
      payment_status: 'unpaid',
      assigned_at: h.clock.now().toISOString(),
    });
    expect(await statusesOf(task.id)).toEqual({ [cast.expert.id]: 'accepted', [cast.otherExpert.id]: 'rejected' });
    expect((await notificationsOf(h, cast.expert.id, task.id)).map((n) => n.type)).toEqual(['assignment']);
  });

  it('answers 400 without an application id', async () => {
    const task = await createTask(h, cast.client);
    expect(await expectError(await postAssign(task.id, {}, cast.client), 400)).toBe('The request is not valid.');
    expect(await expectError(await postAssign(task.id, { application_id: 'x' }, cast.client), 400)).toBe(
      'The request is not valid.',
    );
  });

  it('refuses other roles; an admin may assign, giving a reason (issue 27)', async () => {
    const task = await createTask(h, cast.client);
    const application = await apply(h, cast.expert, task.id);
    const body = { application_id: application.id };
    expect(await expectError(await postAssign(task.id, body, cast.expert), 403)).toBe("You don't have permission to do that.");
    expect(await expectError(await postAssign(task.id, body, cast.otherClient), 404)).toBe('Task not found');
    expect((await postAssign(task.id, body, null)).status).toBe(401);
    expect((await postAssign(task.id, body, cast.admin)).status).toBe(400);
    const withReason = { ...body, override_reason: 'The client asked support to hire this expert.' };
    expect((await okJson<{ task: TaskDto }>(await postAssign(task.id, withReason, cast.admin))).task.expert_id).toBe(cast.expert.id);
  });

  it('gives the spec texts when the task cannot be assigned (409)', async () => {
    const task = await createTask(h, cast.client);
    const first = await apply(h, cast.expert, task.id);
    const second = await apply(h, cast.otherExpert, task.id);
    await assign(h, cast.client, task.id, first.id);
    expect(await expectError(await postAssign(task.id, { application_id: second.id }, cast.client), 409)).toBe(
      'Another expert has already been assigned to this task',
    );

    const lonely = await createTask(h, cast.client);
    expect(
      await expectError(await postAssign(lonely.id, { application_id: first.id }, cast.client), 409),
    ).toBe('No applications yet');

    const cancelled = await createTask(h, cast.client);
    const application = await apply(h, cast.expert, cancelled.id);
    await okJson(await h.request('POST', `/api/tasks/${cancelled.id}/cancel`, { cookie: cast.client.cookie, body: { reason: 'plans_changed' } }));
    expect(
      await expectError(await postAssign(cancelled.id, { application_id: application.id }, cast.client), 409),
    ).toBe('Task is no longer available for assignment');

    const rejectedOne = await createTask(h, cast.client);
    const rejected = await apply(h, cast.expert, rejectedOne.id);
    await apply(h, cast.otherExpert, rejectedOne.id);
    await okJson(await postReject(rejectedOne.id, rejected.id, cast.client));
    expect(
      await expectError(await postAssign(rejectedOne.id, { application_id: rejected.id }, cast.client), 409),
    ).toBe('This application is no longer pending');
    expect((await taskRow(h, rejectedOne.id)).status).toBe('open');
    expect(
      await expectError(await postAssign(rejectedOne.id, { application_id: first.id }, cast.client), 404),
    ).toBe('Application not found');
  });
});
