import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ical, { type VEvent } from 'node-ical';
import { messages } from '@shared/messages';
import type { AppointmentDto } from '@shared/schemas/appointments.schemas';
import { createTaskAt } from '../../test/builders';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { visitUid } from './visit-ics';

/** Issue 49 (decision 0425): the expert's secret, revocable iCalendar feed. */
const W1 = { start: '2026-12-09T22:00:00.000Z', end: '2026-12-09T23:00:00.000Z' };

let t: TestApp;
let client: TestUser;
let expert: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2026-12-01T12:00:00Z'));
  [client, expert] = await Promise.all([t.createUser('client'), t.createUser('expert')]);
});
afterAll(() => t.close());

const feedPath = (url: string) => new URL(url).pathname;
const feedUrl = async (method: 'GET' | 'POST' | 'DELETE', user: TestUser = expert) =>
  (
    await t.json<{ url: string | null }>(
      await t.request(method, '/api/me/calendar-feed', {
        cookie: user.cookie,
        body: method === 'POST' ? {} : undefined,
      }),
    )
  ).url;

describe('the calendar feed', () => {
  it("lists the expert's visits in their task's zone, with the person on site, by a secret link", async () => {
    const task = await createTaskAt(t.db, {
      status: 'in_progress',
      clientId: client.id,
      expertId: expert.id,
      now: t.clock.now(),
      overrides: { latitude: 41.8781, longitude: -87.6298, location: 'Chicago, IL' },
    });
    const proposed = await t.json<{ appointment: AppointmentDto }>(
      await t.request('POST', `/api/tasks/${task.id}/appointment/proposals`, {
        cookie: expert.cookie,
        body: { windows: [W1] },
      }),
    );
    await t.request(
      'POST',
      `/api/tasks/${task.id}/appointment/proposals/${proposed.appointment.pending!.id}/accept`,
      {
        cookie: client.cookie,
        body: { choice: 0 },
      },
    );
    await t.request('PUT', `/api/tasks/${task.id}/appointment/onsite-contact`, {
      cookie: client.cookie,
      body: { name: 'Sam Seller', phone: '+13125550100' },
    });

    expect(await feedUrl('GET')).toBeNull();
    const url = (await feedUrl('POST'))!;
    expect(await feedUrl('GET')).toBe(url);
    const res = await t.request('GET', feedPath(url));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/calendar');
    const text = await res.text();
    expect(text).toContain('METHOD:PUBLISH');
    const events = Object.values(ical.sync.parseICS(text)).filter(
      (item): item is VEvent => item?.type === 'VEVENT',
    );
    const event = events.find((item) => item.uid === visitUid(task.id))!;
    expect(event.start.tz).toBe('America/Chicago');
    expect(event.start.toISOString()).toBe(W1.start);
    expect(event.location).toBe('Chicago, IL');
    expect(event.description).toBe('On site: Sam Seller, +13125550100');
  });

  it('stops working when renewed or turned off, and refuses a changed link', async () => {
    const first = (await feedUrl('POST'))!;
    const second = (await feedUrl('POST'))!;
    expect(second).not.toBe(first);
    const old = await t.request('GET', feedPath(first));
    expect(old.status).toBe(404);
    expect((await t.json<{ error: { message: string } }>(old)).error.message).toBe(
      messages.appointments.feedNotFound,
    );
    expect((await t.request('GET', feedPath(second))).status).toBe(200);
    const path = feedPath(second);
    const changed = `${path.slice(0, -5)}${path.at(-5) === 'A' ? 'B' : 'A'}.ics`;
    expect((await t.request('GET', changed)).status).toBe(404);
    expect(await feedUrl('DELETE')).toBeNull();
    expect((await t.request('GET', feedPath(second))).status).toBe(404);
    expect((await t.request('GET', '/api/me/calendar-feed')).status).toBe(401);
  });
});
