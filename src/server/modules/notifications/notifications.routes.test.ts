import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertNotifications } from './notifications.repository';

describe('notifications', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const seed = (userId: string, n: number) =>
    insertNotifications(
      t.db,
      Array.from({ length: n }, (_, i) => ({
        user_id: userId,
        type: 'assignment' as const,
        title: `Title ${i}`,
        message: `Message ${i}`,
        created_at: new Date(Date.UTC(2026, 0, 1, 0, i)),
      })),
    );

  it('lists at most 50 unread, newest first, with the unread count', async () => {
    const user = await t.createUser('client');
    await seed(user.id, 55);
    const body = await t.json<{ notifications: { title: string }[]; unread_count: number }>(
      await t.request('GET', '/api/notifications', { cookie: user.cookie }),
    );
    expect(body.notifications).toHaveLength(50);
    expect(body.notifications[0].title).toBe('Title 54');
    expect(body.unread_count).toBe(55);
  });

  it("marks one read, refuses someone else's, and marks all read", async () => {
    const [user, other] = await Promise.all([t.createUser('client'), t.createUser('client')]);
    await seed(user.id, 3);
    const { notifications } = await t.json<{ notifications: { id: string }[] }>(
      await t.request('GET', '/api/notifications', { cookie: user.cookie }),
    );
    const foreign = await t.request('POST', `/api/notifications/${notifications[0].id}/read`, { cookie: other.cookie });
    expect(foreign.status).toBe(404);
    expect((await t.request('POST', `/api/notifications/${notifications[0].id}/read`, { cookie: user.cookie })).status).toBe(200);
    expect((await t.request('POST', '/api/notifications/not-a-uuid/read', { cookie: user.cookie })).status).toBe(400);
    const all = await t.json<{ updated: number }>(await t.request('POST', '/api/notifications/read-all', { cookie: user.cookie, body: {} }));
    expect(all.updated).toBe(2);
    const after = await t.json<{ unread_count: number }>(await t.request('GET', '/api/notifications', { cookie: user.cookie }));
    expect(after.unread_count).toBe(0);
  });

  it('needs a session', async () => {
    expect((await t.request('GET', '/api/notifications')).status).toBe(401);
  });
});
