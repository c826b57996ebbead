import { expect, it } from 'vitest';
import { EXPERT_RADIUS_MILES, taskListBox } from '@shared/domain/geo';
import { createTasks } from '../../test/builders';
import { describeOnPostgres, useOneConnection } from '../../test/one-connection';
import { listOpenTasksAs } from './available-tasks.repository';
import { listAssignedTasks, listClientTasks, listOpenTasks } from './task-lists.repository';

/**
 * Issue 55: the expert's task list was parsed and planned by PostgreSQL on every request (4.5 ms of
 * its 6) and its text built by drizzle on every request (about 200 µs of the server's CPU). It is
 * now built once per shape and run by name (db/prepared.ts' defineShapedStatement): PostgreSQL
 * parses it once per pooled connection. Seen here on one connection of its own, whose prepared
 * statements pg_prepared_statements lists.
 */
const NYC = { latitude: 40.7128, longitude: -74.006 };

describeOnPostgres('the task lists as statements prepared once per connection (PostgreSQL)', () => {
  const suite = useOneConnection(async (t) => {
    const client = await t.createUser('client');
    const expert = await t.createUser('expert', NYC);
    await createTasks(t.db, 12, { client_id: client.id, status: 'open', latitude: NYC.latitude, longitude: NYC.longitude });
    return { client, expert };
  });

  const preparedOnTheConnection = () => suite.connection.prepared('open_tasks');

  it('parses the available list once and runs it by name for every page and box of its shape', async () => {
    const { connection, seeded: { expert } } = suite;
    const box = taskListBox(NYC.latitude, NYC.longitude, EXPERT_RADIUS_MILES);
    const pages = [];
    for (let page = 0; page < 3; page++) pages.push(await listOpenTasksAs(connection.db, expert.id, box, { limit: 5, offset: page * 5 }));
    // Another box of the same shape (one longitude range) is the same statement.
    const elsewhere = await listOpenTasksAs(connection.db, expert.id, taskListBox(10, 10, EXPERT_RADIUS_MILES), { limit: 5, offset: 0 });
    // No box: a statement of its own.
    await listOpenTasksAs(connection.db, expert.id, null, { limit: 5, offset: 0 });

    expect(pages.map((page) => page.page.items.length)).toEqual([5, 5, 2]);
    expect(new Set(pages.flatMap((page) => page.page.items.map((item) => JSON.parse(item.json).id))).size).toBe(12);
    expect(pages[0].page.total).toBe(12);
    expect(pages[0].actor).toMatchObject({ isExpert: true, isAdmin: false, centre: { latitude: NYC.latitude, longitude: NYC.longitude } });
    expect(elsewhere.page).toMatchObject({ items: [], total: 0 });
    expect(await preparedOnTheConnection()).toEqual([
      { name: 'open_tasks_as_all', runs: 1 },
      { name: 'open_tasks_as_box', runs: 4 },
    ]);
  });

  it('gives the second list statement its own name per shape, with the same answer as the first', async () => {
    const { connection, seeded: { expert } } = suite;
    const box = taskListBox(NYC.latitude, NYC.longitude, EXPERT_RADIUS_MILES);
    const [asExpert, withoutExpert] = [
      await listOpenTasks(connection.db, box, expert.id, { limit: 20, offset: 0 }),
      await listOpenTasks(connection.db, box, null, { limit: 20, offset: 0 }),
    ];
    const first = await listOpenTasksAs(connection.db, expert.id, box, { limit: 20, offset: 0 });
    expect(asExpert.items.map((item) => item.json)).toEqual(first.page.items.map((item) => item.json));
    expect(withoutExpert.total).toBe(12);
    expect((await preparedOnTheConnection()).map((row) => row.name)).toEqual(
      expect.arrayContaining(['open_tasks_box_expert', 'open_tasks_box_anyone']),
    );
  });

  it("runs the client's and the expert's own lists by name, one statement per party and filter", async () => {
    const { connection, seeded: { client, expert } } = suite;
    const all = await listClientTasks(connection.db, client.id, undefined, { limit: 5, offset: 0 });
    const second = await listClientTasks(connection.db, client.id, undefined, { limit: 5, offset: 5 });
    const open = await listClientTasks(connection.db, client.id, 'open', { limit: 50, offset: 0 });
    const done = await listClientTasks(connection.db, client.id, 'completed', { limit: 50, offset: 0 });
    const assigned = await listAssignedTasks(connection.db, expert.id, undefined, { limit: 50, offset: 0 });
    expect(all.items).toHaveLength(5);
    expect(all.total).toBe(12);
    expect(new Set([...all.items, ...second.items].map((item) => JSON.parse(item.json).id)).size).toBe(10);
    expect(open.total).toBe(12);
    expect(done).toEqual({ items: [], total: 0 });
    expect(assigned).toEqual({ items: [], total: 0 });
    expect(await connection.prepared('party_tasks')).toEqual([
      { name: 'party_tasks_client_any', runs: 2 },
      { name: 'party_tasks_client_status', runs: 2 },
      { name: 'party_tasks_expert_any', runs: 1 },
    ]);
  });
});

