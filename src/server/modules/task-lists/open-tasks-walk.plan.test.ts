import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { EXPERT_RADIUS_MILES, taskListBox } from '@shared/domain/geo';
import type { TaskListDto } from '@shared/schemas/task-api';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { PgDialect } from 'drizzle-orm/pg-core';
import { boundValues, boxShapeOf, openTasksPageQuery, openTasksPageSql, placeholderBounds } from './task-lists.repository';

/**
 * Issue 55: the expert task list's newest-first walk of open tasks (openTasksPageQuery) went through
 * tasks_created_at_idx. It read the newer tasks of every other status before the open ones, and sorted
 * each run of equal created_at by id before it could stop: 24,001 rows for a page of 50 on the load
 * test's data, the most rows read of any statement the load's journeys ran. The data here has both:
 * newer cancelled tasks, and open tasks created in batches that share one created_at.
 */
const NYC = { latitude: 40.7128, longitude: -74.006 };
const OPEN = 1_500;
const CANCELLED = 2_500;
const USERS = 5_000;

let t: TestApp;
let expert: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  const client = await t.createUser('client');
  expert = await t.createUser('expert', NYC);
  // Open tasks in batches of 500 that share created_at, then newer cancelled tasks.
  const insert = (status: string, count: number, createdAt: string) => sql`
    insert into tasks (title, description, requirements, category, urgency, budget, location, latitude, longitude,
      status, client_id, due_date, created_at, published_at, updated_at)
    select 'Walk task ' || g, 'Inspect and photograph remotely', 'Photos', 'vehicle', 'medium', 15000, 'New York',
      ${NYC.latitude}, ${NYC.longitude}, ${sql.raw(`'${status}'`)}::task_status, ${client.id},
      ${createdAt}::timestamptz + interval '7 days', ${createdAt}::timestamptz - (g / 500) * interval '1 minute', now(), now()
    from generate_series(0, ${count - 1}) g`;
  // Other accounts, a few suspended: the suspended clients' filter is then a probe of
  // auth_users_suspended_idx, as in production, and not a hash of the whole table.
  await t.db.execute(sql`insert into auth_users (id, name, email, email_verified, suspended_at)
    select gen_random_uuid(), 'Other', 'other-' || g || '@example.com', true, case when g % 1000 = 0 then now() end
    from generate_series(1, ${USERS}) g`);
  await t.db.execute(insert('open', OPEN, '2026-01-01T00:00:00Z'));
  await t.db.execute(insert('cancelled', CANCELLED, '2026-01-02T00:00:00Z'));
  // As autovacuum leaves a table that is mostly read: statistics and the visibility map.
  await t.db.execute(sql`vacuum analyze tasks`);
  await t.db.execute(sql`vacuum analyze auth_users`);
});
afterAll(async () => t?.close());

async function planOf(query: ReturnType<typeof sql>): Promise<string> {
  const result = await t.db.execute(sql`explain (analyze, costs off, timing off, summary off) ${query}`);
  return (result as unknown as { rows: Array<Record<string, string>> }).rows.map((row) => Object.values(row)[0]).join('\n');
}

describe('the open tasks newest first (GET /api/tasks?scope=available)', () => {
  it('answers the newest open tasks, equal created_at in id order, newest first', async () => {
    const query = `scope=available&latitude=${NYC.latitude}&longitude=${NYC.longitude}&pageSize=10`;
    const response = await t.request('GET', `/api/tasks?${query}`, { cookie: expert.cookie });
    expect(response.status).toBe(200);
    const body = (await response.json()) as TaskListDto;
    const expected = await t.db.execute(
      sql`select id from tasks where status = 'open' order by created_at desc, id desc limit 10`,
    );
    expect(body.tasks.map((task) => task.id)).toEqual((expected as unknown as { rows: Array<{ id: string }> }).rows.map((row) => row.id));
  });

  it.each([
    ['a box over more than the cap', taskListBox(NYC.latitude, NYC.longitude, EXPERT_RADIUS_MILES)],
    ['no box', null],
  ])('walks tasks_open_created_idx in its order, index only, and stops after the page (%s)', async (_label, box) => {
    const plan = await planOf(openTasksPageQuery(box, { limit: 10, offset: 0 }));
    expect(plan).toMatch(/Index Only Scan Backward using tasks_open_created_idx on tasks[^\n]*\(actual rows=10(\.00)? loops=1\)/);
    expect(plan).not.toMatch(/tasks_created_at_idx|Incremental Sort/);
  });

  /**
   * The list runs as a statement prepared once per connection (db/prepared.ts' defineShapedStatement):
   * after five runs PostgreSQL may keep one generic plan, made without the box's and the window's
   * values. That plan must walk the same way, or a dense box would read every open task in it.
   */
  it.each([
    ['a box over more than the cap', taskListBox(NYC.latitude, NYC.longitude, EXPERT_RADIUS_MILES)],
    ['no box', null],
  ])('walks the same way with the plan made without its values (%s)', async (_label, box) => {
    const bounds = placeholderBounds(boxShapeOf(box));
    const statement = new PgDialect().sqlToQuery(openTasksPageSql(bounds.box, bounds.window));
    const values = boundValues(box, { limit: 10, offset: 0 });
    // EXECUTE takes its arguments as literals (numbers of our own here), not as bound parameters.
    const args = (statement.params as Array<{ name: string }>).map((param) => {
      const value = values[param.name];
      if (typeof value !== 'number') throw new Error(`no value for ${param.name}`);
      return String(value);
    });
    const name = `open_tasks_walk_plan_${box ? 'box' : 'all'}`;
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      await tx.execute(sql.raw(`prepare ${name} as ${statement.sql}`));
      const result = await tx.execute(sql.raw(`explain (analyze, costs off, timing off, summary off) execute ${name}(${args.join(', ')})`));
      await tx.execute(sql.raw(`deallocate ${name}`));
      return (result as unknown as { rows: Array<Record<string, string>> }).rows.map((row) => Object.values(row)[0]).join('\n');
    });
    expect(plan).toMatch(/Index Only Scan Backward using tasks_open_created_idx on tasks[^\n]*\(actual rows=10(\.00)? loops=1\)/);
    expect(plan).not.toMatch(/tasks_created_at_idx|Incremental Sort/);
  });
});

