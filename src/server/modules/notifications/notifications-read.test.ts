import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationTypes } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { NOTIFICATION_LIST_MAX } from './notifications.constants';
import { insertNotifications } from './notifications.repository';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type ListBody = { notifications: Array<{ title: string; read: boolean }>; unread_count: number };

describe('GET /api/notifications in one statement', () => {
  it('lists at most the newest unread and counts every unread one, read ones left out', async () => {
    const user = await t.createUser('client');
    const other = await t.createUser('client');
    const base = Date.now();
    const rows = Array.from({ length: NOTIFICATION_LIST_MAX + 5 }, (_, i) => ({
      user_id: user.id,
      type: notificationTypes[0],
      title: `Note ${i}`,
      message: 'Something happened',
      created_at: new Date(base + i * 1000),
    }));
    await insertNotifications(t.db, [
      ...rows,
      { user_id: user.id, type: notificationTypes[0], title: 'Already read', message: 'Old', read: true },
      { user_id: other.id, type: notificationTypes[0], title: 'Not mine', message: 'Other' },
    ]);
    const body = (await (await t.request('GET', '/api/notifications', { cookie: user.cookie })).json()) as ListBody;
    expect(body.unread_count).toBe(NOTIFICATION_LIST_MAX + 5);
    expect(body.notifications).toHaveLength(NOTIFICATION_LIST_MAX);
    expect(body.notifications[0].title).toBe(`Note ${NOTIFICATION_LIST_MAX + 4}`);
    expect(body.notifications.every((n) => !n.read && n.title !== 'Not mine')).toBe(true);
    expect(Object.keys(body.notifications[0])).not.toContain('unread_total');
  });

  it('answers an empty list with a zero count', async () => {
    const user = await t.createUser('client');
    const body = (await (await t.request('GET', '/api/notifications', { cookie: user.cookie })).json()) as ListBody;
    expect(body).toEqual({ notifications: [], unread_count: 0 });
  });
});
