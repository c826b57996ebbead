import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { messages } from '@shared/messages';
import type { AppointmentDto, OnsiteViewDto } from '@shared/schemas/appointments.schemas';
import { devOutbox, notifications, profiles, tasks } from '../../db/schema';
import { createTaskAt } from '../../test/builders';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';

/** Issue 49 (decision 0424): the person on site and their signed link. */
const appointmentsText = messages.appointments;
const START = new Date('2026-12-01T12:00:00Z');
const W1 = { start: '2026-12-09T22:00:00.000Z', end: '2026-12-09T23:00:00.000Z' };
const SELLER = { name: 'Sam Seller', email: 'sam.seller@example.com', phone: '+13125550100' };

let t: TestApp;
let client: TestUser;
let expert: TestUser;
let otherClient: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(START);
  [client, expert, otherClient] = await Promise.all([
    t.createUser('client', { firstName: 'Clara' }),
    t.createUser('expert', { firstName: 'Erin' }),
    t.createUser('client'),
  ]);
});
afterAll(() => t.close());

const errorOf = async (res: Response) => (await t.json<{ error: { message: string } }>(res)).error.message;
const setContact = (taskId: string, body: unknown, user: TestUser = client) =>
  t.request('PUT', `/api/tasks/${taskId}/appointment/onsite-contact`, { cookie: user.cookie, body });

async function agreedTask() {
  const task = await createTaskAt(t.db, {
    status: 'in_progress',
    clientId: client.id,
    expertId: expert.id,
    now: t.clock.now(),
    overrides: {
      latitude: 41.8781,
      longitude: -87.6298,
      location: '1200 W Fulton Market, Chicago, IL',
      budget: 12_345,
    },
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
  return task;
}

/** The link from the newest email to the person on site, after the runner has sent it. */
async function linkTokenFor(email: string) {
  await t.context.jobs.runDue();
  const [mail] = await t.db
    .select()
    .from(devOutbox)
    .where(eq(devOutbox.recipient, email))
    .orderBy(desc(devOutbox.seq))
    .limit(1);
  const match = /\/onsite\/([^\s"]+)/.exec(mail!.body);
  return { token: match![1]!, mail: mail! };
}

describe('the person on site', () => {
  it('gets a signed link that shows the address, the window and the expert, and nothing private', async () => {
    const task = await agreedTask();
    const res = await setContact(task.id, SELLER);
    expect(res.status).toBe(200);
    expect((await t.json<{ message: string }>(res)).message).toBe(appointmentsText.onsiteSaved);
    const { token, mail } = await linkTokenFor(SELLER.email);
    expect(mail.subject).toBe('Visit on Wed 9 Dec, 4:00-5:00 pm CST: please confirm');

    const opened = await t.request('GET', `/api/onsite/${token}`);
    expect(opened.status).toBe(200);
    const { view } = await t.json<{ view: OnsiteViewDto }>(opened);
    expect(view).toEqual({
      contact_name: 'Sam Seller',
      address: '1200 W Fulton Market, Chicago, IL',
      time_zone: 'America/Chicago',
      window: { ...W1, label: 'Wed 9 Dec, 4:00-5:00 pm CST' },
      expert_first_name: 'Erin',
      expert_avatar_url: null,
      confirmed: false,
    });
    const text = JSON.stringify(view);
    const [expertProfile] = await t.db.select().from(profiles).where(eq(profiles.id, expert.id));
    const privateBits = [
      'Clara',
      client.email,
      '12345',
      '123.45',
      client.id,
      task.title,
      expertProfile!.last_name ?? 'none',
    ];
    for (const bit of privateBits) expect(text).not.toContain(bit);

    // The expert sees who will be there; the confirmation tells both parties and joins the timeline.
    const seen = await t.json<{ appointment: AppointmentDto }>(
      await t.request('GET', `/api/tasks/${task.id}/appointment`, { cookie: expert.cookie }),
    );
    expect(seen.appointment.onsite_contact).toEqual({
      name: 'Sam Seller',
      email: SELLER.email,
      phone: SELLER.phone,
    });
    const confirmed = await t.request('POST', `/api/onsite/${token}/confirm`, { body: {} });
    expect(confirmed.status).toBe(200);
    expect((await t.json<{ view: OnsiteViewDto; message: string }>(confirmed)).view.confirmed).toBe(true);
    const notes = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.task_id, task.id), eq(notifications.title, appointmentsText.notifyOnsiteConfirmedTitle)));
    expect(notes.map((n) => n.user_id).sort()).toEqual([client.id, expert.id].sort());
    const after = await t.json<{ appointment: AppointmentDto }>(
      await t.request('GET', `/api/tasks/${task.id}/appointment`, { cookie: client.cookie }),
    );
    expect(after.appointment.onsite_confirmed).toBe(true);
    expect(after.appointment.timeline.map((e) => e.kind)).toContain('onsite_confirmed');

    const another = await t.request('POST', `/api/onsite/${token}/another-window`, {
      body: { message: 'I work late that day' },
    });
    expect(another.status).toBe(200);
    expect((await t.json<{ message: string }>(another)).message).toBe(appointmentsText.onsiteAskedDone);
  });

  it('refuses a changed token, an old link after a new contact, and a finished task', async () => {
    const task = await agreedTask();
    await setContact(task.id, { name: 'First Person', email: 'first.person@example.com' });
    const { token } = await linkTokenFor('first.person@example.com');
    const tampered = `${token.slice(0, -2)}${token.endsWith('A') ? 'BB' : 'AA'}`;
    const changed = await t.request('GET', `/api/onsite/${tampered}`);
    expect(changed.status).toBe(404);
    expect(await errorOf(changed)).toBe(appointmentsText.onsiteInvalid);
    expect((await t.request('GET', '/api/onsite/nonsense')).status).toBe(404);

    await setContact(task.id, { name: 'Second Person', phone: '+13125550199' });
    expect((await t.request('GET', `/api/onsite/${token}`)).status).toBe(404);

    await setContact(task.id, { name: 'Third Person', email: 'third.person@example.com' });
    const third = (await linkTokenFor('third.person@example.com')).token;
    expect((await t.request('GET', `/api/onsite/${third}`)).status).toBe(200);
    await t.db.update(tasks).set({ status: 'completed' }).where(eq(tasks.id, task.id));
    const over = await t.request('GET', `/api/onsite/${third}`);
    expect(over.status).toBe(409);
    expect(await errorOf(over)).toBe(appointmentsText.onsiteOver);
    expect((await t.request('POST', `/api/onsite/${third}/confirm`, { body: {} })).status).toBe(409);
  });

  it("is the client's to set, with a name and a way to reach them", async () => {
    const task = await agreedTask();
    const cases: Array<[unknown, string]> = [
      [{ name: '', email: SELLER.email }, appointmentsText.invalidOnsiteName],
      [{ name: 'Sam' }, appointmentsText.onsiteReachRequired],
      [{ name: 'Sam', email: 'not-an-email' }, appointmentsText.invalidOnsiteEmail],
      [{ name: 'Sam', phone: '312 555' }, appointmentsText.invalidOnsitePhone],
    ];
    for (const [body, text] of cases) {
      const res = await setContact(task.id, body);
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toBe(text);
    }
    const asExpert = await setContact(task.id, SELLER, expert);
    expect(asExpert.status).toBe(403);
    expect(await errorOf(asExpert)).toBe(appointmentsText.onlyClientContact);
    expect((await setContact(task.id, SELLER, otherClient)).status).toBe(404);
    expect(
      (await t.request('PUT', `/api/tasks/${task.id}/appointment/onsite-contact`, { body: SELLER })).status,
    ).toBe(401);
  });
});
