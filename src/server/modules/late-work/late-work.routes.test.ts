import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { messages } from '@shared/messages';
import type { ExtensionDto, LateWorkDto } from '@shared/schemas/evidence-changes.schemas';
import type { TaskDto } from '@shared/schemas/task-api';
import { notifications, tasks } from '../../db/schema';
import type { TestUser } from '../../test/test-app';
import { expectError, okJson, taskAt, taskRow, useTasksTestApp, type Cast, type TasksTestApp } from '../tasks/tasks.test-helpers';

let h: TasksTestApp;
let cast: Cast;
useTasksTestApp((suite) => ({ h, cast } = suite), { resetPayments: true });

const lateText = messages.lateWork;
const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const REASON = 'The seller moved the viewing to the weekend.';

const post = (path: string, user: TestUser | null, body?: unknown) => h.request('POST', path, { body, cookie: user?.cookie });
const lateWork = async (taskId: string, user: TestUser = cast.client) =>
  okJson<LateWorkDto>(await h.request('GET', `/api/tasks/${taskId}/late-work`, { cookie: user.cookie }));
const askMoreTime = (taskId: string, body: unknown, user: TestUser = cast.expert) => post(`/api/tasks/${taskId}/extensions`, user, body);
const cancelOverdue = (taskId: string, user: TestUser = cast.client) => post(`/api/tasks/${taskId}/cancel-overdue`, user);

/** An in_progress task (hold authorized) whose due moment is `dueInMs` from now. */
async function taskDueIn(dueInMs: number) {
  const { task } = await taskAt(h, cast, 'in_progress');
  const due = new Date(h.clock.now().getTime() + dueInMs);
  await h.db.update(tasks).set({ due_date: due, time_zone: 'America/New_York' }).where(eq(tasks.id, task.id));
  return { task, due };
}

const dayAfter = (due: Date, days: number) => new Date(due.getTime() + days * DAY).toISOString();

describe('late work (issue 50)', () => {
  it('shows Overdue to both parties only past the due moment', async () => {
    const { task } = await taskDueIn(HOUR);
    expect((await lateWork(task.id)).overdue).toBe(false);
    h.clock.advance(HOUR + MINUTE);
    expect((await lateWork(task.id)).overdue).toBe(true);
    expect((await lateWork(task.id, cast.expert)).overdue).toBe(true);
    await expectError(await h.request('GET', `/api/tasks/${task.id}/late-work`, { cookie: cast.otherClient.cookie }), 404);
    await expectError(await h.request('GET', `/api/tasks/${task.id}/late-work`, { cookie: cast.otherExpert.cookie }), 404);
  });

  it('lets the expert ask for more time once overdue, and the client accept it (the due moment moves)', async () => {
    const { task, due } = await taskDueIn(HOUR);
    expect(await expectError(await askMoreTime(task.id, { new_due_date: dayAfter(due, 2), reason: REASON }), 409)).toBe(lateText.notOverdueYet);
    h.clock.advance(2 * HOUR);
    const asked = await okJson<{ extension: ExtensionDto; message: string }>(await askMoreTime(task.id, { new_due_date: dayAfter(due, 2), reason: REASON }), 201);
    expect(asked.extension.status).toBe('pending');
    const [told] = await h.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.user_id, cast.client.id), eq(notifications.type, 'extension_requested'), eq(notifications.task_id, task.id)));
    expect(told?.message).toContain(REASON);
    expect(await expectError(await askMoreTime(task.id, { new_due_date: dayAfter(due, 3), reason: REASON }), 409)).toBe(lateText.extensionPending);
    const accepted = await okJson<{ task: TaskDto; extension: ExtensionDto }>(await post(`/api/tasks/${task.id}/extensions/${asked.extension.id}/accept`, cast.client));
    expect(accepted.extension.status).toBe('accepted');
    const row = await taskRow(h, task.id);
    expect(row.due_date!.getTime()).toBeGreaterThan(h.clock.now().getTime());
    expect((await lateWork(task.id)).overdue).toBe(false);
    // Agreed: no free cancel 24 hours after the OLD due moment.
    h.clock.advance(DAY);
    expect(await expectError(await cancelOverdue(task.id), 409)).toBe(lateText.notOverdueCancellable);
  });

  it('lets the client decline; the request cannot be answered twice', async () => {
    const { task, due } = await taskDueIn(-MINUTE);
    const asked = await okJson<{ extension: ExtensionDto }>(await askMoreTime(task.id, { new_due_date: dayAfter(due, 1), reason: REASON }), 201);
    const declined = await okJson<{ extension: ExtensionDto; message: string }>(await post(`/api/tasks/${task.id}/extensions/${asked.extension.id}/decline`, cast.client));
    expect(declined.message).toBe(lateText.extensionDeclined);
    expect(await expectError(await post(`/api/tasks/${task.id}/extensions/${asked.extension.id}/accept`, cast.client), 409)).toBe(lateText.noPendingExtension);
    expect((await taskRow(h, task.id)).due_date).toEqual(due);
  });

  it('refuses bad input with a clear 400', async () => {
    const { task, due } = await taskDueIn(-MINUTE);
    expect(await expectError(await askMoreTime(task.id, { reason: REASON }), 400)).toBe(lateText.newDueRequired);
    expect(await expectError(await askMoreTime(task.id, { new_due_date: 'tomorrow', reason: REASON }), 400)).toBe(lateText.newDueInvalid);
    expect(await expectError(await askMoreTime(task.id, { new_due_date: dayAfter(due, 1), reason: '' }), 400)).toBe(lateText.reasonRequired);
    expect(await expectError(await askMoreTime(task.id, { new_due_date: dayAfter(due, -2), reason: REASON }), 400)).toBe(lateText.newDueNotLater);
    expect(await expectError(await askMoreTime(task.id, { new_due_date: dayAfter(due, 30), reason: REASON }), 400)).toBe(lateText.newDueTooFar.replace('{days}', '14'));
    await expectError(await post(`/api/tasks/${task.id}/extensions/not-a-uuid/accept`, cast.client), 404);
    await expectError(await post(`/api/tasks/${task.id}/extensions/${crypto.randomUUID()}/decline`, cast.client), 404);
    expect(await expectError(await cancelOverdue('not-a-uuid'), 404)).toBe(messages.tasks.notFound);
    expect(await expectError(await h.request('GET', '/api/tasks/not-a-uuid/late-work', { cookie: cast.client.cookie }), 404)).toBe(messages.tasks.notFound);
  });

  it('lets only the assigned expert ask and only the client answer (403/404)', async () => {
    const { task, due } = await taskDueIn(-MINUTE);
    const body = { new_due_date: dayAfter(due, 1), reason: REASON };
    expect(await expectError(await askMoreTime(task.id, body, cast.client), 403)).toBe(lateText.onlyAssignedExpert);
    await expectError(await askMoreTime(task.id, body, cast.otherExpert), 404);
    expect((await askMoreTime(task.id, body, null as unknown as TestUser)).status).toBe(401);
    const asked = await okJson<{ extension: ExtensionDto }>(await askMoreTime(task.id, body), 201);
    expect(await expectError(await post(`/api/tasks/${task.id}/extensions/${asked.extension.id}/accept`, cast.expert), 403)).toBe(lateText.onlyClient);
    await expectError(await post(`/api/tasks/${task.id}/extensions/${asked.extension.id}/accept`, cast.otherClient), 404);
    expect(await expectError(await cancelOverdue(task.id, cast.expert), 403)).toBe(messages.tasks.onlyClientCanCancel);
  });

  it('opens the free cancel at due + 24 h: refused a minute before, a full release with no fee a minute after', async () => {
    const { task } = await taskDueIn(HOUR);
    h.clock.advance(HOUR + DAY - MINUTE);
    expect(await expectError(await cancelOverdue(task.id), 409)).toBe(lateText.notOverdueCancellable);
    expect((await lateWork(task.id)).can_cancel_free).toBe(false);
    h.clock.advance(2 * MINUTE);
    expect((await lateWork(task.id)).can_cancel_free).toBe(true);
    const cancelled = await okJson<{ task: TaskDto; message: string }>(await cancelOverdue(task.id));
    expect(cancelled.task.status).toBe('cancelled');
    expect(cancelled.message).toBe(lateText.overdueCancelled);
    // The whole hold is voided, nothing captured.
    expect(h.payments.cancelCalls.map((call) => call.taskId)).toEqual([task.id]);
    expect(h.payments.captureCalls).toEqual([]);
    const told = await h.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.user_id, cast.expert.id), eq(notifications.type, 'task_cancelled_overdue'), eq(notifications.task_id, task.id)));
    expect(told).toHaveLength(1);
  });

  it('refuses the overdue cancel once evidence arrived (state guard)', async () => {
    const { task } = await taskAt(h, cast, 'pending_approval');
    await h.db.update(tasks).set({ due_date: new Date(h.clock.now().getTime() - 2 * DAY) }).where(eq(tasks.id, task.id));
    expect(await expectError(await cancelOverdue(task.id), 409)).toBe(messages.tasks.notCancellable);
    expect(await expectError(await askMoreTime(task.id, { new_due_date: dayAfter(h.clock.now(), 1), reason: REASON }), 409)).toBe(lateText.notOverdueYet);
  });

  it('lets one of two parallel requests, answers and cancels win', async () => {
    const { task, due } = await taskDueIn(-2 * DAY);
    const body = { new_due_date: dayAfter(h.clock.now(), 1), reason: REASON };
    const asks = await Promise.all([askMoreTime(task.id, body), askMoreTime(task.id, body)]);
    expect(asks.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const id = ((await asks.find((answer) => answer.status === 201)!.json()) as { extension: ExtensionDto }).extension.id;
    const answers = await Promise.all([
      post(`/api/tasks/${task.id}/extensions/${id}/accept`, cast.client),
      post(`/api/tasks/${task.id}/extensions/${id}/decline`, cast.client),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const { task: other } = await taskDueIn(-2 * DAY);
    const cancels = await Promise.all([cancelOverdue(other.id), cancelOverdue(other.id)]);
    expect(cancels.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(due).toBeInstanceOf(Date);
  });
});
