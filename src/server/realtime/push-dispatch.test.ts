import { BRAND_NAME } from '@shared/brand';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, profiles } from '../db/schema';
import { PushSendError, type PushMessage } from '../providers/push';
import { createTestApp, type TestApp } from '../test/test-app';
import { insertNotifications } from '../modules/notifications/notifications.repository';
import { deliverNotificationPush } from './push-dispatch';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function newNotification(userId: string) {
  await insertNotifications(t.db, [{ user_id: userId, type: 'assignment', title: 'New Assignment', message: 'You have been hired.' }]);
  const [row] = await t.db.select().from(notifications).where(eq(notifications.user_id, userId));
  return row;
}

/** A notification the app's own dispatcher has already handled, made deliverable again for a direct call. */
async function unclaimedNotification(userId: string) {
  const row = await newNotification(userId);
  const sentAt = async () => (await t.db.select().from(notifications).where(eq(notifications.id, row.id)))[0].push_sent_at;
  await expect.poll(sentAt, { timeout: 3_000 }).not.toBeNull();
  await t.db.update(notifications).set({ push_sent_at: null }).where(eq(notifications.id, row.id));
  return row;
}

describe('push delivery of notifications', () => {
  it('sends each notification once even when several instances race to deliver it', async () => {
    const user = await t.createUser('expert');
    await t.db.update(profiles).set({ fcm_token: 'device-token-1' }).where(eq(profiles.id, user.id));
    const sent: PushMessage[] = [];
    const push = { send: async (message: PushMessage) => void sent.push(message) };
    const row = await unclaimedNotification(user.id);
    const results = await Promise.all(
      Array.from({ length: 4 }, () => deliverNotificationPush({ db: t.db, clock: t.clock, push }, row.id)),
    );
    expect(results.filter((r) => r === 'sent')).toHaveLength(1);
    expect(results.filter((r) => r === 'already_claimed')).toHaveLength(3);
    expect(sent).toEqual([
      { token: 'device-token-1', title: `${BRAND_NAME}: New Assignment`, body: 'You have been hired.', data: { notification_id: row.id, type: 'assignment' } },
    ]);
  });

  it('clears a token the provider reports as no longer registered', async () => {
    const user = await t.createUser('client');
    await t.db.update(profiles).set({ fcm_token: 'stale-token' }).where(eq(profiles.id, user.id));
    const push = {
      send: async () => {
        throw new PushSendError('gone', { status: 404, errorCode: 'UNREGISTERED' });
      },
    };
    const row = await unclaimedNotification(user.id);
    expect(await deliverNotificationPush({ db: t.db, clock: t.clock, push }, row.id)).toBe('token_cleared');
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(profile.fcm_token).toBeNull();
  });

  it('a new notification reaches the dev outbox on its own (the insert trigger drives delivery)', async () => {
    const user = await t.createUser('client');
    await t.db.update(profiles).set({ fcm_token: 'outbox-token' }).where(eq(profiles.id, user.id));
    const row = await newNotification(user.id);
    await expect
      .poll(async () => (await t.db.select().from(notifications).where(eq(notifications.id, row.id)))[0].push_sent_at, { timeout: 3_000 })
      .not.toBeNull();
    const outbox = await t.request('GET', '/dev/outbox');
    expect(await outbox.text()).toContain('outbox-token'.slice(0, 6));
  });
});
