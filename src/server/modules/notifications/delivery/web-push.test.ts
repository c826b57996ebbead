import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { webPushMessages } from '@shared/messages/web-push';
import { jobs, notifications, webPushSubscriptions } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { insertNotifications } from '../notifications.repository';
import type { MemoryWebPushSender } from '../../../providers/web-push';
import { webPushJobKey, WEB_PUSH_JOB_KIND } from './web-push-delivery';

let h: TestApp;
beforeAll(async () => {
  h = await createTestApp();
});
afterAll(async () => h?.close());

const outbox = () => h.providers.webPush as MemoryWebPushSender;
const runJobs = () => h.context.jobs.runDue();

let serial = 0;
/** A subscription as PushSubscription.toJSON() gives it, with an endpoint of its own. */
function subscription() {
  serial += 1;
  return {
    endpoint: `https://push.example.test/send/${serial}-${Date.now()}`,
    keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' },
  };
}

async function subscribe(cookie: string, body: unknown = subscription()) {
  return h.request('POST', '/api/web-push/subscriptions', { cookie, body });
}

const unsubscribe = (cookie: string, endpoint: string) =>
  h.request('DELETE', `/api/web-push/subscriptions?endpoint=${encodeURIComponent(endpoint)}`, { cookie });

describe('web push routes', () => {
  it('gives a signed-in user the VAPID public key, and nobody else', async () => {
    const user = await h.createUser('client');
    const response = await h.request('GET', '/api/web-push/public-key', { cookie: user.cookie });
    expect(response.status).toBe(200);
    const { public_key } = await h.json<{ public_key: string }>(response);
    // An uncompressed P-256 point: 65 bytes, base64url.
    expect(Buffer.from(public_key, 'base64url')).toHaveLength(65);
    expect((await h.request('GET', '/api/web-push/public-key')).status).toBe(401);
  });

  it('saves this browser for the user, once per endpoint', async () => {
    const user = await h.createUser('client');
    const body = subscription();
    expect((await subscribe(user.cookie, body)).status).toBe(201);
    expect((await subscribe(user.cookie, body)).status).toBe(201);
    const rows = await h.db.select().from(webPushSubscriptions).where(eq(webPushSubscriptions.endpoint, body.endpoint));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_id: user.id, p256dh: body.keys.p256dh, auth: body.keys.auth });
  });

  it('refuses a subscription that is not one with 400 and the message', async () => {
    const user = await h.createUser('client');
    for (const body of [
      { endpoint: 'http://push.example.test/insecure', keys: subscription().keys },
      { endpoint: 'not a url', keys: subscription().keys },
      { endpoint: subscription().endpoint, keys: { p256dh: 'short', auth: 'tBHItJI5svbpez7KI4CCXg' } },
      { endpoint: subscription().endpoint },
    ]) {
      const response = await subscribe(user.cookie, body);
      expect(response.status).toBe(400);
      expect((await h.json<{ error: { message: string } }>(response)).error.message).toBe(webPushMessages.invalidSubscription);
    }
    expect((await subscribe('', subscription())).status).toBe(401);
  });

  it('moves a browser endpoint to whoever subscribed last in it (a shared computer)', async () => {
    const [first, second] = [await h.createUser('client'), await h.createUser('expert')];
    const body = subscription();
    await subscribe(first.cookie, body);
    await subscribe(second.cookie, body);
    const rows = await h.db.select().from(webPushSubscriptions).where(eq(webPushSubscriptions.endpoint, body.endpoint));
    expect(rows.map((row) => row.user_id)).toEqual([second.id]);
    // The first user no longer owns it: their unsubscribe finds nothing.
    expect((await unsubscribe(first.cookie, body.endpoint)).status).toBe(404);
  });

  it("unsubscribes the user's own browser; another user's endpoint or a second DELETE answers 404", async () => {
    const [owner, other] = [await h.createUser('client'), await h.createUser('client')];
    const body = subscription();
    await subscribe(owner.cookie, body);
    const wrongUser = await unsubscribe(other.cookie, body.endpoint);
    expect(wrongUser.status).toBe(404);
    expect((await h.json<{ error: { message: string } }>(wrongUser)).error.message).toBe(webPushMessages.subscriptionNotFound);
    expect((await unsubscribe(owner.cookie, body.endpoint)).status).toBe(204);
    expect((await unsubscribe(owner.cookie, body.endpoint)).status).toBe(404);
    expect((await unsubscribe(owner.cookie, 'nope')).status).toBe(400);
  });
});

describe('web push delivery', () => {
  async function notify(userId: string, type: 'assignment' | 'admin_message' = 'assignment') {
    await insertNotifications(h.db, [{ user_id: userId, type, title: 'Hired', message: 'You were hired.', task_id: null }]);
    const [row] = await h.db.select().from(notifications).where(eq(notifications.user_id, userId)).orderBy(desc(notifications.created_at)).limit(1);
    return row;
  }

  it('pushes each notification once to every browser of the user, opening its page', async () => {
    const user = await h.createUser('expert');
    const [a, b] = [subscription(), subscription()];
    await subscribe(user.cookie, a);
    await subscribe(user.cookie, b);
    const notification = await notify(user.id);
    await runJobs();
    await runJobs();
    await runJobs();
    const mine = outbox().sent.filter((push) => push.payload.tag === notification.id);
    expect(mine.map((push) => push.target.endpoint).sort()).toEqual([a.endpoint, b.endpoint].sort());
    expect(mine[0].payload).toMatchObject({ body: 'You were hired.', url: '/dashboard' });
    expect(mine[0].payload.title).toContain('Hired');
  });

  it('respects the push preference of the category', async () => {
    const user = await h.createUser('client');
    await subscribe(user.cookie);
    const saved = await h.request('PUT', '/api/notification-preferences', {
      cookie: user.cookie,
      body: { preferences: [{ category: 'announcements', channel: 'push', enabled: false }] },
    });
    expect(saved.status).toBe(200);
    const notification = await notify(user.id, 'admin_message');
    await runJobs();
    await runJobs();
    expect(outbox().sent.filter((push) => push.payload.tag === notification.id)).toHaveLength(0);
  });

  it('forgets a subscription the push service says is gone (410), and retries other errors', async () => {
    const user = await h.createUser('client');
    const [gone, flaky] = [subscription(), subscription()];
    await subscribe(user.cookie, gone);
    await subscribe(user.cookie, flaky);
    outbox().failures.set(gone.endpoint, 410);
    outbox().failures.set(flaky.endpoint, 503);
    const notification = await notify(user.id);
    await runJobs();
    await runJobs();
    const left = await h.db.select().from(webPushSubscriptions).where(eq(webPushSubscriptions.user_id, user.id));
    expect(left.map((row) => row.endpoint)).toEqual([flaky.endpoint]);
    const [retrying] = await h.db.select().from(jobs).where(eq(jobs.key, webPushJobKey(notification.id, left[0].id)));
    expect(retrying).toMatchObject({ kind: WEB_PUSH_JOB_KIND, attempts: 1, done_at: null });
    expect(retrying.last_error).toContain('503');
    // The push service recovers: the retry after the back-off delivers it.
    outbox().failures.delete(flaky.endpoint);
    h.clock.advance(60_000);
    await runJobs();
    expect(outbox().sent.filter((push) => push.payload.tag === notification.id).map((push) => push.target.endpoint)).toEqual([flaky.endpoint]);
  });
});
