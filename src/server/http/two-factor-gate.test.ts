import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import { totpCodeOf } from '../auth/two-factor';
import { createAdmin } from '../modules/admin/first-admin';
import { createTestApp, TEST_ORIGIN, TEST_PASSWORD, type TestApp } from '../test/test-app';
import { TWO_FACTOR_SETUP_ROUTES } from './two-factor-gate';

// Issue 53 (decision 0474): a new admin sets up two-factor sign-in before anything else, across the
// whole API, not only the admin routes.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c) => !c.endsWith('='))
    .join('; ');

/** A client made an admin by `admin:create`, signed in afresh: an admin without two-factor sign-in. */
async function newAdmin(): Promise<{ id: string; email: string; cookie: string }> {
  const user = await t.createUser('client');
  expect(await createAdmin({ db: t.db, auth: t.context.auth, email: t.providers.email, publicUrl: TEST_ORIGIN, address: user.email })).toEqual({
    outcome: 'promoted',
    userId: user.id,
  });
  return { id: user.id, email: user.email, cookie: await t.signIn(user.email) };
}

const NORMAL_ROUTES = ['/api/notifications', '/api/tasks?scope=mine&page=1&pageSize=10', '/api/notification-preferences'];

async function expectRefused(response: Response) {
  expect(response.status).toBe(403);
  expect((await t.json<{ error: { code: string; message: string } }>(response)).error).toEqual({
    code: 'two_factor_required',
    message: messages.accountControl.twoFactorRequired,
  });
}

describe('an admin without two-factor sign-in', () => {
  it('is refused every API route but the setup ones, signs out, sets two-factor up, then reaches everything', async () => {
    const admin = await newAdmin();

    // Refused: ordinary reads, a write, and the admin area (the same code and text everywhere).
    for (const path of NORMAL_ROUTES) await expectRefused(await t.request('GET', path, { cookie: admin.cookie }));
    await expectRefused(
      await t.request('POST', '/api/tasks', { cookie: admin.cookie, body: { title: 'Check the roof', description: 'x' } }),
    );
    await expectRefused(await t.request('GET', '/api/admin/overview', { cookie: admin.cookie }));

    // Allowed: what the Security tab needs, and the auth library's routes.
    const me = await t.request('GET', '/api/me', { cookie: admin.cookie });
    expect(me.status).toBe(200);
    expect((await t.json<{ roles: { isAdmin: boolean } }>(me)).roles.isAdmin).toBe(true);
    expect((await t.request('GET', '/api/config', { cookie: admin.cookie })).status).toBe(200);
    expect((await t.request('GET', '/api/account/sessions', { cookie: admin.cookie })).status).toBe(200);
    const session = await t.request('GET', '/api/auth/get-session', { cookie: admin.cookie });
    expect(((await session.json()) as { user: { twoFactorEnabled: boolean } }).user.twoFactorEnabled).toBe(false);

    // Signing out works, and the session is gone.
    expect((await t.request('POST', '/api/auth/sign-out', { cookie: admin.cookie, body: {} })).status).toBe(200);
    expect((await t.request('GET', '/api/notifications', { cookie: admin.cookie })).status).toBe(401);

    // Signed in again: two-factor set up through the auth routes, the way the Security tab does it.
    const cookie = await t.signIn(admin.email);
    await expectRefused(await t.request('GET', '/api/notifications', { cookie }));
    const enabled = await t.request('POST', '/api/auth/two-factor/enable', { body: { password: TEST_PASSWORD }, cookie });
    expect(enabled.status).toBe(200);
    const { totpURI } = await t.json<{ totpURI: string }>(enabled);
    const secret = Buffer.from(base32Decode(new URL(totpURI).searchParams.get('secret')!)).toString('utf8');
    // Not yet on until a code of the new secret is verified.
    await expectRefused(await t.request('GET', '/api/notifications', { cookie: cookieOf(enabled) || cookie }));
    const verified = await t.request('POST', '/api/auth/two-factor/verify-totp', {
      body: { code: await totpCodeOf(secret) },
      cookie: cookieOf(enabled) || cookie,
    });
    expect(verified.status).toBe(200);
    const withTwoFactor = cookieOf(verified) || cookie;

    for (const path of NORMAL_ROUTES) expect((await t.request('GET', path, { cookie: withTwoFactor })).status).toBe(200);
    expect((await t.request('GET', '/api/admin/overview', { cookie: withTwoFactor })).status).toBe(200);
  });

  it('gets through every route of the allow-list', async () => {
    const admin = await newAdmin();
    for (const { method, path } of TWO_FACTOR_SETUP_ROUTES) {
      const response = await t.request(method, path, { cookie: admin.cookie });
      expect({ route: `${method} ${path}`, status: response.status }).not.toEqual({ route: `${method} ${path}`, status: 403 });
    }
  });

  it('is let through at once when two-factor sign-in is turned on elsewhere (the flag cached with the session is checked again)', async () => {
    const admin = await newAdmin();
    await expectRefused(await t.request('GET', '/api/notifications', { cookie: admin.cookie }));
    // Another instance, or the table itself: this instance's cached session still says "pending".
    await t.enableTwoFactor(admin.id);
    expect((await t.request('GET', '/api/notifications', { cookie: admin.cookie })).status).toBe(200);
    expect((await t.request('GET', '/api/admin/overview', { cookie: admin.cookie })).status).toBe(200);
  });

  it('leaves everyone else alone: clients, experts and admins with two-factor sign-in', async () => {
    for (const kind of ['client', 'expert', 'admin'] as const) {
      const user = await t.createUser(kind);
      expect((await t.request('GET', '/api/notifications', { cookie: user.cookie })).status).toBe(200);
    }
    // Signed out: the routes answer as before (401), not the gate.
    expect((await t.request('GET', '/api/notifications')).status).toBe(401);
  });
});

function base32Decode(text: string): Uint8Array {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of text.replace(/=+$/, '')) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return new Uint8Array(bytes);
}
