import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createApp } from '../app';
import { authSessions, authUsers } from '../db/schema';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../test/test-app';
import { createSessionCache, SESSION_CACHE_LIVE_TTL_MS, SESSION_CACHE_TTL_MS } from './session-cache';

// Decision 0100's addendum (issue 55): while the change bus is live, a cached session read lives a
// minute, because what would end it arrives as an event: a deleted session (migration 0014) or a
// changed account (migration 0055). While the bus is down, the 5 s bound holds again.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Asks until the answer passes or a second has gone by: the bus delivers after the commit. */
async function within1s(ask: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + 1_000;
  for (;;) {
    if (await ask()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((done) => setTimeout(done, 20));
  }
}

describe('session reads while the bus is live', () => {
  const emailOf = async (cookie: string) => {
    const response = await t.request('GET', '/api/me', { cookie });
    return (await t.json<{ user: { email: string } }>(response)).user.email;
  };

  it('read an account changed elsewhere again at once', async () => {
    const user = await t.createUser('client');
    expect(await emailOf(user.cookie)).toBe(user.email);
    // Another instance (or an admin in the database) changes the account: this one had it cached.
    const changed = `changed-${user.email}`;
    await t.db.update(authUsers).set({ email: changed }).where(eq(authUsers.id, user.id));
    expect(await within1s(async () => (await emailOf(user.cookie)) === changed)).toBe(true);
  });

  it("refuse an admin whose two-factor sign-in was turned off elsewhere, on the next request", async () => {
    const admin = await t.createUser('admin');
    // Any API route, not only the admin area (whose own check reads the account every time).
    expect((await t.request('GET', '/api/notifications', { cookie: admin.cookie })).status).toBe(200);
    await t.db.update(authUsers).set({ twoFactorEnabled: false }).where(eq(authUsers.id, admin.id));
    const refused = await within1s(async () => {
      const response = await t.request('GET', '/api/notifications', { cookie: admin.cookie });
      return response.status === 403 && (await t.json<{ error: { code: string } }>(response)).error.code === 'two_factor_required';
    });
    expect(refused).toBe(true);
  });

  it('refuse a session deleted elsewhere at once', async () => {
    const user = await t.createUser('client');
    expect((await t.request('GET', '/api/me', { cookie: user.cookie })).status).toBe(200);
    await t.db.delete(authSessions).where(eq(authSessions.userId, user.id));
    expect(await within1s(async () => (await t.request('GET', '/api/me', { cookie: user.cookie })).status === 401)).toBe(true);
  });
});

describe('the cache bound', () => {
  // The same server context, with a cache whose clock and bus state the test sets.
  let now = 0;
  let live = true;
  let app: ReturnType<typeof createApp>;
  beforeAll(() => {
    app = createApp({ ...t.context, sessionCache: createSessionCache({ now: () => now, isLive: () => live }) });
  });
  const status = async (cookie: string) =>
    (await app.request(`${TEST_ORIGIN}/api/me`, { headers: { origin: TEST_ORIGIN, cookie } })).status;

  it('is a minute while the bus is live, for an event lost without the bus noticing', async () => {
    live = true;
    const user = await t.createUser('client');
    expect(await status(user.cookie)).toBe(200);
    // This cache hears nothing: the deletion stands for an event that never arrived.
    await t.db.delete(authSessions).where(eq(authSessions.userId, user.id));
    now += SESSION_CACHE_TTL_MS + 1;
    expect(await status(user.cookie)).toBe(200);
    now += SESSION_CACHE_LIVE_TTL_MS - SESSION_CACHE_TTL_MS - 2;
    expect(await status(user.cookie)).toBe(200);
    now += 2;
    expect(await status(user.cookie)).toBe(401);
  });

  it('falls back to 5 s once the bus is down, for entries read while it was live', async () => {
    live = true;
    const user = await t.createUser('client');
    expect(await status(user.cookie)).toBe(200);
    await t.db.delete(authSessions).where(eq(authSessions.userId, user.id));
    now += SESSION_CACHE_TTL_MS - 1;
    live = false;
    expect(await status(user.cookie)).toBe(200);
    now += 2;
    expect(await status(user.cookie)).toBe(401);
    live = true;
  });
});
