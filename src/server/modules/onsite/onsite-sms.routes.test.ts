import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { BRAND_NAME } from '@shared/brand';
import type { AppointmentDto } from '@shared/schemas/appointments.schemas';
import { devOutbox } from '../../db/schema';
import { createTaskAt } from '../../test/builders';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';

/**
 * Issue 49: a person on site who gave only a phone number (many private sellers do) gets their link,
 * their reminders and a cancellation by SMS, as an email contact does by email.
 */
const START = new Date('2026-12-01T12:00:00Z');
const W1 = { start: '2026-12-09T22:00:00.000Z', end: '2026-12-09T23:00:00.000Z' };
const PHONE = '+13125550177';
const HOUR = 3_600_000;

let t: TestApp;
let client: TestUser;
let expert: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(START);
  [client, expert] = await Promise.all([t.createUser('client'), t.createUser('expert', { firstName: 'Erin' })]);
});
afterAll(() => t.close());

async function agreedTask() {
  const task = await createTaskAt(t.db, {
    status: 'in_progress',
    clientId: client.id,
    expertId: expert.id,
    now: t.clock.now(),
    overrides: { latitude: 41.8781, longitude: -87.6298, location: '1200 W Fulton Market, Chicago, IL' },
  });
  const proposed = await t.json<{ appointment: AppointmentDto }>(
    await t.request('POST', `/api/tasks/${task.id}/appointment/proposals`, { cookie: expert.cookie, body: { windows: [W1] } }),
  );
  await t.request('POST', `/api/tasks/${task.id}/appointment/proposals/${proposed.appointment.pending!.id}/accept`, {
    cookie: client.cookie,
    body: { choice: 0 },
  });
  return task;
}

const texts = async () =>
  (
    await t.db
      .select({ body: devOutbox.body })
      .from(devOutbox)
      .where(and(eq(devOutbox.recipient, PHONE), eq(devOutbox.channel, 'sms')))
      .orderBy(asc(devOutbox.seq))
  ).map((row) => row.body);

describe('a person on site with only a phone number', () => {
  it('is texted the link, the reminders before the visit and the cancellation', async () => {
    const task = await agreedTask();
    const saved = await t.request('PUT', `/api/tasks/${task.id}/appointment/onsite-contact`, {
      cookie: client.cookie,
      body: { name: 'Sam Seller', phone: PHONE },
    });
    expect(saved.status).toBe(200);
    await t.context.jobs.runDue();
    const [link] = await texts();
    expect(link).toMatch(new RegExp(`^${BRAND_NAME}: Hello Sam Seller, an expert will visit 1200 W Fulton Market, Chicago, IL\\. When: Wed 9 Dec, 4:00-5:00 pm CST\\. Confirm or ask for another time: \\S+/onsite/\\S+$`));
    // The link in the SMS opens the person on site's page.
    const token = /\/onsite\/(\S+)$/.exec(link!)![1]!;
    expect((await t.request('GET', `/api/onsite/${token}`)).status).toBe(200);

    t.clock.set(new Date(new Date(W1.start).getTime() - 24 * HOUR + 60_000));
    await t.context.jobs.runDue();
    const reminders = (await texts()).slice(1);
    expect(reminders).toEqual([expect.stringMatching(new RegExp(`^${BRAND_NAME}: the expert visits 1200 W Fulton Market, Chicago, IL in 24 hours \\(Wed 9 Dec, 4:00-5:00 pm CST\\)\\. Your link: \\S+/onsite/${token}$`))]);

    const cancel = await t.request('POST', `/api/tasks/${task.id}/cancel`, { cookie: client.cookie, body: { reason: 'plans_changed' } });
    expect(cancel.status).toBe(200);
    await t.context.jobs.runDue();
    expect((await texts()).at(-1)).toBe(`${BRAND_NAME}: the visit Wed 9 Dec, 4:00-5:00 pm CST at 1200 W Fulton Market, Chicago, IL is cancelled.`);
  });
});
