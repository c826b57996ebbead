import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { EARTH_RADIUS_MILES } from '@shared/domain/geo';
import type { WaitlistEntryDto, WaitlistPlaceDto } from '@shared/schemas/discovery.schemas';
import { expertProfiles, jobs, notifications } from '../../db/schema';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';

/** Montana, far from every default test expert; points due north of it at known great-circle distances. */
const PLACE = { location: 'Lewistown, Montana', latitude: 47.06, longitude: -109.43 };
const north = (miles: number) => ({ latitude: PLACE.latitude + ((miles / EARTH_RADIUS_MILES) * 180) / Math.PI, longitude: PLACE.longitude });
const DRAFT = { title: 'Check a ranch fence line', description: 'Walk the fence and send photos of every break.', category: 'property' as const };

let t: TestApp;
let client: TestUser;
let otherClient: TestUser;
let admin: TestUser;
let expert: TestUser;

const join = (user: TestUser, body: unknown) => t.request('POST', '/api/waitlist', { cookie: user.cookie, body });
/** The user's waitlist notifications about PLACE (the New York case below has its own). */
const waitlistNotifications = async (userId: string) =>
  (
    await t.db.select().from(notifications).where(and(eq(notifications.user_id, userId), eq(notifications.type, 'waitlist_expert_available')))
  ).filter((row) => (row.data as { location?: string } | null)?.location === PLACE.location);
const moveExpert = (id: string, fields: Partial<typeof expertProfiles.$inferInsert>) =>
  t.db.update(expertProfiles).set(fields).where(eq(expertProfiles.id, id));

beforeAll(async () => {
  t = await createTestApp();
  [client, otherClient, admin] = await Promise.all([t.createUser('client'), t.createUser('client'), t.createUser('admin')]);
  // Not payable yet, 50 miles away: no one serves the place.
  expert = await t.createUser('expert', { payable: false, ...north(50) });
});
afterAll(() => t.close());

describe('the waitlist', () => {
  it('keeps the draft of a client the 100-mile check turns away, one waiting entry per place', async () => {
    const first = await join(client, { ...PLACE, draft: DRAFT });
    expect(first.status).toBe(201);
    const body = await t.json<{ entry: WaitlistEntryDto; message: string }>(first);
    expect(body.entry.draft).toEqual(DRAFT);
    expect(body.message).toBe("You're on the waitlist. We'll notify you when an expert is available near Lewistown, Montana.");
    const again = await t.json<{ entry: WaitlistEntryDto }>(await join(client, { ...PLACE, draft: { ...DRAFT, title: 'Check the north fence' } }));
    expect(again.entry.id).toBe(body.entry.id);
    expect(again.entry.draft.title).toBe('Check the north fence');
    expect((await join(otherClient, { ...PLACE, ...north(99.9), draft: {} })).status).toBe(201);
  });

  it('refuses bad input, experts, and a place an expert already serves', async () => {
    const bad = await join(client, { location: '', latitude: 95, longitude: 0 });
    expect(bad.status).toBe(400);
    expect((await join(expert, PLACE)).status).toBe(403);
    const served = await join(client, { location: 'New York', latitude: 40.7, longitude: -74 });
    await t.createUser('expert', { latitude: 40.71, longitude: -74.0 });
    expect((await join(client, { location: 'New York', latitude: 40.7, longitude: -74 })).status).toBe(409);
    expect([201, 409]).toContain(served.status);
    expect((await t.request('POST', '/api/waitlist', { body: PLACE })).status).toBe(401);
  });

  it('shows admins the waiting demand by place with counts and age, as JSON and CSV; others get 403', async () => {
    const res = await t.request('GET', '/api/admin/waitlist', { cookie: admin.cookie });
    const { places } = await t.json<{ places: WaitlistPlaceDto[] }>(res);
    const lewistown = places.find((p) => p.location === PLACE.location)!;
    expect(lewistown.waiting).toBe(2);
    expect(lewistown.oldest_days).toBe(0);
    const csv = await t.request('GET', '/api/admin/waitlist/export', { cookie: admin.cookie });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(await csv.text()).toContain('"Lewistown, Montana",');
    expect((await t.request('GET', '/api/admin/waitlist', { cookie: client.cookie })).status).toBe(403);
  });

  it('never notifies for an expert who is not payable or is beyond 100 miles', async () => {
    await moveExpert(expert.id, { latitude: north(150).latitude }); // moved, still not payable
    await moveExpert(expert.id, { stripe_onboarding_completed: true, stripe_account_status: 'active', stripe_account_id: `acct_wl_${expert.id.slice(0, 8)}` });
    expect(await waitlistNotifications(client.id)).toHaveLength(0);
    // Payable 150 miles north: 50.1 miles from the other client (told), 150 from this one (not).
    expect(await waitlistNotifications(otherClient.id)).toHaveLength(1);
    await t.createUser('expert', north(-100.2));
    expect(await waitlistNotifications(client.id)).toHaveLength(0);
    expect((await t.request('POST', `/api/waitlist/${(await mine(client)).find((row) => row.location === PLACE.location)!.id}/restore`, { cookie: client.cookie })).status).toBe(409);
  });

  it('tells each waiting client once when a payable expert moves within 100 miles, and restores the draft', async () => {
    // The great-circle edge: 100.05 miles is out, 99.9 is in.
    await moveExpert(expert.id, north(100.05));
    expect(await waitlistNotifications(client.id)).toHaveLength(0);
    await moveExpert(expert.id, north(99.9));
    const [note] = await waitlistNotifications(client.id);
    expect(note.title).toBe('An expert is now available');
    expect(note.message).toBe('An expert now serves Lewistown, Montana. Your task draft is ready to post.');
    // The trigger enqueues its email and push deliveries like notifications written from code.
    const deliveries = await t.db.select().from(jobs).where(inArray(jobs.key, [`deliver:email:${note.id}`, `deliver:push:${note.id}`]));
    expect(deliveries.map((job) => job.kind).sort()).toEqual(['deliver-email', 'deliver-push']);
    // A second arrival, and the same expert moving again, tell no one twice.
    await t.createUser('expert', north(10));
    await moveExpert(expert.id, north(20));
    expect(await waitlistNotifications(client.id)).toHaveLength(1);
    expect(await waitlistNotifications(otherClient.id)).toHaveLength(1);

    const entry = (await mine(client)).find((row) => row.location === PLACE.location)!;
    expect(entry.notified_at).not.toBeNull();
    const restored = await t.request('POST', `/api/waitlist/${entry.id}/restore`, { cookie: client.cookie });
    expect(restored.status).toBe(200);
    expect((await t.json<{ entry: WaitlistEntryDto }>(restored)).entry.draft.title).toBe('Check the north fence');
    expect((await t.request('POST', `/api/waitlist/${entry.id}/restore`, { cookie: otherClient.cookie })).status).toBe(404);
    expect((await t.request('POST', '/api/waitlist/not-an-id/restore', { cookie: client.cookie })).status).toBe(404);
    // The served place leaves the admin report.
    const { places } = await t.json<{ places: WaitlistPlaceDto[] }>(await t.request('GET', '/api/admin/waitlist', { cookie: admin.cookie }));
    expect(places.find((p) => p.location === PLACE.location)).toBeUndefined();
  });
});

async function mine(user: TestUser) {
  return (await t.json<{ entries: WaitlistEntryDto[] }>(await t.request('GET', '/api/waitlist/mine', { cookie: user.cookie }))).entries;
}
