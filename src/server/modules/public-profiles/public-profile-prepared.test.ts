import { expect, it } from 'vitest';
import { createNotification } from '../../test/builders';
import { describeOnPostgres, useOneConnection } from '../../test/one-connection';
import { loadDeliveryTarget } from '../notifications/delivery/delivery-target.repository';
import { findPublicProfile } from './public-profiles.repository';

/**
 * Issue 55: two frequent reads that PostgreSQL planned for longer than it ran them, now built once
 * and prepared by name per connection (db/prepared.ts): the public profile (every profile page and
 * document) and a notification's delivery target (every email and push delivery).
 */
describeOnPostgres('frequent reads prepared once per connection (PostgreSQL)', () => {
  const suite = useOneConnection(async (t) => ({ expert: await t.createUser('expert') }));

  it('reads the public profile by name, and answers nothing for an id that is not a UUID', async () => {
    const { connection, seeded: { expert } } = suite;
    const first = await findPublicProfile(connection.db, expert.id);
    await findPublicProfile(connection.db, expert.id);
    expect(first).toMatchObject({ id: expert.id, completed_tasks: 0 });
    expect(await findPublicProfile(connection.db, 'not-a-uuid')).toBeUndefined();
    expect(await connection.prepared('public_profile')).toEqual([{ name: 'public_profile_one', runs: 2 }]);
  });

  it("reads a delivery's target by name, one statement for push and one for email", async () => {
    const { t, connection, seeded: { expert } } = suite;
    const notification = await createNotification(t.db, { user_id: expert.id });
    const email = await loadDeliveryTarget(connection.db, { notificationId: notification.id, channel: 'email' });
    const push = await loadDeliveryTarget(connection.db, { notificationId: notification.id, channel: 'push' });
    expect(email).toMatchObject({ notification: { id: notification.id }, subscriptionIds: [] });
    expect(email?.enabled('tasks_payments')).toBe(true);
    expect(push?.notification.id).toBe(notification.id);
    expect(await connection.prepared('delivery_target')).toEqual([
      { name: 'delivery_target_other', runs: 1 },
      { name: 'delivery_target_push', runs: 1 },
    ]);
  });
});
