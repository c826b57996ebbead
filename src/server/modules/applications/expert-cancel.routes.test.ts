import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CancellationEventDto } from '@shared/schemas/cancellations.schemas';
import type { TaskDto } from '@shared/schemas/task-api';
import { applicationPauses, taskApplications, taskCancellations } from '../../db/schema';
import type { TestUser } from '../../test/test-app';
import {
  assign,
  expectError,
  notificationsOf,
  okJson,
  taskAt,
  taskRow,
  useTasksTestApp,
  type Cast,
  type TasksTestApp,
} from '../tasks/tasks.test-helpers';

/**
 * The hired expert cancels with a reason (issue 50, docs/decisions/0461): the hold is voided, the
 * client told in the same transaction, and the task is open again with the other applications
 * pending, so the client can hire another applicant at once.
 */
let h: TasksTestApp;
let cast: Cast;
useTasksTestApp((suite) => ({ h, cast } = suite), { resetPayments: true });
// The one expert of these tests cancels many times: the pause a third cancel in 30 days sets (issue
// 50) is reliability.routes.test.ts's subject; here it is cleared so that the expert can apply again.
beforeEach(async () => {
  await h.db.delete(applicationPauses).where(eq(applicationPauses.expert_id, cast.expert.id));
});

type Result = { task: TaskDto; message: string; payment_failed: boolean };
const BODY = { reason: 'expert_unwell', note: 'Down with the flu this week.' };
const expertCancel = (taskId: string, user: TestUser | null = cast.expert, body: unknown = BODY) =>
  h.request('POST', `/api/tasks/${taskId}/expert-cancel`, { cookie: user?.cookie, body });

const applicationsOf = (taskId: string) => h.db.select().from(taskApplications).where(eq(taskApplications.task_id, taskId));

describe('POST /api/tasks/:id/expert-cancel', () => {
  it('in progress: voids the hold, tells the client, reopens the task with the rival pending and hireable at once', async () => {
    const { task } = await taskAt(h, cast, 'in_progress', { rival: true });
    const intentId = (await taskRow(h, task.id)).stripe_payment_intent_id;
    const body = await okJson<Result>(await expertCancel(task.id));
    expect(body).toMatchObject({ message: 'You cancelled the booking. The client has been told and the task is open again.', payment_failed: false });
    expect(body.task).toMatchObject({ status: 'open', expert_id: null, payment_status: 'unpaid' });
    expect(h.payments.cancelCalls).toEqual([{ taskId: task.id, intentId, reason: 'assignment_declined_by_expert' }]);
    expect(h.payments.captureAmounts).toEqual([]);

    const applications = await applicationsOf(task.id);
    const rival = applications.find((a) => a.expert_id === cast.otherExpert.id)!;
    expect(rival.status).toBe('pending');
    expect(applications.find((a) => a.expert_id === cast.expert.id)?.status).toBe('rejected');

    const notice = (await notificationsOf(h, cast.client.id, task.id)).find((n) => n.title === 'The expert cancelled');
    expect(notice?.message).toBe(
      `The expert cancelled "${task.title}" (I am ill or had an emergency). The payment hold is released and your other applicants can be hired at once.`,
    );
    const { cancellations } = await okJson<{ cancellations: CancellationEventDto[] }>(
      await h.request('GET', `/api/tasks/${task.id}/cancellations`, { cookie: cast.client.cookie }),
    );
    expect(cancellations).toEqual([
      expect.objectContaining({ party: 'expert', reason: 'expert_unwell', note: 'Down with the flu this week.', fee_cents: 0 }),
    ]);

    const hired = await assign(h, cast.client, task.id, rival.id);
    expect(hired.task).toMatchObject({ status: 'assigned', expert_id: cast.otherExpert.id });
  });

  it('assigned, before the card step: reopens without a provider call', async () => {
    const { task } = await taskAt(h, cast, 'assigned');
    const body = await okJson<Result>(await expertCancel(task.id, cast.expert, { reason: 'expert_unavailable' }));
    expect(body.task.status).toBe('open');
    expect(h.payments.cancelCalls).toEqual([]);
    const [row] = await h.db.select().from(taskCancellations).where(eq(taskCancellations.task_id, task.id));
    expect(row).toMatchObject({ party: 'expert', actor_id: cast.expert.id, expert_id: cast.expert.id, reason: 'expert_unavailable', note: null, rule: 'expert' });
  });

  it('the timeline shows the cancel to the expert who cancelled, not to a later applicant', async () => {
    const { task } = await taskAt(h, cast, 'assigned');
    await okJson<Result>(await expertCancel(task.id));
    const mine = await okJson<{ cancellations: CancellationEventDto[] }>(
      await h.request('GET', `/api/tasks/${task.id}/cancellations`, { cookie: cast.expert.cookie }),
    );
    expect(mine.cancellations).toHaveLength(1);
    const other = await okJson<{ cancellations: CancellationEventDto[] }>(
      await h.request('GET', `/api/tasks/${task.id}/cancellations`, { cookie: cast.otherExpert.cookie }),
    );
    expect(other.cancellations).toEqual([]);
  });

  it('refuses bad input with a clear 400', async () => {
    const { task } = await taskAt(h, cast, 'in_progress');
    expect(await expectError(await expertCancel(task.id, cast.expert, {}), 400)).toBe('Choose a reason for cancelling');
    expect(await expectError(await expertCancel(task.id, cast.expert, { reason: 'plans_changed' }), 400)).toBe('Choose one of the listed reasons');
    expect(await expectError(await expertCancel(task.id, cast.expert, { reason: 'other', note: '   ' }), 400)).toBe('Say in a few words why you are cancelling');
    expect((await taskRow(h, task.id)).status).toBe('in_progress');
  });

  it('is for the hired expert only', async () => {
    const { task } = await taskAt(h, cast, 'in_progress', { rival: true });
    for (const user of [cast.client, cast.admin, cast.otherExpert]) {
      expect(await expectError(await expertCancel(task.id, user), 403)).toBe('Only the hired expert can cancel this booking');
    }
    expect(await expectError(await expertCancel(task.id, cast.otherClient), 404)).toBe('Task not found');
    expect((await expertCancel(task.id, null)).status).toBe(401);
    expect((await taskRow(h, task.id)).status).toBe('in_progress');
  });

  it('refuses delivered work (409)', async () => {
    const { task } = await taskAt(h, cast, 'pending_approval');
    expect(await expectError(await expertCancel(task.id), 409)).toBe('Task status has changed. Please refresh the page.');
  });

  it('parallel cancels: one wins, one void, one record', async () => {
    const { task } = await taskAt(h, cast, 'in_progress');
    const responses = await Promise.all(Array.from({ length: 4 }, () => expertCancel(task.id)));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses[0]).toBe(200);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(h.payments.cancelCalls).toHaveLength(1);
    expect(await h.db.select().from(taskCancellations).where(eq(taskCancellations.task_id, task.id))).toHaveLength(1);
  });
});
