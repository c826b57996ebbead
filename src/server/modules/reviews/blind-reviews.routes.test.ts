import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { ExpertPublicProfileResponse, ExpertReviewsPageResponse } from '@shared/schemas/expert-public.schemas';
import { expertProfiles, notifications } from '../../db/schema';
import { createTaskAt } from '../../test/builders';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { communityTrustReviewHooks } from '../verification/community-trust';
import { revealDueReviews } from './blind-reviews';

// Issue 23, decision 0260: nothing about a client's review of the expert reaches the expert or the
// public (notification rating, running average, public list) before both reviewed or the window closed.
const DAY = 86_400_000;
let t: TestApp;
let client: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2026-11-01T12:00:00Z'));
  client = await t.createUser('client');
});
afterAll(() => t.close());

const RATING = 2;
const reviewExpert = (taskId: string) =>
  t.request('POST', `/api/tasks/${taskId}/review`, { cookie: client.cookie, body: { rating: RATING, comment: 'Photos were blurry and late.' } });
const reviewClient = (taskId: string, expert: TestUser) =>
  t.request('POST', `/api/tasks/${taskId}/client-review`, { cookie: expert.cookie, body: { rating: 5, comment: 'Clear brief and paid promptly.' } });
const stored = async (expertId: string) => {
  const [row] = await t.db.select().from(expertProfiles).where(eq(expertProfiles.id, expertId));
  return { avg_rating: row.avg_rating === null ? null : Number(row.avg_rating), review_count: row.review_count };
};
const publicView = async (expertId: string) => {
  const profile = await t.json<ExpertPublicProfileResponse>(await t.request('GET', `/api/experts/${expertId}/public`));
  const list = await t.json<ExpertReviewsPageResponse>(await t.request('GET', `/api/experts/${expertId}/reviews`));
  return { avg: profile.expert.avg_rating, count: profile.expert.review_count, listed: list.total, rows: list.reviews.length };
};
const noticesOf = (userId: string, taskId: string) =>
  t.db.select().from(notifications).where(and(eq(notifications.user_id, userId), eq(notifications.task_id, taskId)));

async function setup() {
  const expert = await t.createUser('expert');
  const task = await createTaskAt(t.db, { status: 'verified', clientId: client.id, expertId: expert.id, now: t.clock.now() });
  expect((await reviewExpert(task.id)).status).toBe(201);
  return { expert, task };
}

async function expectHidden(expert: TestUser, taskId: string) {
  const notices = await noticesOf(expert.id, taskId);
  expect(notices.map((n) => n.type)).toEqual(['review_received_blind']);
  expect(notices[0].message).not.toContain(String(RATING));
  expect(JSON.stringify(notices[0].data)).not.toContain('rating');
  expect(await stored(expert.id)).toEqual({ avg_rating: null, review_count: 0 });
  expect(await publicView(expert.id)).toEqual({ avg: null, count: 0, listed: 0, rows: 0 });
}

async function expectRevealed(expert: TestUser, taskId: string) {
  const received = (await noticesOf(expert.id, taskId)).filter((n) => n.type === 'review_received');
  expect(received).toHaveLength(1);
  expect(received[0].message).toContain(`${RATING}-star`);
  expect(await stored(expert.id)).toEqual({ avg_rating: RATING, review_count: 1 });
  expect(await publicView(expert.id)).toEqual({ avg: RATING, count: 1, listed: 1, rows: 1 });
}

describe('double-blind client reviews of the expert', () => {
  it('tells the expert no rating, moves no average and lists nothing until the expert reviews too', async () => {
    const { expert, task } = await setup();
    await expectHidden(expert, task.id);
    expect((await reviewClient(task.id, expert)).status).toBe(201);
    await expectRevealed(expert, task.id);
    // The client is told both reviews are visible.
    expect((await noticesOf(client.id, task.id)).map((n) => n.type)).toContain('reviews_revealed');
  });

  it('reveals at the window end through the sweep, once', async () => {
    const { expert, task } = await setup();
    t.clock.set(new Date(task.completed_at!.getTime() + 14 * DAY - 1));
    expect(await revealDueReviews(t.db, t.clock.now(), communityTrustReviewHooks)).toBe(0);
    await expectHidden(expert, task.id);
    t.clock.set(new Date(task.completed_at!.getTime() + 14 * DAY));
    const [first, second] = await Promise.all([revealDueReviews(t.db, t.clock.now(), communityTrustReviewHooks), revealDueReviews(t.db, t.clock.now(), communityTrustReviewHooks)]);
    expect(first + second).toBe(1);
    await expectRevealed(expert, task.id);
    t.clock.set(new Date('2026-11-01T12:00:00Z'));
  });

  it('reveals both when the client and the expert review at the same moment', async () => {
    const expert = await t.createUser('expert');
    const task = await createTaskAt(t.db, { status: 'verified', clientId: client.id, expertId: expert.id, now: t.clock.now() });
    const [a, b] = await Promise.all([reviewExpert(task.id), reviewClient(task.id, expert)]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(await stored(expert.id)).toEqual({ avg_rating: RATING, review_count: 1 });
    expect(await publicView(expert.id)).toMatchObject({ listed: 1 });
  });

  it('keeps a hidden review off the task page for the expert, and shows the client their own', async () => {
    const { expert, task } = await setup();
    const page = async (user: TestUser) =>
      (await t.json<{ task: { reviews: unknown[] } }>(await t.request('GET', `/api/tasks/${task.id}`, { cookie: user.cookie }))).task.reviews;
    expect(await page(expert)).toHaveLength(0);
    expect(await page(client)).toHaveLength(1);
  });
});
