import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createApp } from '../app';
import { authSessions, userRoles } from '../db/schema';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../test/test-app';
import { createSessionCache, SESSION_CACHE_TTL_MS, sessionTokenOf } from './session-cache';

let t: TestApp;
let now = 0;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  t = await createTestApp();
  // The same server context, with a session cache whose clock the test moves.
  app = createApp({ ...t.context, sessionCache: createSessionCache({ now: () => now }) });
});
afterAll(() => t.close());

const get = (path: string, cookie: string) => app.request(`${TEST_ORIGIN}${path}`, { headers: { origin: TEST_ORIGIN, cookie } });
const post = (path: string, cookie: string) =>
  app.request(`${TEST_ORIGIN}${path}`, {
    method: 'POST',
    headers: { origin: TEST_ORIGIN, cookie, 'content-type': 'application/json' },
    body: '{}',
  });

describe('session cache', () => {
  it('reads the session cookie whatever its prefix', () => {
    expect(sessionTokenOf('a=1; better-auth.session_token=abc.def; b=2')).toBe('abc.def');
    expect(sessionTokenOf('__Secure-better-auth.session_token=xyz')).toBe('xyz');
    expect(sessionTokenOf('other=1')).toBeNull();
    expect(sessionTokenOf(undefined)).toBeNull();
  });

  it('notices a session revoked in the database within SESSION_CACHE_TTL_MS, not before', async () => {
    const user = await t.createUser('client');
    expect((await get('/api/me', user.cookie)).status).toBe(200);
    // Another instance (or an admin) deletes the session rows: this instance still has the read.
    await t.db.delete(authSessions).where(eq(authSessions.userId, user.id));
    now += SESSION_CACHE_TTL_MS - 1;
    expect((await get('/api/me', user.cookie)).status).toBe(200);
    now += 2;
    expect((await get('/api/me', user.cookie)).status).toBe(401);
  });

  it('forgets the session at once on sign-out through this instance', async () => {
    const user = await t.createUser('client');
    expect((await get('/api/me', user.cookie)).status).toBe(200);
    expect((await post('/api/auth/sign-out', user.cookie)).status).toBe(200);
    expect((await get('/api/me', user.cookie)).status).toBe(401);
  });

  it("renews a day-old session's cookie with the answer of the API read that renews it", async () => {
    const user = await t.createUser('client');
    // Sessions last 7 days and slide daily on use: one that ends in 5 days was renewed 2 days ago.
    const dueAt = new Date(Date.now() + 5 * 24 * 3600 * 1000);
    await t.db.update(authSessions).set({ expiresAt: dueAt }).where(eq(authSessions.userId, user.id));
    now += SESSION_CACHE_TTL_MS + 1;
    const answer = await get('/api/me', user.cookie);
    expect(answer.status).toBe(200);
    const renewed = answer.headers.getSetCookie().find((cookie) => cookie.includes('session_token='));
    expect(renewed).toMatch(/Max-Age=604800/i);
    // The same token, so the browser's session goes on; the database agrees on the new end.
    expect(renewed!.split(';')[0]).toBe(user.cookie.split('; ').find((pair) => pair.includes('session_token=')));
    const [row] = await t.db.select().from(authSessions).where(eq(authSessions.userId, user.id));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(dueAt.getTime() + 24 * 3600 * 1000);
    // A session not due for renewal sends no cookie.
    now += SESSION_CACHE_TTL_MS + 1;
    expect((await get('/api/me', user.cookie)).headers.getSetCookie()).toEqual([]);
  });

  it('does not cache roles: a role change shows on the next request', async () => {
    const user = await t.createUser('client');
    const before = (await (await get('/api/me', user.cookie)).json()) as { roles: { isAdmin: boolean } };
    expect(before.roles.isAdmin).toBe(false);
    await t.db.insert(userRoles).values({ user_id: user.id, role: 'admin' });
    const after = (await (await get('/api/me', user.cookie)).json()) as { roles: { isAdmin: boolean } };
    expect(after.roles.isAdmin).toBe(true);
  });

  it('keeps at most maxEntries, dropping the least recently used', () => {
    const cache = createSessionCache({ maxEntries: 2, now: () => 0 });
    const value = (id: string) => ({
      user: { id, email: `${id}@example.com`, emailVerified: true, name: id },
      session: { id, expiresAt: new Date(Date.now() + 60_000) },
    });
    cache.set('a', value('a'));
    cache.set('b', value('b'));
    cache.get('a');
    cache.set('c', value('c'));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.user.id).toBe('a');
    cache.invalidateUser('a');
    expect(cache.get('a')).toBeUndefined();
  });
});
