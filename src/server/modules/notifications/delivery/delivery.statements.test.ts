import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, notificationPreferences, notifications, profiles, webPushSubscriptions } from '../../../db/schema';
import { eq, inArray } from 'drizzle-orm';
import type { EmailMessage } from '../../../providers/email';
import type { PushMessage } from '../../../providers/push';
import type { WebPushSender } from '../../../providers/web-push';
import { createNotification } from '../../../test/builders';
import { countStatements } from '../../../test/statement-counter';
import { createTestApp, type TestApp, type TestUser } from '../../../test/test-app';
import { deliverEmail, deliverPush, type DeliveryDeps } from './delivery-handlers';
import { DELIVERY_JOB_KINDS, DELIVERY_MAX_ATTEMPTS, deliveryJobKey } from './delivery-enqueue';
import { insertNotifications } from '../notifications.repository';
import { webPushJobKey } from './web-push-delivery';

// Every notification runs an email job and a push job; under load they were about a fifth of all
// statements (docs/performance.md). Each job now reads its target in one statement.
let t: TestApp;
let user: TestUser;
const mails: EmailMessage[] = [];
const pushes: PushMessage[] = [];
let deps: DeliveryDeps;
beforeAll(async () => {
  t = await createTestApp();
  user = await t.createUser('client');
  const webPush: WebPushSender = { kind: 'memory', publicKey: 'test-key', send: async () => undefined };
  deps = {
    db: t.db,
    publicUrl: 'http://localhost:3000',
    secret: 'test-secret-test-secret-test-secret',
    email: { send: async (mail) => void mails.push(mail) },
    push: { send: async (message) => void pushes.push(message) },
    webPush,
  };
});
afterAll(async () => t?.close());

async function counted<T>(run: () => Promise<T>): Promise<{ result: T; statements: readonly string[] }> {
  const counter = countStatements(t.db);
  try {
    const result = await run();
    return { result, statements: [...counter.statements] };
  } finally {
    counter.restore();
  }
}

const notifyUser = (type: 'assignment' | 'payment_captured', title: string) =>
  createNotification(t.db, { user_id: user.id, type, title });

describe('delivering one notification', () => {
  it('mails it with one read, and skips a category turned off with one read', async () => {
    const assignment = await notifyUser('assignment', 'Mailed once');
    const sent = await counted(() => deliverEmail(deps, assignment.id));
    expect(sent.result).toBe('sent');
    expect(sent.statements).toHaveLength(1);
    expect(mails.at(-1)).toMatchObject({ to: user.email });
    expect(mails.at(-1)?.subject).toContain('Mailed once');

    await t.db
      .insert(notificationPreferences)
      .values({ user_id: user.id, category: 'tasks_payments', channel: 'email', enabled: false });
    const again = await notifyUser('assignment', 'Not mailed');
    const skipped = await counted(() => deliverEmail(deps, again.id));
    expect(skipped).toMatchObject({ result: 'skipped', statements: [expect.any(String)] });
    // A money mail ignores the choice.
    const money = await notifyUser('payment_captured', 'Money mail');
    expect((await counted(() => deliverEmail(deps, money.id))).result).toBe('sent');
    await t.db.delete(notificationPreferences).where(eq(notificationPreferences.user_id, user.id));
  });

  it('pushes to the device and queues one job per browser, in two statements', async () => {
    await t.db.update(profiles).set({ fcm_token: 'device-token-1' }).where(eq(profiles.id, user.id));
    const subscriptions = await t.db
      .insert(webPushSubscriptions)
      .values([
        {
          user_id: user.id,
          endpoint: 'https://push.test/one',
          p256dh: 'key-1',
          auth: 'auth-1',
          created_at: new Date('2026-01-01T00:00:00Z'),
        },
        {
          user_id: user.id,
          endpoint: 'https://push.test/two',
          p256dh: 'key-2',
          auth: 'auth-2',
          created_at: new Date('2026-01-02T00:00:00Z'),
        },
      ])
      .returning();
    const notification = await notifyUser('assignment', 'Pushed');
    const pushed = await counted(() => deliverPush(deps, notification.id));
    expect(pushed.result).toBe('sent');
    // The target, then the browsers' jobs; the device push goes to the provider.
    expect(pushed.statements).toHaveLength(2);
    expect(pushes.at(-1)).toMatchObject({
      token: 'device-token-1',
      data: { notification_id: notification.id },
    });
    const keys = subscriptions.map((subscription) => webPushJobKey(notification.id, subscription.id));
    const queued = await t.db.select({ key: jobs.key }).from(jobs).where(inArray(jobs.key, keys));
    expect(queued.map((row) => row.key).sort()).toEqual([...keys].sort());

    // Push turned off for the category: one read, nothing sent or queued.
    await t.db
      .insert(notificationPreferences)
      .values({ user_id: user.id, category: 'tasks_payments', channel: 'push', enabled: false });
    const quiet = await notifyUser('assignment', 'Not pushed');
    const before = pushes.length;
    const skipped = await counted(() => deliverPush(deps, quiet.id));
    expect(skipped).toMatchObject({ result: 'skipped', statements: [expect.any(String)] });
    expect(pushes).toHaveLength(before);
    const none = await t.db
      .select()
      .from(jobs)
      .where(
        inArray(
          jobs.key,
          subscriptions.map((s) => webPushJobKey(quiet.id, s.id)),
        ),
      );
    expect(none).toHaveLength(0);
  });

  it('skips a notification that no longer exists, in one read', async () => {
    const gone = await counted(() => deliverEmail(deps, '00000000-0000-4000-8000-000000000000'));
    expect(gone).toMatchObject({ result: 'skipped', statements: [expect.any(String)] });
    expect((await counted(() => deliverPush(deps, '00000000-0000-4000-8000-000000000000'))).result).toBe(
      'skipped',
    );
  });
});

describe('writing notifications', () => {
  it('writes them and queues their email and push deliveries in one statement, due at once', async () => {
    const other = await t.createUser('expert');
    const written = await counted(() =>
      insertNotifications(t.db, [
        { user_id: user.id, type: 'assignment', title: 'One statement', message: 'For the client' },
        { user_id: other.id, type: 'assignment', title: 'One statement', message: 'For the expert' },
      ]),
    );
    expect(written.statements).toHaveLength(1);
    const rows = await t.db.select().from(notifications).where(eq(notifications.title, 'One statement'));
    expect(rows.map((row) => row.user_id).sort()).toEqual([user.id, other.id].sort());
    const keys = rows.flatMap((row) => [deliveryJobKey('email', row.id), deliveryJobKey('push', row.id)]);
    const queued = await t.db.select().from(jobs).where(inArray(jobs.key, keys));
    expect(queued.map((job) => job.key).sort()).toEqual([...keys].sort());
    for (const job of queued) {
      const row = rows.find((candidate) => job.key.endsWith(candidate.id))!;
      expect(job.kind).toBe(job.key.startsWith('deliver:email:') ? DELIVERY_JOB_KINDS.email : DELIVERY_JOB_KINDS.push);
      expect(job.payload).toEqual({ notificationId: row.id });
      expect(job.max_attempts).toBe(DELIVERY_MAX_ATTEMPTS);
      expect(job.run_at.getTime()).toBe(0);
      expect(job.created_at.getTime()).toBe(row.created_at.getTime());
      expect(job.done_at).toBeNull();
    }
  });
});

