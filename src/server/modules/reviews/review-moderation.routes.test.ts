import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { ExpertPublicProfileResponse } from '@shared/schemas/expert-public.schemas';
import { auditLog, expertProfiles } from '../../db/schema';
import { createClientReview, createReview, createTaskAt } from '../../test/builders';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { recomputeExpertRating } from './reviews.repository';

let t: TestApp;
let client: TestUser;
let admin: TestUser;
const REASON = 'Abusive language about the client.';

beforeAll(async () => {
  t = await createTestApp();
  [client, admin] = await Promise.all([t.createUser('client'), t.createUser('admin')]);
});
afterAll(() => t.close());

async function reviewedExpert(ratings: number[]) {
  const expert = await t.createUser('expert');
  const ids: string[] = [];
  for (const rating of ratings) {
    const task = await createTaskAt(t.db, { status: 'verified', clientId: client.id, expertId: expert.id, now: t.clock.now() });
    ids.push((await createReview(t.db, { task_id: task.id, reviewer_id: client.id, reviewee_id: expert.id, rating })).id);
  }
  await recomputeExpertRating(t.db, { expertId: expert.id, now: t.clock.now() });
  return { expert, ids };
}
const act = (action: 'hide' | 'restore', id: string, user: TestUser | null = admin, body: unknown = { kind: 'expert', reason: REASON }) =>
  t.request('POST', `/api/admin/reviews/${id}/${action}`, { cookie: user?.cookie, body });
const profile = async (id: string) =>
  (await t.json<ExpertPublicProfileResponse>(await t.request('GET', `/api/experts/${id}/public`))).expert;

describe('admin moderation of reported reviews', () => {
  it('hides a review from the average and the list, with an audit row, and restores it', async () => {
    const { expert, ids } = await reviewedExpert([5, 1]);
    expect(await profile(expert.id)).toMatchObject({ avg_rating: 3, review_count: 2 });
    const hidden = await act('hide', ids[1]);
    expect(hidden.status).toBe(200);
    expect((await t.json<{ message: string }>(hidden)).message).toBe('The review is hidden. The reason is in the audit log.');
    expect(await profile(expert.id)).toMatchObject({ avg_rating: 5, review_count: 1 });
    const [stored] = await t.db.select().from(expertProfiles).where(eq(expertProfiles.id, expert.id));
    expect({ avg: Number(stored.avg_rating), n: stored.review_count }).toEqual({ avg: 5, n: 1 });
    const rows = await t.db.select().from(auditLog).where(and(eq(auditLog.target_id, ids[1]), eq(auditLog.action, 'review.hidden')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor_id: admin.id, target_type: 'review', details: expect.objectContaining({ reason: REASON, kind: 'expert' }) });

    expect((await act('hide', ids[1])).status).toBe(409);
    expect((await act('restore', ids[1])).status).toBe(200);
    expect(await profile(expert.id)).toMatchObject({ avg_rating: 3, review_count: 2 });
    expect((await act('restore', ids[1])).status).toBe(409);
  });

  it('hides a review of a client from the client card', async () => {
    const expert = await t.createUser('expert');
    const task = await createTaskAt(t.db, { status: 'verified', clientId: client.id, expertId: expert.id, now: t.clock.now() });
    const review = await createClientReview(t.db, { task_id: task.id, expert_id: expert.id, client_id: client.id, rating: 1 });
    await createReview(t.db, { task_id: task.id, reviewer_id: client.id, reviewee_id: expert.id });
    const card = async () => t.json<{ review_count: number }>(await t.request('GET', `/api/clients/${client.id}/card`, { cookie: expert.cookie }));
    const before = (await card()).review_count;
    expect((await act('hide', review.id, admin, { kind: 'client', reason: REASON })).status).toBe(200);
    expect((await card()).review_count).toBe(before - 1);
  });

  it('lets one of two parallel hides win', async () => {
    const { ids } = await reviewedExpert([4]);
    const statuses = (await Promise.all([act('hide', ids[0]), act('hide', ids[0])])).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409]);
  });

  it('needs a reason, an admin and a known review', async () => {
    const { expert, ids } = await reviewedExpert([4]);
    const short = await act('hide', ids[0], admin, { kind: 'expert', reason: 'bad' });
    expect(short.status).toBe(400);
    expect((await act('hide', ids[0], admin, { kind: 'nope', reason: REASON })).status).toBe(400);
    expect((await act('hide', ids[0], client)).status).toBe(403);
    expect((await act('hide', ids[0], expert)).status).toBe(403);
    expect((await act('hide', ids[0], null)).status).toBe(401);
    expect((await act('hide', '3f1f4b1e-8a52-4c1b-9a57-5a2b7f0c9d11')).status).toBe(404);
    expect((await act('hide', 'not-a-uuid')).status).toBe(404);
  });
});
