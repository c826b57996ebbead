import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTask } from '../../test/builders';
import { describeOnPostgres, useOneConnection } from '../../test/one-connection';
import { insertNotifications, notificationsJson } from '../notifications/notifications.repository';
import { taskNotification } from '../tasks/task-notifications';
import { insertApplicationIfOpen } from './applications.service';

/**
 * Issue 55: PostgreSQL planned an application's statement (the application, the client's notice and
 * its deliveries, one statement) and every notification insert anew on each call. Their texts never
 * change (the notices are one JSON parameter), so each is now built once and prepared by name on
 * each pooled connection (defineNamedSql).
 */
describeOnPostgres('an application and a notification insert, prepared once per connection (PostgreSQL)', () => {
  const suite = useOneConnection(async (t) => {
    const client = await t.createUser('client');
    const experts = [await t.createUser('expert'), await t.createUser('expert')];
    const task = await createTask(t.db, { client_id: client.id, status: 'open' });
    const closed = await createTask(t.db, { client_id: client.id, status: 'cancelled' });
    return { client, experts, task, closed };
  });

  const countOf = async (query: ReturnType<typeof sql>) =>
    ((await suite.connection.db.execute(query)) as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;

  it('applies once per expert to an open task only, notifies the client with each, and runs by name', async () => {
    const { connection, seeded } = suite;
    const apply = (expertId: string, taskId: string) => {
      const id = randomUUID();
      const notice = taskNotification.applicationReceived(seeded.client.id, { id: taskId, title: 'Inspect the flat' }, { id, expertName: 'Sam' });
      return insertApplicationIfOpen(connection.db, {
        id,
        taskId,
        expertId,
        proposedRate: 80,
        notes: 'I live two streets away.',
        now: new Date(),
        notifications: notificationsJson([notice]),
      });
    };
    const first = await apply(seeded.experts[0]!.id, seeded.task.id);
    expect(first).toMatchObject({ task_id: seeded.task.id, expert_id: seeded.experts[0]!.id, status: 'pending', proposed_rate: 80 });
    expect(first?.created_at).toBeInstanceOf(Date);
    expect(await apply(seeded.experts[1]!.id, seeded.task.id)).toBeDefined();
    // Again, and to a task that takes no applications: no row, no notice.
    expect(await apply(seeded.experts[0]!.id, seeded.task.id)).toBeUndefined();
    expect(await apply(seeded.experts[0]!.id, seeded.closed.id)).toBeUndefined();
    expect(await countOf(sql`select count(*)::int as n from notifications where user_id = ${seeded.client.id}`)).toBe(2);
    expect(await connection.prepared('application_insert')).toEqual([{ name: 'application_insert', runs: 4 }]);
  });

  it('inserts notifications with their deliveries by name', async () => {
    const { connection, seeded } = suite;
    const notice = () => taskNotification.applicationReceived(seeded.client.id, { id: seeded.task.id, title: 'Inspect the flat' }, { id: randomUUID(), expertName: 'Ana' });
    const before = await countOf(sql`select count(*)::int as n from notifications where user_id = ${seeded.client.id}`);
    await insertNotifications(connection.db, [notice(), notice()]);
    await insertNotifications(connection.db, [notice()]);
    expect(await countOf(sql`select count(*)::int as n from notifications where user_id = ${seeded.client.id}`)).toBe(before + 3);
    expect(await connection.prepared('notifications_insert')).toEqual([{ name: 'notifications_insert', runs: 2 }]);
  });
});
