import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { TaskDetailsDto, TaskListDto } from '@shared/schemas/task-api';
import { clientReviews } from '../../db/schema';
import { createApplication, createTaskAt } from '../../test/builders';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { revealedClientRatingSql } from './client-rating.repository';

const DAY = 86_400_000;
const START = new Date('2026-11-01T12:00:00Z');

let t: TestApp;
let client: TestUser;
let expert: TestUser;
let otherExpert: TestUser;
let otherClient: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(START);
  [client, expert, otherExpert, otherClient, admin] = await Promise.all([
    t.createUser('client'),
    t.createUser('expert'),
    t.createUser('expert'),
    t.createUser('client'),
    t.createUser('admin'),
  ]);
});
afterAll(() => t.close());

const verifiedTask = () => createTaskAt(t.db, { status: 'verified', clientId: client.id, expertId: expert.id, now: t.clock.now() });
const reviewClient = (taskId: string, rating: number) =>
  t.request('POST', `/api/tasks/${taskId}/client-review`, { cookie: expert.cookie, body: { rating, comment: 'Clear brief and paid promptly.' } });
const reviewExpert = (taskId: string) =>
  t.request('POST', `/api/tasks/${taskId}/review`, { cookie: client.cookie, body: { rating: 5, comment: 'Careful work, lovely photos.' } });
/** The task page's one request: the client's rating comes with the task. */
const ratingOnPage = async (taskId: string, user: TestUser) => {
  const response = await t.request('GET', `/api/tasks/${taskId}`, { cookie: user.cookie });
  expect(response.status).toBe(200);
  return (await t.json<{ task: TaskDetailsDto }>(response)).task.client_rating;
};

describe("the client's rating on the task page (GET /api/tasks/:id)", () => {
  it('counts only revealed, shown reviews: after both reviewed, or once the window closed, and not once hidden', async () => {
    const open = await createTaskAt(t.db, { status: 'open', clientId: client.id, now: t.clock.now() });
    expect(await ratingOnPage(open.id, otherExpert)).toEqual({ avg_rating: null, review_count: 0 });

    // Both reviewed: revealed at once.
    const both = await verifiedTask();
    expect((await reviewClient(both.id, 4)).status).toBe(201);
    expect(await ratingOnPage(open.id, otherExpert)).toEqual({ avg_rating: null, review_count: 0 });
    expect((await reviewExpert(both.id)).status).toBe(201);
    expect(await ratingOnPage(open.id, otherExpert)).toEqual({ avg_rating: 4, review_count: 1 });

    // Only the expert reviewed: hidden until the 14-day window closes.
    const blind = await verifiedTask();
    expect((await reviewClient(blind.id, 1)).status).toBe(201);
    expect(await ratingOnPage(open.id, otherExpert)).toEqual({ avg_rating: 4, review_count: 1 });
    t.clock.set(new Date(blind.completed_at!.getTime() + 14 * DAY));
    expect(await ratingOnPage(open.id, otherExpert)).toEqual({ avg_rating: 2.5, review_count: 2 });

    // An admin hid the low review: it leaves the average.
    const [low] = await t.db.select({ id: clientReviews.id }).from(clientReviews).where(eq(clientReviews.task_id, blind.id));
    const hidden = await t.request('POST', `/api/admin/reviews/${low.id}/hide`, {
      cookie: admin.cookie,
      body: { kind: 'client', reason: 'Personal remarks, against the review rules.' },
    });
    expect(hidden.status).toBe(200);
    expect(await ratingOnPage(open.id, otherExpert)).toEqual({ avg_rating: 4, review_count: 1 });
    // The assigned expert and admins see it too.
    expect(await ratingOnPage(both.id, expert)).toEqual({ avg_rating: 4, review_count: 1 });
    expect(await ratingOnPage(open.id, admin)).toEqual({ avg_rating: 4, review_count: 1 });
  });

  it("comes with each task of the expert's applications list, in the list's one request", async () => {
    const open = await createTaskAt(t.db, { status: 'open', clientId: client.id, now: t.clock.now() });
    await createApplication(t.db, { task_id: open.id, expert_id: otherExpert.id });
    const applied = await t.json<TaskListDto>(await t.request('GET', '/api/tasks?scope=applied', { cookie: otherExpert.cookie }));
    const item = applied.tasks.find((task) => task.id === open.id);
    expect(item?.client_rating).toEqual({ avg_rating: 4, review_count: 1 });
    expect(item?.client_rating).toEqual(await ratingOnPage(open.id, otherExpert));
    // The client's own list carries none.
    const mine = await t.json<TaskListDto>(await t.request('GET', '/api/tasks?scope=mine', { cookie: client.cookie }));
    expect(mine.tasks.find((task) => task.id === open.id)?.client_rating).toBeUndefined();
  });

  it('is left out for the client themself; other clients do not see the task at all', async () => {
    const open = await createTaskAt(t.db, { status: 'open', clientId: client.id, now: t.clock.now() });
    expect(await ratingOnPage(open.id, client)).toBeNull();
    expect((await t.request('GET', `/api/tasks/${open.id}`, { cookie: otherClient.cookie })).status).toBe(404);
  });

  it('reads the client reviews through client_reviews_client_created_idx (EXPLAIN)', async () => {
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute(sql`explain ${revealedClientRatingSql(sql`${client.id}::uuid`, t.clock.now())}`);
    });
    expect(JSON.stringify((plan as unknown as { rows: unknown[] }).rows)).toContain('client_reviews_client_created_idx');
  });
});
