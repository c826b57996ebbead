import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExpertPublicProfileResponse, ExpertReviewsPageResponse } from '@shared/schemas/expert-public.schemas';
import { expertProfiles, profiles, tasks } from '../../db/schema';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { finishedTask, reviewThroughApi } from '../verification/verification.test-helpers';

let t: TestApp;
let client: TestUser;
let expert: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  client = await t.createUser('client', { firstName: 'Casey' });
  expert = await t.createUser('expert', { firstName: 'Morgan' });
  await t.db.update(profiles).set({ avatar_url: '/api/avatars/morgan.png' }).where(eq(profiles.id, expert.id));
  // Seven reviewed tasks, one minute apart, rated 5,4,5,4,5,4,3 (newest last).
  for (const [i, rating] of [5, 4, 5, 4, 5, 4, 3].entries()) {
    const task = await finishedTask(t, client, expert, `Reviewed task ${i + 1}`);
    await reviewThroughApi(t, client, task.id, rating, `Review number ${i + 1}, clear photos.`);
    t.clock.advance(60_000);
  }
  // A completed task without a review, and a cancelled one: completed counts only the first.
  const done = await finishedTask(t, client, expert, 'Completed, not reviewed');
  await t.db.update(tasks).set({ status: 'completed' }).where(eq(tasks.id, done.id));
  const cancelled = await finishedTask(t, client, expert, 'Cancelled');
  await t.db.update(tasks).set({ status: 'cancelled' }).where(eq(tasks.id, cancelled.id));
});
afterAll(async () => {
  await t.close();
});

const profileOf = (id: string, user?: TestUser) => t.request('GET', `/api/experts/${id}/public`, { cookie: user?.cookie });
const reviewsOf = (id: string, query = '') => t.request('GET', `/api/experts/${id}/reviews${query}`);

describe('GET /api/experts/:id/public', () => {
  it('shows a signed-out visitor the public fields with counts and aggregates from real data', async () => {
    const response = await profileOf(expert.id);
    expect(response.status).toBe(200);
    const { expert: body } = (await response.json()) as ExpertPublicProfileResponse;
    expect(body).toMatchObject({
      id: expert.id,
      first_name: 'Morgan',
      last_name: 'Tester',
      avatar_url: '/api/avatars/morgan.png',
      location: 'New York, New York',
      expertise: ['Property inspection', 'Vehicles'],
      completed_tasks: 8,
      review_count: 7,
      positive_review_count: 6,
      avg_rating: 4.29,
      // 8 finished; the cancellation was not the expert's doing (no ruling against them), so it
      // counts neither way (issue 52, decision 0456; expert-stats.test.ts has the cases that do count).
      success_rate: 100,
    });
    expect(body.badges.map((b) => b.level)).toEqual(['community_trust']);
    expect(body.member_since).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('exposes no private field: no email, phone, document, coordinates or payment data', async () => {
    const [row] = await t.db.select().from(expertProfiles).where(eq(expertProfiles.id, expert.id));
    await t.db.update(expertProfiles).set({ document_url: 'verification_docs/secret.pdf' }).where(eq(expertProfiles.id, expert.id));
    for (const viewer of [undefined, client, await t.createUser('admin')]) {
      const text = await (await profileOf(expert.id, viewer)).text();
      const body = JSON.parse(text) as ExpertPublicProfileResponse;
      expect(Object.keys(body.expert).sort()).toEqual(
        [
          'id', 'first_name', 'last_name', 'avatar_url', 'member_since', 'location', 'bio', 'expertise', 'completed_tasks',
          'avg_rating', 'review_count', 'positive_review_count', 'avg_response_time_mins', 'success_rate', 'completed_as_agreed', 'badges',
        ].sort(),
      );
      for (const secret of [expert.email, 'secret.pdf', 'acct_', '40.71', '-74.0']) expect(text).not.toContain(secret);
    }
    await t.db.update(expertProfiles).set({ document_url: row.document_url }).where(eq(expertProfiles.id, expert.id));
  });

  it('answers 404 with "Expert Not Found" for an unknown id, a malformed id and a client', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', client.id]) {
      const response = await profileOf(id);
      expect(response.status).toBe(404);
      expect(((await response.json()) as { error: { message: string } }).error.message).toBe('Expert Not Found');
    }
  });

  it('says nothing yet for a new expert: no rating, no metrics, no badges', async () => {
    const fresh = await t.createUser('expert');
    const { expert: body } = (await (await profileOf(fresh.id)).json()) as ExpertPublicProfileResponse;
    expect(body).toMatchObject({
      completed_tasks: 0,
      review_count: 0,
      avg_rating: null,
      avg_response_time_mins: null,
      success_rate: null,
      badges: [],
    });
  });
});

describe('GET /api/experts/:id/reviews', () => {
  it('pages the reviews newest first, 3 a page on the profile, with reviewer first name and task title', async () => {
    const first = (await (await reviewsOf(expert.id, '?page=1&pageSize=3')).json()) as ExpertReviewsPageResponse;
    expect(first).toMatchObject({ page: 1, pageSize: 3, total: 7, pageCount: 3 });
    expect(first.reviews.map((r) => r.task_title)).toEqual(['Reviewed task 7', 'Reviewed task 6', 'Reviewed task 5']);
    expect(first.reviews[0]).toMatchObject({ rating: 3, comment: 'Review number 7, clear photos.', reviewer: { first_name: 'Casey' } });
    expect(JSON.stringify(first)).not.toContain(client.email);
    const last = (await (await reviewsOf(expert.id, '?page=3&pageSize=3')).json()) as ExpertReviewsPageResponse;
    expect(last.reviews.map((r) => r.task_title)).toEqual(['Reviewed task 1']);
    const beyond = (await (await reviewsOf(expert.id, '?page=9&pageSize=3')).json()) as ExpertReviewsPageResponse;
    expect(beyond).toMatchObject({ reviews: [], total: 7 });
  });

  it('uses 5 a page by default', async () => {
    const body = (await (await reviewsOf(expert.id)).json()) as ExpertReviewsPageResponse;
    expect(body).toMatchObject({ pageSize: 5, pageCount: 2 });
    expect(body.reviews).toHaveLength(5);
  });

  it('refuses bad paging with 400 and unknown experts with 404', async () => {
    for (const query of ['?page=0', '?page=abc', '?pageSize=0', '?pageSize=1000']) {
      expect((await reviewsOf(expert.id, query)).status).toBe(400);
    }
    expect((await reviewsOf('00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});
