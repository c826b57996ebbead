import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { devOutbox, jobs, notifications } from '../../db/schema';
import { createJobRunner } from '../../jobs/runner';
import { createTaskAt } from '../../test/builders';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { createVisitReminderHandlers } from './appointment-reminders';
import { createOnsiteLinkHandlers } from '../onsite/onsite-link-job';

/** Issue 49 (decision 0423): reminders 24 h and 2 h before the agreed start, once each across instances. */
const START = new Date('2026-12-01T12:00:00Z');
const VISIT = { start: '2026-12-09T22:00:00.000Z', end: '2026-12-09T23:00:00.000Z' };
const quiet = { error: () => undefined };

let t: TestApp;
let client: TestUser;
let expert: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(START);
  [client, expert] = await Promise.all([t.createUser('client'), t.createUser('expert')]);
});
afterAll(() => t.close());

/** Two instances' runners on one database, running the reminder kinds (the parties' and the person on site's). */
const runners = () =>
  [1, 2].map(() =>
    createJobRunner({
      db: t.db,
      clock: t.clock,
      log: quiet,
      handlers: {
        ...createVisitReminderHandlers({ db: t.db, clock: t.clock }),
        ...createOnsiteLinkHandlers({
          db: t.db,
          email: t.providers.email,
          sms: t.providers.sms,
          publicUrl: 'http://localhost',
          secret: 'test-secret',
        }),
      },
    }),
  );
const runBoth = async () => {
  const [a, b] = runners();
  await Promise.all([a!.runDue(), b!.runDue()]);
};

async function agreedTask(window = VISIT) {
  const task = await createTaskAt(t.db, {
    status: 'in_progress',
    clientId: client.id,
    expertId: expert.id,
    now: t.clock.now(),
    overrides: {
      latitude: 41.8781,
      longitude: -87.6298,
      authorization_hold_expires_at: new Date('2026-12-20T00:00:00Z'),
    },
  });
  await t.request('PUT', `/api/tasks/${task.id}/appointment/onsite-contact`, {
    cookie: client.cookie,
    body: { name: 'Sam Seller', email: 'sam.reminders@example.com' },
  });
  const proposed = await t.json<{ appointment: { pending: { id: string } } }>(
    await t.request('POST', `/api/tasks/${task.id}/appointment/proposals`, {
      cookie: expert.cookie,
      body: { windows: [window] },
    }),
  );
  const res = await t.request(
    'POST',
    `/api/tasks/${task.id}/appointment/proposals/${proposed.appointment.pending.id}/accept`,
    {
      cookie: client.cookie,
      body: { choice: 0 },
    },
  );
  expect(res.status).toBe(200);
  return task;
}

const remindersOf = (taskId: string) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.task_id, taskId), eq(notifications.type, 'appointment_reminder')));

describe('visit reminders', () => {
  it('fire once each, 24 h and 2 h before, to client and expert, with two runners', async () => {
    const task = await agreedTask();
    try {
      t.clock.set(new Date('2026-12-08T21:59:00Z'));
      await runBoth();
      expect(await remindersOf(task.id)).toHaveLength(0);
      t.clock.set(new Date('2026-12-08T22:00:00Z'));
      await runBoth();
      await runBoth();
      // The person on site's reminder is an email through their link (sent by the link job).
      const onsiteLinks = await t.db
        .select()
        .from(jobs)
        .where(like(jobs.key, `appointment-onsite-link:${task.id}:%:reminder-24h`));
      expect(onsiteLinks).toHaveLength(1);
      const mails = await t.db
        .select()
        .from(devOutbox)
        .where(eq(devOutbox.recipient, 'sam.reminders@example.com'));
      expect(mails.filter((mail) => mail.subject === 'Visit in 24 hours')).toHaveLength(1);
      const first = await remindersOf(task.id);
      expect(first.map((n) => n.user_id).sort()).toEqual([client.id, expert.id].sort());
      expect(first[0]!.title).toBe('Visit in 24 hours');
      expect(first[0]!.message).toBe(
        `Reminder: the visit for "${task.title}" is Wed 9 Dec, 4:00-5:00 pm CST.`,
      );
      t.clock.set(new Date('2026-12-09T20:00:00Z'));
      await runBoth();
      await runBoth();
      const all = await remindersOf(task.id);
      expect(all).toHaveLength(4);
      expect(all.filter((n) => n.title === 'Visit in 2 hours')).toHaveLength(2);
    } finally {
      t.clock.set(START);
    }
  });

  it('of a window that was moved send nothing; the new window has its own', async () => {
    const task = await agreedTask();
    const moved = { start: '2026-12-10T22:00:00.000Z', end: '2026-12-10T23:00:00.000Z' };
    const proposed = await t.json<{ appointment: { pending: { id: string } } }>(
      await t.request('POST', `/api/tasks/${task.id}/appointment/proposals`, {
        cookie: client.cookie,
        body: { windows: [moved], reason: 'The seller moved it' },
      }),
    );
    await t.request(
      'POST',
      `/api/tasks/${task.id}/appointment/proposals/${proposed.appointment.pending.id}/accept`,
      {
        cookie: expert.cookie,
        body: { choice: 0 },
      },
    );
    try {
      t.clock.set(new Date('2026-12-09T20:30:00Z'));
      await runBoth();
      expect(await remindersOf(task.id)).toHaveLength(0);
      t.clock.set(new Date('2026-12-09T22:00:00Z'));
      await runBoth();
      expect(await remindersOf(task.id)).toHaveLength(2);
    } finally {
      t.clock.set(START);
    }
  });
});
