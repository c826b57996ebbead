import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { ClientCardDto, TwoWayReviewsDto } from '@shared/schemas/discovery.schemas';
import type { TaskDetailsDto } from '@shared/schemas/task-api';
import { notifications } from '../../db/schema';
import { createTaskAt } from '../../test/builders';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';

const DAY = 86_400_000;
const START = new Date('2026-11-01T12:00:00Z');

let t: TestApp;
let client: TestUser;
let expert: TestUser;
let otherExpert: TestUser;
let admin: TestUser;

const CLIENT_REVIEW = { rating: 4, comment: 'Clear brief and paid promptly.' };
const EXPERT_REVIEW = { rating: 5, comment: 'Careful work, lovely photos.' };

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(START);
  [client, expert, otherExpert, admin] = await Promise.all([
    t.createUser('client'),
    t.createUser('expert'),
    t.createUser('expert'),
    t.createUser('admin'),
  ]);
});
afterAll(() => t.close());

async function verifiedTask() {
  return createTaskAt(t.db, { status: 'verified', clientId: client.id, expertId: expert.id, now: t.clock.now() });
}
const reviewClient = (taskId: string, user: TestUser = expert, body: unknown = CLIENT_REVIEW) =>
  t.request('POST', `/api/tasks/${taskId}/client-review`, { cookie: user.cookie, body });
const reviewExpert = (taskId: string) => t.request('POST', `/api/tasks/${taskId}/review`, { cookie: client.cookie, body: EXPERT_REVIEW });
const status = async (taskId: string, user: TestUser) =>
  t.json<TwoWayReviewsDto>(await t.request('GET', `/api/tasks/${taskId}/two-way-reviews`, { cookie: user.cookie }));
const card = async (user: TestUser = expert) =>
  t.json<ClientCardDto>(await t.request('GET', `/api/clients/${client.id}/card`, { cookie: user.cookie }));

describe('two-way, double-blind reviews', () => {
  it('hides each review from the other party until both have submitted, then shows both', async () => {
    const task = await verifiedTask();
    expect((await reviewClient(task.id)).status).toBe(201);
    // The client is told without the rating; the expert sees their own review, the client only that one exists.
    const [blind] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.user_id, client.id), eq(notifications.task_id, task.id)));
    expect(blind.type).toBe('review_received_blind');
    expect((await status(task.id, expert)).expert_review).toMatchObject(CLIENT_REVIEW);
    expect((await status(task.id, client)).expert_review).toBe('hidden');
    expect((await card()).review_count).toBe(0);

    expect((await reviewExpert(task.id)).status).toBe(201);
    const seenByClient = await status(task.id, client);
    expect(seenByClient.revealed).toBe(true);
    expect(seenByClient.expert_review).toMatchObject(CLIENT_REVIEW);
    expect((await status(task.id, expert)).client_review).toMatchObject(EXPERT_REVIEW);
    expect(await card()).toMatchObject({ avg_rating: 4, review_count: 1 });
  });

  it('keeps the client review off the expert’s task page until revealed, then reveals at the window end', async () => {
    const task = await verifiedTask();
    expect((await reviewExpert(task.id)).status).toBe(201);
    const page = async () =>
      (await t.json<{ task: TaskDetailsDto }>(await t.request('GET', `/api/tasks/${task.id}`, { cookie: expert.cookie }))).task;
    expect((await page()).reviews).toHaveLength(0);
    expect((await status(task.id, expert)).client_review).toBe('hidden');
    // The client still sees their own review.
    expect((await status(task.id, client)).client_review).toMatchObject(EXPERT_REVIEW);

    t.clock.set(new Date(task.completed_at!.getTime() + 14 * DAY - 1));
    expect((await status(task.id, expert)).revealed).toBe(false);
    t.clock.set(new Date(task.completed_at!.getTime() + 14 * DAY));
    const closed = await status(task.id, expert);
    expect(closed).toMatchObject({ revealed: true, window_open: false, can_review_client: false });
    expect(closed.client_review).toMatchObject(EXPERT_REVIEW);
    expect((await page()).reviews).toHaveLength(1);
    // Too late to review the client now.
    expect((await reviewClient(task.id)).status).toBe(409);
    t.clock.set(START);
  });

  it('takes one review per task, from the assigned expert only, with valid input', async () => {
    const task = await verifiedTask();
    expect((await reviewClient(task.id, expert, { rating: 9, comment: 'x' })).status).toBe(400);
    expect((await reviewClient(task.id, client)).status).toBe(403);
    expect((await reviewClient(task.id, otherExpert)).status).toBe(404);
    expect((await reviewClient(task.id, admin)).status).toBe(403);
    const [first, second] = await Promise.all([reviewClient(task.id), reviewClient(task.id)]);
    expect([first.status, second.status].sort()).toEqual([201, 409]);
    const open = await createTaskAt(t.db, { status: 'in_progress', clientId: client.id, expertId: expert.id });
    expect((await reviewClient(open.id)).status).toBe(409);
    expect((await t.request('GET', `/api/tasks/${task.id}/two-way-reviews`, { cookie: otherExpert.cookie })).status).toBe(404);
    expect((await status(task.id, admin)).expert_review).toMatchObject(CLIENT_REVIEW);
  });

  it('shows the client card to experts and admins, not to other clients', async () => {
    expect((await t.request('GET', `/api/clients/${client.id}/card`, { cookie: admin.cookie })).status).toBe(200);
    const otherClient = await t.createUser('client');
    expect((await t.request('GET', `/api/clients/${client.id}/card`, { cookie: otherClient.cookie })).status).toBe(403);
    expect((await t.request('GET', `/api/clients/${expert.id}/card`, { cookie: admin.cookie })).status).toBe(404);
  });

  it('lets the person a review is about report it to the admins, once', async () => {
    const task = await verifiedTask();
    const { review } = await t.json<{ review: { id: string } }>(await reviewClient(task.id));
    const report = (user: TestUser, body: unknown) => t.request('POST', `/api/reviews/${review.id}/report`, { cookie: user.cookie, body });
    expect((await report(client, { kind: 'client', reason: 'short' })).status).toBe(400);
    expect((await report(otherExpert, { kind: 'client', reason: 'This review is not about me at all.' })).status).toBe(404);
    expect((await report(client, { kind: 'client', reason: 'The comment names my street address.' })).status).toBe(201);
    expect((await report(client, { kind: 'client', reason: 'The comment names my street address.' })).status).toBe(409);
    const list = await t.json<{ reports: { review_id: string }[] }>(await t.request('GET', '/api/admin/review-reports', { cookie: admin.cookie }));
    expect(list.reports.map((r) => r.review_id)).toContain(review.id);
  });
});
