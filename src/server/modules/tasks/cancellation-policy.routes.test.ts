import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CancellationEventDto, CancellationQuoteDto } from '@shared/schemas/cancellations.schemas';
import type { TaskDto } from '@shared/schemas/task-api';
import { jobs, taskAppointments, taskCancellations } from '../../db/schema';
import type { TestUser } from '../../test/test-app';
import {
  expectError,
  notificationsOf,
  okJson,
  taskAt,
  taskRow,
  useTasksTestApp,
  type Cast,
  type TasksTestApp,
} from './tasks.test-helpers';

/**
 * The client's cancel under the published policy (issue 50, docs/decisions/0460): the quote at every
 * edge on the fake clock, the call-out fee's partial capture written with the change, the reason on
 * the timeline, bad input, the guards, and parallel cancels.
 */
let h: TasksTestApp;
let cast: Cast;
useTasksTestApp((suite) => ({ h, cast } = suite), { resetPayments: true });

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
type Result = { task: TaskDto; message: string; payment_failed: boolean };

const quoteOf = async (taskId: string, user: TestUser = cast.client) =>
  okJson<CancellationQuoteDto>(await h.request('GET', `/api/tasks/${taskId}/cancellation-quote`, { cookie: user.cookie }));
const cancel = (taskId: string, body: unknown = { reason: 'plans_changed' }, user: TestUser = cast.client) =>
  h.request('POST', `/api/tasks/${taskId}/cancel`, { cookie: user.cookie, body });

/** The visit agreed to start `inMs` from now. */
async function agreeVisit(taskId: string, inMs: number) {
  const start = new Date(h.clock.now().getTime() + inMs);
  const now = h.clock.now();
  await h.db
    .insert(taskAppointments)
    .values({ task_id: taskId, agreed_start: start, agreed_end: new Date(start.getTime() + HOUR), created_at: now, updated_at: now })
    .onConflictDoUpdate({ target: taskAppointments.task_id, set: { agreed_start: start, agreed_end: new Date(start.getTime() + HOUR) } });
}

/** A $120 booking under way, hired two hours ago, its hold authorized, the visit in `visitInMs` (none: null). */
async function createBooking(visitInMs: number | null = 2 * HOUR, options: { rival?: boolean } = {}) {
  const { task } = await taskAt(h, cast, 'in_progress', options);
  h.clock.advance(2 * HOUR);
  if (visitInMs !== null) await agreeVisit(task.id, visitInMs);
  return task;
}

const LATE = { fee_cents: 3_000, platform_fee_cents: 300, expert_cents: 2_700, released_cents: 9_000, rule: 'late' };

describe('GET /api/tasks/:id/cancellation-quote', () => {
  it('quotes the call-out fee inside 24 hours of the agreed start: 25% of $120, its 10% platform fee, the rest released', async () => {
    const task = await createBooking(2 * HOUR);
    const quote = await quoteOf(task.id);
    expect(quote).toMatchObject({ ...LATE, party: 'client' });
    expect(quote.rule_text).toBe(
      'The agreed visit starts in less than 24 hours: the expert receives a call-out fee of $30.00, the rest of the hold ($90.00) is released.',
    );
  });

  it('is free 24 hours plus a minute before the start, and late at 24 hours minus a minute', async () => {
    const task = await createBooking(24 * HOUR + MINUTE);
    expect(await quoteOf(task.id)).toMatchObject({ fee_cents: 0, released_cents: 12_000, rule: 'before_window' });
    h.clock.advance(2 * MINUTE);
    expect(await quoteOf(task.id)).toMatchObject(LATE);
  });

  it('is free within 1 hour of hiring and late a minute after', async () => {
    const { task } = await taskAt(h, cast, 'in_progress');
    await agreeVisit(task.id, 30 * MINUTE);
    h.clock.advance(HOUR - MINUTE);
    expect(await quoteOf(task.id)).toMatchObject({ fee_cents: 0, rule: 'after_hire' });
    h.clock.advance(2 * MINUTE);
    expect(await quoteOf(task.id)).toMatchObject({ fee_cents: 3_000, rule: 'late' });
  });

  it('is free while no visit time is agreed, and without a hold', async () => {
    const task = await createBooking(null);
    expect(await quoteOf(task.id)).toMatchObject({ fee_cents: 0, released_cents: 12_000, rule: 'no_appointment', agreed_start: null });
    const { task: unpaid } = await taskAt(h, cast, 'assigned');
    expect(await quoteOf(unpaid.id)).toMatchObject({ fee_cents: 0, released_cents: 0, rule: 'no_hold' });
  });

  it("quotes the hired expert's own cancel as free for the client, and an admin's cancel without a fee", async () => {
    const task = await createBooking(2 * HOUR);
    expect(await quoteOf(task.id, cast.expert)).toMatchObject({ party: 'expert', fee_cents: 0, released_cents: 12_000, rule: 'expert' });
    expect(await quoteOf(task.id, cast.admin)).toMatchObject({ party: 'client', fee_cents: 0, released_cents: 12_000 });
  });

  it('is for the parties and admins, while a cancel is possible', async () => {
    const task = await createBooking(2 * HOUR, { rival: true });
    expect(await expectError(await h.request('GET', `/api/tasks/${task.id}/cancellation-quote`, { cookie: cast.otherClient.cookie }), 404)).toBe('Task not found');
    expect(await expectError(await h.request('GET', `/api/tasks/${task.id}/cancellation-quote`, { cookie: cast.otherExpert.cookie }), 403)).toBe(
      'Only the client can cancel this task',
    );
    expect((await h.request('GET', `/api/tasks/${task.id}/cancellation-quote`)).status).toBe(401);
    const { task: done } = await taskAt(h, cast, 'verified');
    expect(await expectError(await h.request('GET', `/api/tasks/${done.id}/cancellation-quote`, { cookie: cast.client.cookie }), 409)).toBe(
      'This task can no longer be cancelled',
    );
  });
});

describe('POST /api/tasks/:id/cancel under the policy', () => {
  it('a late cancel captures the call-out fee from the hold (its job written with the change) and tells the expert', async () => {
    const task = await createBooking(2 * HOUR);
    const intentId = (await taskRow(h, task.id)).stripe_payment_intent_id!;
    const body = await okJson<Result>(await cancel(task.id, { reason: 'found_elsewhere', note: 'Bought another car', expected_fee_cents: 3_000 }));
    expect(body).toMatchObject({ message: 'Task cancelled. A call-out fee of $30.00 is charged and the rest of the hold is released.', payment_failed: false });
    expect(body.task).toMatchObject({ status: 'cancelled', payment_status: 'captured' });
    expect(h.payments.captureAmounts).toEqual([{ taskId: task.id, amountCents: 3_000, feeCents: 300 }]);
    expect(h.payments.cancelCalls).toEqual([]);
    const [job] = await h.db.select().from(jobs).where(eq(jobs.key, `capture_retry:${intentId}`));
    expect(job?.payload).toMatchObject({ taskId: task.id, intentId, amount: 3_000, fee: 300 });
    const notices = await notificationsOf(h, cast.expert.id, task.id);
    const callout = notices.find((n) => n.title === 'Call-out fee');
    expect(callout?.message).toBe(`The client cancelled "${task.title}" late (I found another way to get it done). You receive a call-out fee of $27.00.`);
    const [row] = await h.db.select().from(taskCancellations).where(eq(taskCancellations.task_id, task.id));
    expect(row).toMatchObject({ party: 'client', reason: 'found_elsewhere', note: 'Bought another car', fee_cents: 3_000, platform_fee_cents: 300, rule: 'late', expert_id: cast.expert.id });
  });

  it('a free cancel voids the whole hold and records the reason; the timeline shows it to both parties', async () => {
    const task = await createBooking(3 * 24 * HOUR);
    const body = await okJson<Result>(await cancel(task.id, { reason: 'other', note: 'The seller withdrew the listing.' }));
    expect(body).toMatchObject({ message: 'Task cancelled successfully', task: { status: 'cancelled', payment_status: 'unpaid' } });
    expect(h.payments.captureAmounts).toEqual([]);
    expect(h.payments.cancelCalls.map((c) => c.reason)).toEqual(['task_cancelled_by_client']);
    for (const user of [cast.client, cast.expert, cast.admin]) {
      const { cancellations } = await okJson<{ cancellations: CancellationEventDto[] }>(
        await h.request('GET', `/api/tasks/${task.id}/cancellations`, { cookie: user.cookie }),
      );
      expect(cancellations).toEqual([
        expect.objectContaining({ party: 'client', reason: 'other', reason_text: 'Another reason', note: 'The seller withdrew the listing.', fee_cents: 0 }),
      ]);
    }
    expect((await h.request('GET', `/api/tasks/${task.id}/cancellations`, { cookie: cast.otherClient.cookie })).status).toBe(404);
  });

  it('refuses a cancel without a reason (every cancel names why) and changes nothing', async () => {
    const task = await createBooking(null);
    for (const body of [undefined, {}, { note: 'Just because' }]) {
      expect(await expectError(await h.request('POST', `/api/tasks/${task.id}/cancel`, { cookie: cast.client.cookie, body }), 400)).toBe(
        'Choose a reason for cancelling',
      );
    }
    expect((await taskRow(h, task.id)).status).toBe('in_progress');
    const { cancellations } = await okJson<{ cancellations: CancellationEventDto[] }>(
      await h.request('GET', `/api/tasks/${task.id}/cancellations`, { cookie: cast.client.cookie }),
    );
    expect(cancellations).toEqual([]);
  });

  it('refuses bad input with a clear 400 and changes nothing', async () => {
    const task = await createBooking(2 * HOUR);
    expect(await expectError(await cancel(task.id, { reason: 'bored' }), 400)).toBe('Choose one of the listed reasons');
    expect(await expectError(await cancel(task.id, { reason: 'other' }), 400)).toBe('Say in a few words why you are cancelling');
    expect(await expectError(await cancel(task.id, { reason: 'plans_changed', note: 'x'.repeat(501) }), 400)).toBe('The note can be at most 500 characters');
    expect(await expectError(await cancel(task.id, { reason: 'plans_changed', expected_fee_cents: -1 }), 400)).toBe('The expected fee must be whole cents');
    // The expert's reasons are not the client's.
    expect(await expectError(await cancel(task.id, { reason: 'expert_unwell' }), 400)).toBe('Choose one of the listed reasons');
    expect((await taskRow(h, task.id)).status).toBe('in_progress');
  });

  it('refuses a cancel whose cost changed since the dialog showed it (409), charging nothing', async () => {
    const task = await createBooking(24 * HOUR + MINUTE);
    expect((await quoteOf(task.id)).fee_cents).toBe(0);
    h.clock.advance(2 * MINUTE);
    expect(await expectError(await cancel(task.id, { reason: 'plans_changed', expected_fee_cents: 0 }), 409)).toBe(
      'What cancelling costs has changed (now $30.00). Check the new amount and cancel again.',
    );
    expect((await taskRow(h, task.id)).status).toBe('in_progress');
    expect(h.payments.captureAmounts).toEqual([]);
  });

  it('parallel late cancels: one wins, the others get the spec text, the fee is captured once', async () => {
    const task = await createBooking(2 * HOUR);
    const responses = await Promise.all(Array.from({ length: 5 }, () => cancel(task.id)));
    expect(responses.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const response of responses.filter((r) => r.status === 409)) {
      expect(await expectError(response, 409)).toBe('This task can no longer be cancelled');
    }
    expect(h.payments.captureAmounts).toEqual([{ taskId: task.id, amountCents: 3_000, feeCents: 300 }]);
    const rows = await h.db.select().from(taskCancellations).where(and(eq(taskCancellations.task_id, task.id)));
    expect(rows).toHaveLength(1);
  });
});
