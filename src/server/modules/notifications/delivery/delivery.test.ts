import { BRAND_NAME } from '@shared/brand';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_ORIGIN } from '../../../test/test-app';
import { insertNotifications } from '../notifications.repository';
import { createJobRunner } from '../../../jobs/runner';
import { retryDelayMs } from '../../../jobs/runner';
import {
  evidenceForm,
  imageFile,
  notificationsOf,
  taskAt,
  useTasksTestApp,
  type Cast,
  type TasksTestApp,
} from '../../tasks/tasks.test-helpers';
import { createDeliveryHandlers, type DeliveryDeps } from './delivery-handlers';
import { DELIVERY_MAX_ATTEMPTS } from './delivery-enqueue';
import type { EmailMessage } from '../../../providers/email';
import { profiles } from '../../../db/schema';
import { createFcmPushSender } from '../../../providers/push';
import { startFcmStandIn, UNREGISTERED_ANSWER, type FcmStandIn } from '../../../providers/push/fcm.test-helpers';

let h: TasksTestApp;
let cast: Cast;
useTasksTestApp((suite) => ({ h, cast } = suite));

interface OutboxMail {
  subject: string | null;
  body: string;
  action_url: string | null;
  data: { html?: string; headers?: Record<string, string> } | null;
}

async function mailsTo(email: string): Promise<OutboxMail[]> {
  const response = await h.app.request(`/dev/outbox/messages?channel=email&recipient=${encodeURIComponent(email)}`);
  return ((await response.json()) as { messages: OutboxMail[] }).messages;
}

const runJobs = () => h.context.jobs.runDue();

async function notify(userId: string, type: 'assignment' | 'payment_captured' | 'admin_message', title: string) {
  await insertNotifications(h.db, [{ user_id: userId, type, title, message: `${title}: details.` }]);
}

describe('email delivery of notifications', () => {
  it('mails the client once when evidence arrives, with HTML, text, and a button to the task page', async () => {
    const { task } = await taskAt(h, cast, 'in_progress');
    const submitted = await h.request('POST', `/api/tasks/${task.id}/evidence`, {
      body: evidenceForm('All done.', [imageFile()]),
      cookie: cast.expert.cookie,
    });
    expect(submitted.status).toBe(200);
    await runJobs();
    await runJobs();
    const mails = (await mailsTo(cast.client.email)).filter((mail) => mail.subject?.startsWith('Evidence Submitted'));
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.action_url).toBe(`${TEST_ORIGIN}/task/${task.id}`);
    expect(mail.body).toContain(`${TEST_ORIGIN}/task/${task.id}`);
    expect(mail.body).toContain('within 72 hours');
    expect(mail.data?.html).toContain(`href="${TEST_ORIGIN}/task/${task.id}"`);
    expect(mail.data?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    // The expert who submitted hears nothing about their own evidence.
    expect((await mailsTo(cast.expert.email)).filter((m) => m.subject?.startsWith('Evidence Submitted'))).toHaveLength(0);
  });

  it('tells the client once when an expert applies, by notification and mail with a button to the task', async () => {
    const { task } = await taskAt(h, cast, 'open');
    await runJobs();
    const received = (await notificationsOf(h, cast.client.id, task.id)).filter((row) => row.type === 'application_received');
    expect(received).toHaveLength(1);
    expect(received[0].message).toContain(`Expert applied to "${task.title}"`);
    const mails = (await mailsTo(cast.client.email)).filter((mail) => mail.subject?.startsWith('New Application') && mail.action_url?.endsWith(task.id));
    expect(mails).toHaveLength(1);
    expect(mails[0].action_url).toBe(`${TEST_ORIGIN}/task/${task.id}`);
    // The applicant hears nothing about their own application.
    expect((await notificationsOf(h, cast.expert.id, task.id)).filter((row) => row.type === 'application_received')).toHaveLength(0);
  });

  it('stops a category the user turned off, but never a money mail', async () => {
    const user = await h.createUser('client');
    const saved = await h.request('PUT', '/api/notification-preferences', {
      cookie: user.cookie,
      body: { preferences: [{ category: 'tasks_payments', channel: 'email', enabled: false }] },
    });
    expect(saved.status).toBe(200);
    const body = (await saved.json()) as { preferences: Array<{ category: string; email: boolean; push: boolean }> };
    expect(body.preferences.find((p) => p.category === 'tasks_payments')).toMatchObject({ email: false, push: true });

    await notify(user.id, 'assignment', 'New Assignment');
    await notify(user.id, 'payment_captured', 'Payment Captured');
    await runJobs();
    const subjects = (await mailsTo(user.email)).map((mail) => mail.subject);
    expect(subjects).toHaveLength(1);
    expect(subjects[0]).toContain('Payment Captured');
    const [moneyMail] = await mailsTo(user.email);
    expect(moneyMail.data?.headers).toBeUndefined();
  });

  it('unsubscribes signed out with the mailed token, and refuses a forged one', async () => {
    const user = await h.createUser('client');
    await notify(user.id, 'admin_message', 'Welcome news');
    await runJobs();
    const [mail] = await mailsTo(user.email);
    const link = mail.data!.headers!['List-Unsubscribe'].slice(1, -1);
    expect(link).toContain('/api/webhooks/unsubscribe/');
    const path = new URL(link).pathname;

    const confirmPage = await h.app.request(path);
    expect(confirmPage.status).toBe(200);
    const confirmHtml = await confirmPage.text();
    expect(confirmHtml).toContain('method="post"');
    // Whose emails these are, and a way home (issue 52).
    expect(confirmHtml).toContain(`>${BRAND_NAME}</a></header>`);
    expect(confirmHtml).toContain(`<a href="/">Go to ${BRAND_NAME}</a>`);

    const forged = await h.app.request(`${path.slice(0, -4)}AAAA`, { method: 'POST' });
    expect(forged.status).toBe(404);

    // What a mail client sends for RFC 8058: a form POST, no cookie, no Origin.
    const oneClick = await h.app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    const prefs = (await (await h.request('GET', '/api/notification-preferences', { cookie: user.cookie })).json()) as {
      preferences: Array<{ category: string; email: boolean }>;
    };
    expect(prefs.preferences.find((p) => p.category === 'announcements')?.email).toBe(false);

    await notify(user.id, 'admin_message', 'More news');
    await runJobs();
    expect(await mailsTo(user.email)).toHaveLength(1);
  });

  it('retries a provider error with back-off, then shows the delivery as failed to admins only', async () => {
    const user = await h.createUser('client');
    const send = vi.spyOn(h.context.providers.email, 'send').mockRejectedValue(new Error('421 try again later'));
    try {
      await notify(user.id, 'assignment', 'Retry Me');
      for (let attempt = 1; attempt <= DELIVERY_MAX_ATTEMPTS; attempt += 1) {
        await runJobs();
        h.clock.advance(retryDelayMs(attempt));
      }
      await runJobs();
      const mine = send.mock.calls.filter(([message]) => message.to === user.email);
      expect(mine).toHaveLength(DELIVERY_MAX_ATTEMPTS);
    } finally {
      send.mockRestore();
    }
    const listed = await h.request('GET', '/api/admin/failed-deliveries', { cookie: cast.admin.cookie });
    expect(listed.status).toBe(200);
    const { failures } = (await listed.json()) as { failures: Array<{ channel: string; last_error: string; attempts: number }> };
    expect(failures).toContainEqual(expect.objectContaining({ channel: 'email', last_error: '421 try again later', attempts: DELIVERY_MAX_ATTEMPTS }));
    expect((await h.request('GET', '/api/admin/failed-deliveries', { cookie: cast.client.cookie })).status).toBe(403);
    expect((await h.request('GET', '/api/admin/failed-deliveries')).status).toBe(401);
  });

  it('delivers each mail once when two instances run the jobs at the same time', async () => {
    const user = await h.createUser('client');
    const sent: EmailMessage[] = [];
    const deps = (): DeliveryDeps => ({
      db: h.db,
      publicUrl: TEST_ORIGIN,
      secret: 'test-secret',
      email: { send: async (message) => void sent.push(message) },
      push: { send: async () => undefined },
    });
    const instance = () => createJobRunner({ db: h.db, clock: h.clock, handlers: createDeliveryHandlers(deps()), batchSize: 1 });
    await insertNotifications(
      h.db,
      Array.from({ length: 6 }, (_, index) => ({ user_id: user.id, type: 'assignment' as const, title: `Update ${index}`, message: 'Hello.' })),
    );
    // Both instances claim only delivery jobs here: other kinds are left to the app's own runner.
    const [first, second] = [instance(), instance()];
    await Promise.all([first.runDue(), second.runDue()]);
    const mine = sent.filter((message) => message.to === user.email).map((message) => message.subject);
    expect(mine).toHaveLength(6);
    expect(new Set(mine).size).toBe(6);
  });
});

describe('PUT /api/notification-preferences', () => {
  it('refuses an unknown category or channel with 400', async () => {
    const user = await h.createUser('client');
    for (const choice of [
      { category: 'everything', channel: 'email', enabled: false },
      { category: 'messages', channel: 'pigeon', enabled: false },
      { category: 'messages', channel: 'email', enabled: 'no' },
    ]) {
      const response = await h.request('PUT', '/api/notification-preferences', { cookie: user.cookie, body: { preferences: [choice] } });
      expect(response.status).toBe(400);
    }
    expect((await h.request('GET', '/api/notification-preferences')).status).toBe(401);
  });
});

describe('native push through the real FCM adapter (loopback token endpoint and FCM)', () => {
  let google: FcmStandIn;
  beforeAll(async () => (google = await startFcmStandIn()));
  afterAll(() => google.close());

  /** A second instance whose push is the FCM adapter; it claims only delivery jobs. */
  const fcmInstance = () =>
    createJobRunner({
      db: h.db,
      clock: h.clock,
      handlers: createDeliveryHandlers({
        db: h.db,
        publicUrl: TEST_ORIGIN,
        secret: 'test-secret',
        email: { send: async () => undefined },
        push: createFcmPushSender({ serviceAccount: google.account, apiBaseUrl: google.apiBaseUrl }),
      }),
    });

  async function userWithDevice(token: string) {
    const user = await h.createUser('expert');
    await h.db.update(profiles).set({ fcm_token: token }).where(eq(profiles.id, user.id));
    return user;
  }
  const sendsTo = (token: string) => google.sendRequests.filter((request) => JSON.parse(request.body).message.token === token);

  it('sends once, as Bearer with the fetched token, naming the notification in the data', async () => {
    const user = await userWithDevice('device-ok');
    await notify(user.id, 'assignment', 'New Assignment');
    await fcmInstance().runDue();
    await fcmInstance().runDue();
    const sends = sendsTo('device-ok');
    expect(sends).toHaveLength(1);
    expect(sends[0].authorization).toMatch(/^Bearer access-\d+$/);
    const sent = JSON.parse(sends[0].body).message;
    expect(sent.notification.body).toBe('New Assignment: details.');
    expect(sent.data).toMatchObject({ type: 'assignment', notification_id: expect.any(String) });
  });

  it('forgets a device FCM reports as unregistered, without retrying', async () => {
    const user = await userWithDevice('device-gone');
    google.answerSends(UNREGISTERED_ANSWER);
    await notify(user.id, 'assignment', 'Gone Device');
    await fcmInstance().runDue();
    h.clock.advance(retryDelayMs(1));
    await fcmInstance().runDue();
    expect(sendsTo('device-gone')).toHaveLength(1);
    const [profile] = await h.db.select({ token: profiles.fcm_token }).from(profiles).where(eq(profiles.id, user.id));
    expect(profile.token).toBeNull();
  });

  it('retries FCM being unavailable with back-off, then shows the push as failed to admins', async () => {
    const user = await userWithDevice('device-busy');
    google.answerSends(...Array.from({ length: DELIVERY_MAX_ATTEMPTS }, () => ({ status: 503 })));
    await notify(user.id, 'assignment', 'Busy FCM');
    for (let attempt = 1; attempt <= DELIVERY_MAX_ATTEMPTS; attempt += 1) {
      await fcmInstance().runDue();
      h.clock.advance(retryDelayMs(attempt));
    }
    await fcmInstance().runDue();
    expect(sendsTo('device-busy')).toHaveLength(DELIVERY_MAX_ATTEMPTS);
    const listed = await h.request('GET', '/api/admin/failed-deliveries', { cookie: cast.admin.cookie });
    const { failures } = (await listed.json()) as { failures: Array<{ channel: string; last_error: string; attempts: number }> };
    expect(failures).toContainEqual(
      expect.objectContaining({ channel: 'push', attempts: DELIVERY_MAX_ATTEMPTS, last_error: expect.stringContaining('FCM rejected the notification (503)') }),
    );
  });
});
