import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { authUsers } from '../../db/schema';
import { EARTH_RADIUS_MILES, haversineMiles } from '@shared/domain/geo';
import type { TaskMapPointsDto, TaskSearchDto } from '@shared/schemas/discovery.schemas';
import { createTask } from '../../test/builders';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { taskSearchPageQuery } from './task-search.repository';

/** A point `miles` due north of the centre, by the product's great-circle rule. */
const CENTRE = { latitude: 39, longitude: -98 };
const north = (miles: number) => ({ latitude: CENTRE.latitude + ((miles / EARTH_RADIUS_MILES) * 180) / Math.PI, longitude: CENTRE.longitude });
const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 1, 12);

let t: TestApp;
let expert: TestUser;
let client: TestUser;
let admin: TestUser;
let nowhereExpert: TestUser;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  [expert, client, admin, nowhereExpert] = await Promise.all([
    t.createUser('expert', CENTRE),
    t.createUser('client'),
    t.createUser('admin'),
    t.createUser('expert', { latitude: -40, longitude: -130 }),
  ]);
  // A seeded set with a known answer: name -> miles north, category, urgency, budget (cents), due in days, age in days.
  const seed = {
    a: [5, 'vehicle', 'high', 20_000, 2, 5],
    b: [9.99, 'property', 'low', 5_000, 10, 4],
    c: [10.01, 'general', 'medium', 50_000, 1, 3],
    d: [60, 'vehicle', 'low', 12_000, null, 2],
    e: [99.99, 'property', 'high', 30_000, 20, 1],
    f: [100.01, 'vehicle', 'high', 90_000, 1, 0],
  } as const;
  for (const [name, [miles, category, urgency, budget, dueDays, ageDays]] of Object.entries(seed)) {
    const task = await createTask(t.db, {
      client_id: client.id,
      title: `Task ${name}`,
      ...north(miles),
      category,
      urgency,
      budget,
      due_date: dueDays === null ? null : new Date(NOW + dueDays * DAY),
      created_at: new Date(NOW - ageDays * DAY),
    });
    ids[name] = task.id;
  }
  // Not open: never in the search.
  await createTask(t.db, { client_id: client.id, title: 'Task closed', ...north(1), status: 'cancelled' });
});
afterAll(() => t.close());

async function search(query: Record<string, string | number>, user: TestUser = expert) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return t.request('GET', `/api/search/tasks?${qs}`, { cookie: user.cookie });
}
async function names(query: Record<string, string | number>) {
  const res = await search(query);
  expect(res.status).toBe(200);
  const body = await t.json<TaskSearchDto>(res);
  return { names: body.tasks.map((task) => task.title.replace('Task ', '')), body };
}

describe('GET /api/search/tasks', () => {
  it('centres on the expert service location, keeps only open tasks within 100 miles (great-circle edges), newest first', async () => {
    const { names: found, body } = await names({});
    expect(found).toEqual(['e', 'd', 'c', 'b', 'a']);
    expect(body.total).toBe(5);
    expect(body.centre).toMatchObject(CENTRE);
    // The distances agree with the shared haversine.
    const e = body.tasks.find((task) => task.title === 'Task e')!;
    expect(e.distance_miles).toBeCloseTo(Math.round(haversineMiles(CENTRE.latitude, CENTRE.longitude, e.latitude, e.longitude) * 10) / 10, 5);
  });

  it("leaves out a suspended client's open tasks, and shows them again once the suspension is lifted (issue 22)", async () => {
    const suspended = await t.createUser('client');
    await createTask(t.db, { client_id: suspended.id, title: 'Task s', ...north(3), created_at: new Date(NOW - 6 * DAY) });
    await t.db.update(authUsers).set({ suspendedAt: new Date(NOW) }).where(eq(authUsers.id, suspended.id));
    expect((await names({})).names).toEqual(['e', 'd', 'c', 'b', 'a']);
    await t.db.update(authUsers).set({ suspendedAt: null }).where(eq(authUsers.id, suspended.id));
    expect((await names({})).names).toEqual(['e', 'd', 'c', 'b', 'a', 's']);
    // Suspended again for the rest of the file, whose answers do not include it.
    await t.db.update(authUsers).set({ suspendedAt: new Date(NOW) }).where(eq(authUsers.id, suspended.id));
  });

  it('the 10-mile edge: 9.99 miles is in, 10.01 is out', async () => {
    expect((await names({ radius_miles: 10 })).names).toEqual(['b', 'a']);
  });

  it('filters by category, urgency, budget range and due date, singly and combined', async () => {
    expect((await names({ category: 'vehicle' })).names).toEqual(['d', 'a']);
    expect((await names({ urgency: 'high' })).names).toEqual(['e', 'a']);
    expect((await names({ budget_min: 12_000, budget_max: 30_000 })).names).toEqual(['e', 'd', 'a']);
    const due = new Date(NOW + 2 * DAY).toISOString().slice(0, 10);
    expect((await names({ due_before: due })).names).toEqual(['c', 'a']);
    expect((await names({ category: 'property', urgency: 'low', budget_max: 10_000, radius_miles: 50 })).names).toEqual(['b']);
  });

  it('sorts by nearest, budget and due date (no due date last)', async () => {
    expect((await names({ sort: 'nearest' })).names).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect((await names({ sort: 'budget' })).names).toEqual(['c', 'e', 'a', 'd', 'b']);
    expect((await names({ sort: 'due_date' })).names).toEqual(['c', 'a', 'b', 'e', 'd']);
  });

  it('pages with the total, also past the end', async () => {
    const first = await names({ sort: 'nearest', pageSize: 2, page: 2 });
    expect(first.names).toEqual(['c', 'd']);
    expect(first.body.total).toBe(5);
    const past = await names({ pageSize: 2, page: 9 });
    expect(past.names).toEqual([]);
    expect(past.body.total).toBe(5);
  });

  it('searches near a chosen place instead of the service location', async () => {
    const found = await search({ ...north(100.01), radius_miles: 10 }, nowhereExpert);
    const body = await t.json<TaskSearchDto>(found);
    expect(body.tasks.map((task) => task.title)).toEqual(['Task f', 'Task e']);
  });

  it('refuses bad input with the texts, clients with 403, and an expert without a centre with 400', async () => {
    const cases: [Record<string, string | number>, string][] = [
      [{ radius_miles: 5 }, 'Choose a distance between 10 and 100 miles.'],
      [{ radius_miles: 101 }, 'Choose a distance between 10 and 100 miles.'],
      [{ category: 'boats' }, 'This filter value is not available.'],
      [{ sort: 'random' }, 'This filter value is not available.'],
      [{ budget_min: -1 }, 'Enter a budget in whole cents, zero or more.'],
      [{ budget_min: 500, budget_max: 100 }, 'The minimum budget must not exceed the maximum.'],
      [{ due_before: 'soon' }, 'Enter a valid date.'],
      [{ latitude: 40 }, 'Invalid coordinates'],
    ];
    for (const [query, message] of cases) {
      const res = await search(query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect((await t.json<{ error: { message: string } }>(res)).error.message).toBe(message);
    }
    expect((await search({}, client)).status).toBe(403);
    expect((await search({}, admin)).status).toBe(400);
    expect((await search(CENTRE, admin)).status).toBe(200);
    expect((await t.request('GET', '/api/search/tasks')).status).toBe(401);
  });

  it('gives the map the nearest points with the total', async () => {
    const res = await t.request('GET', '/api/search/tasks/points?urgency=high', { cookie: expert.cookie });
    const body = await t.json<TaskMapPointsDto>(res);
    expect(body.points.map((point) => point.title)).toEqual(['Task a', 'Task e']);
    expect(body.total).toBe(2);
  });

  it('reads the region through tasks_open_earth_idx for every filter and sort (EXPLAIN)', async () => {
    const filters = { category: 'vehicle', urgency: 'high', budget_min: 1, budget_max: 10, due_before: new Date(NOW) } as const;
    for (const sort of ['newest', 'nearest', 'budget', 'due_date'] as const) {
      const plan = await t.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        return tx.execute(sql`explain ${taskSearchPageQuery(CENTRE, 50, filters, sort, { limit: 20, offset: 0 })}`);
      });
      expect(JSON.stringify((plan as unknown as { rows: unknown[] }).rows)).toContain('tasks_open_earth_idx');
    }
  });
});
