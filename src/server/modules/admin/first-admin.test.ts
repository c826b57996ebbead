import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import { totpCodeOf } from '../../auth/two-factor';
import { openDatabase } from '../../db/client';
import { auditLog, authUsers, userRoles } from '../../db/schema';
import { pgliteDataDirOf } from '../../db/prebuilt';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/test-app';
import { serverToolArgs } from '../../test/server-process';
import { prefillPgliteDataDir } from '../../test/test-db';
import { AdminCreateError, createAdmin } from './first-admin';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const run = (address: string) =>
  createAdmin({ db: t.db, auth: t.context.auth, email: t.providers.email, publicUrl: TEST_ORIGIN, address });

const isAdmin = async (userId: string) =>
  (await t.db.select().from(userRoles).where(and(eq(userRoles.user_id, userId), eq(userRoles.role, 'admin')))).length === 1;

const auditOf = (userId: string) => t.db.select().from(auditLog).where(eq(auditLog.target_id, userId));

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c) => !c.endsWith('='))
    .join('; ');

/** Turns two-factor sign-in on the way the profile page does; answers the new session cookie. */
async function setUpTwoFactor(cookie: string, password: string): Promise<string> {
  const enabled = await t.request('POST', '/api/auth/two-factor/enable', { body: { password }, cookie });
  expect(enabled.status).toBe(200);
  const { totpURI } = await t.json<{ totpURI: string }>(enabled);
  const secret = Buffer.from(base32Decode(new URL(totpURI).searchParams.get('secret')!)).toString('utf8');
  const verified = await t.request('POST', '/api/auth/two-factor/verify-totp', { body: { code: await totpCodeOf(secret) }, cookie });
  expect(verified.status).toBe(200);
  return cookieOf(verified) || cookie;
}

describe('admin:create', () => {
  it('makes an existing confirmed account an admin, audited, who must set up two-factor before the admin area', async () => {
    const user = await t.createUser('client');
    expect(await run(user.email.toUpperCase())).toEqual({ outcome: 'promoted', userId: user.id });
    expect(await isAdmin(user.id)).toBe(true);
    expect(await auditOf(user.id)).toEqual([
      expect.objectContaining({ actor_id: null, action: 'role.added', details: { role: 'admin', via: 'admin:create' } }),
    ]);

    const refused = await t.request('GET', '/api/admin/system', { cookie: user.cookie });
    expect(refused.status).toBe(403);
    expect((await t.json<{ error: { message: string } }>(refused)).error.message).toBe(messages.accountControl.twoFactorRequired);
    const cookie = await setUpTwoFactor(user.cookie, 'test-password');
    expect((await t.request('GET', '/api/admin/system', { cookie })).status).toBe(200);

    // A second run changes nothing and records nothing.
    expect(await run(user.email)).toEqual({ outcome: 'already-admin', userId: user.id });
    expect(await auditOf(user.id)).toHaveLength(1);
  });

  it('invites a new address: a set-password link by email, then forced two-factor, then the admin area', async () => {
    const address = `first-admin-${Date.now()}@example.com`;
    const result = await run(address);
    expect(result.outcome).toBe('invited');
    expect(await isAdmin(result.userId)).toBe(true);
    expect(await auditOf(result.userId)).toEqual([expect.objectContaining({ actor_id: null, action: 'admin.invited' })]);

    const outbox = await t.app.request(`/dev/outbox/messages?channel=email&recipient=${encodeURIComponent(address)}`);
    const [mail] = ((await outbox.json()) as { messages: { subject: string; action_url: string }[] }).messages;
    expect(mail.subject).toMatch(/You are an admin of/);
    const redirect = await t.app.request(mail.action_url);
    expect(redirect.status).toBe(302);
    const page = new URL(redirect.headers.get('location')!, TEST_ORIGIN);
    expect(page.pathname).toBe('/auth/reset-password');
    const password = 'first-admin-password';
    const set = await t.request('POST', '/api/auth/reset-password', { body: { token: page.searchParams.get('token'), newPassword: password } });
    expect(set.status).toBe(200);

    const signIn = await t.request('POST', '/api/auth/sign-in/email', { body: { email: address, password }, remoteAddress: '10.9.8.7' });
    expect(signIn.status).toBe(200);
    const cookie = cookieOf(signIn);
    expect((await t.request('GET', '/api/admin/system', { cookie })).status).toBe(403);
    const withTwoFactor = await setUpTwoFactor(cookie, password);
    expect((await t.request('GET', '/api/admin/system', { cookie: withTwoFactor })).status).toBe(200);
  });

  it('refuses an account that has not confirmed its address, and a malformed address', async () => {
    const user = await t.createUser('client');
    await t.db.update(authUsers).set({ emailVerified: false }).where(eq(authUsers.id, user.id));
    await expect(run(user.email)).rejects.toThrow(AdminCreateError);
    expect(await isAdmin(user.id)).toBe(false);
    await expect(run('not-an-address')).rejects.toThrow(/is not an email address/);
  });
});

describe('npm run admin:create', () => {
  it('runs as a command on the configured database and says what it did', async () => {
    const dataRoot = mkdtempSync(join(tmpdir(), 'admin-create-'));
    try {
      const env = { PATH: process.env.PATH, DATA_DIR: join(dataRoot, 'data'), NODE_ENV: 'development' };
      await prefillPgliteDataDir(pgliteDataDirOf(env));
      const result = spawnSync(process.execPath, serverToolArgs('admin-create', ['--email', 'ops@example.com']), {
        env,
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(result.stderr).toBe('');
      expect(result.stdout).toMatch(/ops@example.com was invited: a link to set its password was emailed \(outbox\)/);
      expect(result.status).toBe(0);
      const database = await openDatabase({ dataDir: pgliteDataDirOf(env), migrate: false });
      const [row] = await database.db.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.email, 'ops@example.com'));
      expect(row).toBeDefined();
      await database.close();

      const usage = spawnSync(process.execPath, serverToolArgs('admin-create'), { env, encoding: 'utf8', timeout: 60_000 });
      expect(usage.status).toBe(1);
      expect(usage.stderr).toMatch(/usage: npm run admin:create -- --email/);
    } finally {
      rmSync(dataRoot, { recursive: true, force: true });
    }
  }, 90_000);
});

function base32Decode(text: string): Uint8Array {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of text.replace(/=+$/, '')) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return new Uint8Array(bytes);
}
