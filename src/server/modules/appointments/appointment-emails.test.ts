import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import ical, { type VEvent } from 'node-ical';
import type { AppointmentDto } from '@shared/schemas/appointments.schemas';
import { devOutbox } from '../../db/schema';
import { createTaskAt } from '../../test/builders';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { visitUid } from './visit-ics';

/** Issue 49 (decision 0425): every email that states or changes a visit carries its calendar file. */
const W1 = { start: '2026-12-09T22:00:00.000Z', end: '2026-12-09T23:00:00.000Z' };
const W2 = { start: '2026-12-10T22:00:00.000Z', end: '2026-12-10T23:00:00.000Z' };

let t: TestApp;
let client: TestUser;
let expert: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2026-12-01T12:00:00Z'));
  [client, expert] = await Promise.all([t.createUser('client'), t.createUser('expert')]);
});
afterAll(() => t.close());

async function agree(
  taskId: string,
  window: typeof W1,
  proposer: TestUser,
  answerer: TestUser,
  reason?: string,
) {
  const proposed = await t.json<{ appointment: AppointmentDto }>(
    await t.request('POST', `/api/tasks/${taskId}/appointment/proposals`, {
      cookie: proposer.cookie,
      body: { windows: [window], reason },
    }),
  );
  const res = await t.request(
    'POST',
    `/api/tasks/${taskId}/appointment/proposals/${proposed.appointment.pending!.id}/accept`,
    {
      cookie: answerer.cookie,
      body: { choice: 0 },
    },
  );
  expect(res.status).toBe(200);
  await t.context.jobs.runDue();
}

async function latestCalendarTo(email: string) {
  const rows = await t.db
    .select()
    .from(devOutbox)
    .where(eq(devOutbox.recipient, email))
    .orderBy(desc(devOutbox.seq));
  const withCalendar = rows.find((row) => (row.data as { calendar?: unknown } | null)?.calendar);
  const calendar = (withCalendar!.data as { calendar: { method: string; content: string } }).calendar;
  const events = Object.values(ical.sync.parseICS(calendar.content)).filter(
    (item): item is VEvent => item?.type === 'VEVENT',
  );
  return { calendar, event: events[0]! };
}

describe('visit emails', () => {
  it('carry a METHOD:REQUEST calendar file whose UID stays and whose SEQUENCE grows with a change', async () => {
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
    await agree(task.id, W1, expert, client);
    const first = await latestCalendarTo(client.email);
    expect(first.calendar.method).toBe('REQUEST');
    expect(first.calendar.content).toContain('METHOD:REQUEST');
    expect(first.event.uid).toBe(visitUid(task.id));
    expect(Number(first.event.sequence)).toBe(1);
    expect(first.event.start.tz).toBe('America/Chicago');
    expect(first.event.start.toISOString()).toBe(W1.start);

    await agree(task.id, W2, client, expert, 'The seller moved it');
    const second = await latestCalendarTo(expert.email);
    expect(second.event.uid).toBe(visitUid(task.id));
    expect(Number(second.event.sequence)).toBe(2);
    expect(second.event.start.toISOString()).toBe(W2.start);
  });

  it('a visit called off (the expert leaves the task) sends METHOD:CANCEL for the same entry to everyone who had it', async () => {
    const task = await createTaskAt(t.db, {
      status: 'in_progress',
      clientId: client.id,
      expertId: expert.id,
      now: t.clock.now(),
      overrides: { latitude: 41.8781, longitude: -87.6298 },
    });
    await agree(task.id, W1, expert, client);
    await t.request('PUT', `/api/tasks/${task.id}/appointment/onsite-contact`, {
      cookie: client.cookie,
      body: { name: 'Sam Seller', email: 'sam.cancel@example.com' },
    });
    const left = await t.request('POST', `/api/tasks/${task.id}/abandon`, {
      cookie: expert.cookie,
      body: { reason: 'expert_unwell' },
    });
    expect(left.status).toBe(200);
    await t.context.jobs.runDue();
    for (const email of [client.email, expert.email, 'sam.cancel@example.com']) {
      const { calendar, event } = await latestCalendarTo(email);
      expect(calendar.method).toBe('CANCEL');
      expect(calendar.content).toContain('METHOD:CANCEL');
      expect(event.uid).toBe(visitUid(task.id));
      expect(Number(event.sequence)).toBe(2);
      expect(event.status).toBe('CANCELLED');
    }
    const after = await t.json<{ appointment: AppointmentDto }>(
      await t.request('GET', `/api/tasks/${task.id}/appointment`, { cookie: client.cookie }),
    );
    expect(after.appointment.agreed).toBeNull();
    expect(after.appointment.timeline.at(-1)).toMatchObject({ kind: 'cancelled', party: 'expert' });
  });
});
