import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ReviewDto } from '@shared/schemas/task-api';
import { clientFlags, expertProfiles, tasks } from '../../db/schema';
import { createClientReview } from '../../test/builders';
import type { TestUser } from '../../test/test-app';
import {
  expectError,
  notificationsOf,
  okJson,
  taskAt,
  useTasksTestApp,
  type Cast,
  type TasksTestApp,
} from '../tasks/tasks.test-helpers';

let h: TasksTestApp;
let cast: Cast;
useTasksTestApp((suite) => ({ h, cast } = suite));

const GOOD = { rating: 4, comment: 'Clear photos and a useful report.' };
const review = (taskId: string, user: TestUser | null, body: unknown = GOOD) =>
  h.request('POST', `/api/tasks/${taskId}/review`, { body, cookie: user?.cookie });
const report = (taskId: string, user: TestUser | null, body: unknown = { reason: '  Never paid  ' }) =>
  h.request('POST', `/api/tasks/${taskId}/report-client`, { body, cookie: user?.cookie });
const expertStats = async (id: string) => {
  const [row] = await h.db.select().from(expertProfiles).where(eq(expertProfiles.id, id));
  return { avg_rating: row.avg_rating === null ? null : Number(row.avg_rating), review_count: row.review_count };
};

describe('POST /api/tasks/:id/review', () => {
  // The expert has reviewed the client first, so each review is revealed at once (the blind case: blind-reviews.routes.test.ts).
  it('records the review, moves the running average and tells the expert', async () => {
    const expert = await h.createUser('expert');
    const ratedCast = { ...cast, expert };
    const ratings = [4, 5, 3];
    const averages = [4, 4.5, 4];
    for (const [i, rating] of ratings.entries()) {
      const { task } = await taskAt(h, ratedCast, 'verified');
      await createClientReview(h.db, { task_id: task.id, expert_id: expert.id, client_id: cast.client.id });
      const body = await okJson<{ review: ReviewDto; message: string }>(
        await review(task.id, cast.client, { rating, comment: 'Clear photos and a useful report.' }),
        201,
      );
      expect(body.message).toBe('Review submitted successfully');
      expect(body.review).toMatchObject({ rating, reviewee_id: expert.id, reviewer_id: cast.client.id, task_title: task.title });
      expect(await expertStats(expert.id)).toEqual({ avg_rating: averages[i], review_count: i + 1 });
      expect((await notificationsOf(h, expert.id, task.id)).map((n) => n.type)).toContain('review_received');
    }
  });

  it('accepts a completed task too', async () => {
    const { task } = await taskAt(h, cast, 'verified');
    await h.db.update(tasks).set({ status: 'completed' }).where(eq(tasks.id, task.id));
    expect((await review(task.id, cast.client)).status).toBe(201);
  });

  it.each([
    [{ comment: GOOD.comment }, 'Please select a rating'],
    [{ ...GOOD, rating: 0 }, 'Please select a rating'],
    [{ ...GOOD, rating: 6 }, 'Please select a rating'],
    [{ ...GOOD, rating: 4.5 }, 'Please select a rating'],
    [{ ...GOOD, comment: 'Too short' }, 'Comment must be at least 10 characters'],
  ])('answers 400 with the spec text for %o', async (body, text) => {
    const { task } = await taskAt(h, cast, 'verified');
    expect(await expectError(await review(task.id, cast.client, body), 400)).toBe(text);
  });

  it('is for the task’s client only', async () => {
    const { task } = await taskAt(h, cast, 'verified');
    for (const user of [cast.expert, cast.admin]) {
      expect(await expectError(await review(task.id, user), 403)).toBe('Only the client of this task can review it');
    }
    expect(await expectError(await review(task.id, cast.otherClient), 404)).toBe('Task not found');
    expect((await review(task.id, null)).status).toBe(401);
  });

  it('needs a finished task, and takes one review (409)', async () => {
    const started = await taskAt(h, cast, 'in_progress');
    expect(await expectError(await review(started.task.id, cast.client), 409)).toBe('You can review a task once it is completed');
    const { task } = await taskAt(h, cast, 'verified');
    await okJson(await review(task.id, cast.client), 201);
    expect(await expectError(await review(task.id, cast.client), 409)).toBe('You have already reviewed this task');
  });
});

describe('POST /api/tasks/:id/report-client', () => {
  const flagsOf = async (taskId: string) => h.db.select().from(clientFlags).where(eq(clientFlags.task_id, taskId));

  it('lets the assigned expert report while payment is not authorized: reason trimmed, warning by default', async () => {
    const { task } = await taskAt(h, cast, 'assigned');
    const body = await okJson<{ message: string }>(await report(task.id, cast.expert), 201);
    expect(body.message).toBe('Client report submitted successfully');
    expect(await flagsOf(task.id)).toEqual([
      expect.objectContaining({
        expert_id: cast.expert.id,
        client_id: cast.client.id,
        reason: 'Never paid',
        severity: 'warning',
      }),
    ]);
  });

  it('allows one report per expert and task: a second answers 409 and changes nothing', async () => {
    const { task } = await taskAt(h, cast, 'assigned');
    await okJson(await report(task.id, cast.expert), 201);
    const again = await report(task.id, cast.expert, { reason: 'Abusive messages', severity: 'critical' });
    expect(await expectError(again, 409)).toBe('You have already reported this client for this task.');
    const parallel = await Promise.all([1, 2, 3].map(() => report(task.id, cast.expert)));
    expect(parallel.map((r) => r.status)).toEqual([409, 409, 409]);
    expect((await flagsOf(task.id)).map((f) => f.severity)).toEqual(['warning']);
  });

  it('allows a report once the hold has expired', async () => {
    const { task } = await taskAt(h, cast, 'authorized');
    expect(await expectError(await report(task.id, cast.expert), 409)).toBe(
      'You can report the client only while payment is not authorized or has expired',
    );
    h.clock.advance(8 * 86_400_000);
    expect((await report(task.id, cast.expert)).status).toBe(201);
  });

  it.each([
    [{ reason: '   ' }, 'Please provide a reason for the report'],
    [{}, 'Please provide a reason for the report'],
    [{ reason: 'Late', severity: 'mild' }, undefined],
  ])('answers 400 for %o', async (body, text) => {
    const { task } = await taskAt(h, cast, 'assigned');
    const message = await expectError(await report(task.id, cast.expert, body), 400);
    if (text) expect(message).toBe(text);
    expect(await flagsOf(task.id)).toEqual([]);
  });

  it('is for the assigned expert only', async () => {
    const { task } = await taskAt(h, cast, 'assigned', { rival: true });
    for (const user of [cast.client, cast.admin, cast.otherExpert]) {
      expect(await expectError(await report(task.id, user), 403)).toBe('Only the assigned expert can report the client');
    }
    expect(await expectError(await report(task.id, null), 401)).toBe('You must be logged in to report a client');
    expect(await flagsOf(task.id)).toEqual([]);
  });
});
