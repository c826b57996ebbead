import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { messages } from '@shared/messages';
import type { AppointmentDto, UpcomingVisitsResponse } from '@shared/schemas/appointments.schemas';
import { notifications } from '../../db/schema';
import { createTaskAt } from '../../test/builders';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';

/** Issue 49: propose, counter, accept, decline; who may; when (docs/decisions/0420-0422). */
const appointmentsText = messages.appointments;
const START = new Date('2026-12-01T12:00:00Z');
const CHICAGO = { latitude: 41.8781, longitude: -87.6298, location: 'Chicago, IL' };
const SYDNEY = { latitude: -33.8688, longitude: 151.2093, location: 'Sydney, NSW' };
/** Tue 9 Dec 2026, 4-5 pm and 6-7 pm in Chicago (CST, UTC-6). */
const W1 = { start: '2026-12-09T22:00:00.000Z', end: '2026-12-09T23:00:00.000Z' };
const W2 = { start: '2026-12-10T00:00:00.000Z', end: '2026-12-10T01:00:00.000Z' };

let t: TestApp;
let client: TestUser;
let expert: TestUser;
let otherClient: TestUser;
let otherExpert: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(START);
  [client, expert, otherClient, otherExpert, admin] = await Promise.all([
    t.createUser('client'),
    t.createUser('expert'),
    t.createUser('client'),
    t.createUser('expert'),
    t.createUser('admin'),
  ]);
});
afterAll(() => t.close());

type Answer = { appointment: AppointmentDto; message: string };
const taskIn = (status: 'in_progress' | 'assigned' | 'completed' = 'in_progress', place = CHICAGO) =>
  createTaskAt(t.db, {
    status,
    clientId: client.id,
    expertId: expert.id,
    now: t.clock.now(),
    overrides: { ...place },
  });
const propose = (taskId: string, body: unknown, user: TestUser = expert) =>
  t.request('POST', `/api/tasks/${taskId}/appointment/proposals`, { cookie: user.cookie, body });
const answer = (
  taskId: string,
  proposalId: string,
  verb: 'accept' | 'decline',
  body: unknown,
  user: TestUser = client,
) =>
  t.request('POST', `/api/tasks/${taskId}/appointment/proposals/${proposalId}/${verb}`, {
    cookie: user.cookie,
    body,
  });
const read = async (taskId: string, user: TestUser = client) =>
  (
    await t.json<{ appointment: AppointmentDto }>(
      await t.request('GET', `/api/tasks/${taskId}/appointment`, { cookie: user.cookie }),
    )
  ).appointment;
const errorOf = async (res: Response) => (await t.json<{ error: { message: string } }>(res)).error.message;
const notesOf = (userId: string, taskId: string) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.user_id, userId), eq(notifications.task_id, taskId)));

describe('proposing and agreeing a visit', () => {
  it('the expert proposes two windows, the client picks one: agreed, named in the task zone, both told', async () => {
    const task = await taskIn();
    const res = await propose(task.id, { windows: [W1, W2] });
    expect(res.status).toBe(201);
    const proposed = await t.json<Answer>(res);
    expect(proposed.message).toBe(appointmentsText.proposed);
    expect(proposed.appointment.time_zone).toBe('America/Chicago');
    expect(proposed.appointment.pending!.windows.map((w) => w.label)).toEqual([
      'Wed 9 Dec, 4:00-5:00 pm CST',
      'Wed 9 Dec, 6:00-7:00 pm CST',
    ]);
    const seen = await read(task.id);
    expect(seen).toMatchObject({ state: 'proposed', my_party: 'client', can_answer: true });
    expect((await notesOf(client.id, task.id)).map((n) => n.type)).toEqual(['appointment_proposed']);

    const accepted = await answer(task.id, seen.pending!.id, 'accept', { choice: 1 });
    expect(accepted.status).toBe(200);
    const body = await t.json<Answer>(accepted);
    expect(body.appointment).toMatchObject({ state: 'agreed', sequence: 1, pending: null });
    expect(body.appointment.agreed!.label).toBe('Wed 9 Dec, 6:00-7:00 pm CST');
    expect(body.appointment.timeline.map((e) => e.kind)).toEqual(['proposed', 'accepted']);
    const agreedNote = (await notesOf(expert.id, task.id)).find((n) => n.type === 'appointment_agreed');
    expect(agreedNote?.message).toBe(`The visit for "${task.title}" is Wed 9 Dec, 6:00-7:00 pm CST.`);
    // Answering it again is refused.
    const again = await answer(task.id, seen.pending!.id, 'accept', { choice: 0 });
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toBe(appointmentsText.notPending);
  });

  it('the client counters with their own window, which the expert accepts', async () => {
    const task = await taskIn();
    await propose(task.id, { windows: [W1] });
    const counter = await t.json<Answer>(await propose(task.id, { windows: [W2] }, client));
    expect(counter.appointment.pending).toMatchObject({ party: 'client', kind: 'proposal' });
    expect((await read(task.id, expert)).can_answer).toBe(true);
    const done = await t.json<Answer>(
      await answer(task.id, counter.appointment.pending!.id, 'accept', { choice: 0 }, expert),
    );
    expect(done.appointment.agreed!.start).toBe(W2.start);
    expect(done.appointment.timeline.map((e) => e.kind)).toEqual([
      'proposed',
      'superseded',
      'proposed',
      'accepted',
    ]);
  });

  it('a decline leaves no window, and the proposer is told', async () => {
    const task = await taskIn();
    const proposed = await t.json<Answer>(await propose(task.id, { windows: [W1] }));
    const res = await answer(task.id, proposed.appointment.pending!.id, 'decline', {
      reason: 'Away that day',
    });
    expect(res.status).toBe(200);
    expect((await t.json<Answer>(res)).appointment).toMatchObject({ state: 'none', agreed: null });
    expect((await notesOf(expert.id, task.id)).map((n) => n.type)).toEqual(['appointment_declined']);
  });
});

describe('refusals', () => {
  it('bad input gets a 400 with the message', async () => {
    const task = await taskIn();
    const cases: Array<[unknown, string]> = [
      [{ windows: [] }, appointmentsText.invalidWindows],
      [{ windows: [W1, W2, W1, W2] }, appointmentsText.invalidWindows],
      [{ windows: [{ start: W1.end, end: W1.start }] }, appointmentsText.windowOrder],
      [{ windows: [{ start: 'tomorrow', end: W1.end }] }, appointmentsText.invalidWindow],
      [{ windows: [{ start: '2026-11-30T10:00:00Z', end: '2026-11-30T11:00:00Z' }] }, appointmentsText.windowPast],
      [{ windows: [{ start: W1.start, end: '2026-12-10T22:00:00Z' }] }, appointmentsText.windowLength],
    ];
    for (const [body, text] of cases) {
      const res = await propose(task.id, body);
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toBe(text);
    }
    const proposed = await t.json<Answer>(await propose(task.id, { windows: [W1] }));
    const badChoice = await answer(task.id, proposed.appointment.pending!.id, 'accept', { choice: 2 });
    expect(badChoice.status).toBe(400);
    expect(await errorOf(badChoice)).toBe(appointmentsText.invalidChoice);
    expect((await answer(task.id, 'nope', 'accept', { choice: 0 })).status).toBe(404);
  });

  it('only the two parties act, in their turn; an admin reads', async () => {
    const task = await taskIn();
    const first = await propose(task.id, { windows: [W1] }, client);
    expect(first.status).toBe(409);
    expect(await errorOf(first)).toBe(appointmentsText.expertFirst);
    expect((await propose(task.id, { windows: [W1] }, otherClient)).status).toBe(404);
    expect((await propose(task.id, { windows: [W1] }, otherExpert)).status).toBe(404);
    const asAdmin = await propose(task.id, { windows: [W1] }, admin);
    expect(asAdmin.status).toBe(403);
    expect(await errorOf(asAdmin)).toBe(appointmentsText.notParty);
    expect(await read(task.id, admin)).toMatchObject({ my_party: null, can_propose: false });
    const proposed = await t.json<Answer>(await propose(task.id, { windows: [W1] }));
    const own = await answer(task.id, proposed.appointment.pending!.id, 'accept', { choice: 0 }, expert);
    expect(own.status).toBe(403);
    expect(await errorOf(own)).toBe(appointmentsText.ownProposal);
    expect((await t.request('GET', `/api/tasks/${task.id}/appointment`)).status).toBe(401);
  });

  it('waits for the authorized hold, and stops once the task is done', async () => {
    const unpaid = await taskIn('assigned');
    const early = await propose(unpaid.id, { windows: [W1] });
    expect(early.status).toBe(409);
    expect(await errorOf(early)).toBe(appointmentsText.notYet);
    const done = await taskIn('completed');
    const late = await propose(done.id, { windows: [W1] });
    expect(late.status).toBe(409);
    expect(await errorOf(late)).toBe(appointmentsText.closed);
  });
});

describe('reschedules', () => {
  it('need a reason, leave the agreed window standing, and are marked late inside 24 hours', async () => {
    const task = await createTaskAt(t.db, {
      status: 'in_progress',
      clientId: client.id,
      expertId: expert.id,
      now: t.clock.now(),
      overrides: { ...CHICAGO, authorization_hold_expires_at: new Date('2026-12-20T00:00:00Z') },
    });
    const proposed = await t.json<Answer>(await propose(task.id, { windows: [W1] }));
    await answer(task.id, proposed.appointment.pending!.id, 'accept', { choice: 0 });
    const noReason = await propose(task.id, { windows: [W2] }, client);
    expect(noReason.status).toBe(400);
    expect(await errorOf(noReason)).toBe(appointmentsText.reasonRequired);

    const early = await t.json<Answer>(
      await propose(task.id, { windows: [W2], reason: 'Seller is late' }, client),
    );
    expect(early.appointment).toMatchObject({
      state: 'reschedule_pending',
      pending: { kind: 'reschedule', late: false },
    });
    expect(early.appointment.agreed!.start).toBe(W1.start);

    t.clock.set(new Date('2026-12-09T10:00:00Z')); // 12 hours before the agreed start
    try {
      const late = await t.json<Answer>(await propose(task.id, { windows: [W2], reason: 'Traffic' }, client));
      expect(late.appointment.pending).toMatchObject({ late: true });
      const accepted = await t.json<Answer>(
        await answer(task.id, late.appointment.pending!.id, 'accept', { choice: 0 }, expert),
      );
      expect(accepted.appointment).toMatchObject({ state: 'agreed', sequence: 2 });
      expect(accepted.appointment.agreed!.start).toBe(W2.start);
      const lateEvents = accepted.appointment.timeline.filter((e) => e.late).map((e) => e.kind);
      expect(lateEvents).toEqual(['reschedule_proposed', 'accepted']);
    } finally {
      t.clock.set(START);
    }
  });
});

describe('GET /api/me/visits', () => {
  it("lists each party's agreed visits soonest first, and nobody else's", async () => {
    const task = await taskIn();
    const proposed = await t.json<Answer>(await propose(task.id, { windows: [W1] }));
    await answer(task.id, proposed.appointment.pending!.id, 'accept', { choice: 0 });
    const visitsOf = async (user: TestUser) =>
      (
        await t.json<UpcomingVisitsResponse>(
          await t.request('GET', '/api/me/visits', { cookie: user.cookie }),
        )
      ).visits;
    const mine = (await visitsOf(expert)).find((visit) => visit.task_id === task.id);
    expect(mine).toMatchObject({ role: 'expert', time_zone: 'America/Chicago', location: 'Chicago, IL' });
    expect(mine!.window.label).toBe('Wed 9 Dec, 4:00-5:00 pm CST');
    expect((await visitsOf(client)).find((visit) => visit.task_id === task.id)?.role).toBe('client');
    expect((await visitsOf(otherExpert)).some((visit) => visit.task_id === task.id)).toBe(false);
    const starts = (await visitsOf(expert)).map((visit) => visit.window.start);
    expect(starts).toEqual([...starts].sort());
    expect((await t.request('GET', '/api/me/visits')).status).toBe(401);
  });
});

describe('time zones', () => {
  it('names a Sydney visit in Australia/Sydney', async () => {
    const task = await taskIn('in_progress', SYDNEY);
    const body = await t.json<Answer>(
      await propose(task.id, { windows: [{ start: '2026-12-09T23:00:00Z', end: '2026-12-10T00:30:00Z' }] }),
    );
    expect(body.appointment.time_zone).toBe('Australia/Sydney');
    expect(body.appointment.pending!.windows[0]!.label).toBe('Thu 10 Dec, 10:00-11:30 am GMT+11');
  });

  it('keeps a window across the US change to daylight time in March', async () => {
    t.clock.set(new Date('2026-03-01T12:00:00Z'));
    try {
      const task = await taskIn();
      // 1:00 am CST to 4:00 am CDT on Sun 8 Mar 2026: two real hours.
      const body = await t.json<Answer>(
        await propose(task.id, {
          windows: [{ start: '2026-03-08T01:00:00-06:00', end: '2026-03-08T04:00:00-05:00' }],
        }),
      );
      const window = body.appointment.pending!.windows[0]!;
      expect(new Date(window.end).getTime() - new Date(window.start).getTime()).toBe(2 * 3_600_000);
      expect(window.label).toBe('Sun 8 Mar, 1:00-4:00 am CST');
    } finally {
      t.clock.set(START);
    }
  });
});
