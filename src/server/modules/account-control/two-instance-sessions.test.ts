import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountSessionDto } from '@shared/schemas/account-control.schemas';
import { createApp } from '../../app';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { createServerContext, type ServerContext } from '../../server-context';
import { createTestApp, TEST_ORIGIN, TEST_PASSWORD, type TestApp, type TestUser } from '../../test/test-app';

/**
 * Issue 22: a session ended on one instance (sign-out of a device, suspension, deletion) is refused
 * at once by another instance that had it cached. Instance B is a second server context on the same
 * database: its own pool on PostgreSQL, the same PGlite otherwise; the two share nothing else, and
 * B hears the end only through the auth_sessions NOTIFY.
 */
let t: TestApp;
let b: ServerContext;
let appB: ReturnType<typeof createApp>;
let secondDatabase: DatabaseHandle | undefined;

beforeAll(async () => {
  t = await createTestApp();
  if (t.database.kind === 'postgres' && t.database.connectionString) {
    secondDatabase = await openDatabase({ databaseUrl: t.database.connectionString, migrate: false });
  }
  b = await createServerContext({ env: t.context.env, database: secondDatabase ?? t.database, clock: t.clock, publicUrl: TEST_ORIGIN });
  appB = createApp(b);
});
afterAll(async () => {
  await b?.close();
  await secondDatabase?.close();
  await t?.close();
});

const onB = (path: string, cookie: string) =>
  appB.request(`${TEST_ORIGIN}${path}`, { headers: { origin: TEST_ORIGIN, cookie } }, { incoming: { socket: { remoteAddress: '127.0.0.2' } } });

/** Resolves when instance B has heard that auth_sessions changed (armed before the change is made). */
function bHearsSessionChange(): Promise<void> {
  return new Promise((resolve) => {
    const stop = b.realtime.bus.subscribe({
      onChange: () => undefined,
      onNotify: (table) => {
        if (table !== 'auth_sessions') return;
        stop();
        resolve();
      },
    });
  });
}

/** A user signed in twice (two devices); B has served, and so cached, the second device's session. */
async function userWithTwoDevices(kind: 'client' | 'expert' = 'client'): Promise<{ user: TestUser; other: string }> {
  const user = await t.createUser(kind);
  const other = await t.signIn(user.email);
  expect((await onB('/api/me', other)).status).toBe(200);
  return { user, other };
}

describe('sessions across two instances', { timeout: 60_000 }, () => {
  it('a device signed out on instance A is refused by instance B, which had it cached', async () => {
    const { user, other } = await userWithTwoDevices();
    const { sessions } = await t.json<{ sessions: AccountSessionDto[] }>(await t.request('GET', '/api/account/sessions', { cookie: user.cookie }));
    const lost = sessions.find((session) => !session.current)!;
    const heard = bHearsSessionChange();
    expect((await t.request('DELETE', `/api/account/sessions/${lost.id}`, { cookie: user.cookie })).status).toBe(200);
    await heard;
    expect((await onB('/api/me', other)).status).toBe(401);
    // The device that signed it out stays signed in on both.
    expect((await onB('/api/me', user.cookie)).status).toBe(200);
  });

  it('a user suspended on instance A is refused by instance B', async () => {
    const admin = await t.createUser('admin');
    const { user, other } = await userWithTwoDevices('expert');
    const heard = bHearsSessionChange();
    const suspended = await t.request('POST', `/api/admin/users/${user.id}/suspension`, { cookie: admin.cookie, body: { reason: 'Abusive messages' } });
    expect(suspended.status).toBe(201);
    await heard;
    expect((await onB('/api/me', other)).status).toBe(401);
    expect((await onB('/api/me', user.cookie)).status).toBe(401);
  });

  it('an account deleted on instance A is refused by instance B', async () => {
    const { user, other } = await userWithTwoDevices();
    const heard = bHearsSessionChange();
    expect((await t.request('POST', '/api/account/delete', { cookie: user.cookie, body: { password: TEST_PASSWORD } })).status).toBe(200);
    await heard;
    expect((await onB('/api/me', other)).status).toBe(401);
  });
});
