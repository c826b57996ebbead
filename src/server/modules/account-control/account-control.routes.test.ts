import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import type { AccountSessionDto, SuspensionDto } from '@shared/schemas/account-control.schemas';
import { createTestApp, TEST_ORIGIN, TEST_PASSWORD, type TestApp } from '../../test/test-app';
import { openTestSocket, startTestServer } from '../../test/test-server';
import { createTask } from '../../test/builders';
import { totpCodeOf } from '../../auth/two-factor';
import { HOUR, moneyTask, submitEvidence, succeededCaptures, taskOf } from '../holds/money.test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c) => !c.endsWith('='))
    .join('; ');

let address = 0;
const nextAddress = () => `10.22.0.${(address += 1)}`;
const passwordStep = (email: string, remoteAddress = nextAddress()) =>
  t.request('POST', '/api/auth/sign-in/email', { body: { email, password: TEST_PASSWORD }, remoteAddress });

describe('two-factor sign-in', { timeout: 60_000 }, () => {
  it('asks an account with two-factor for a code after the password, and signs in with a right one', async () => {
    const user = await t.createUser('client');
    await t.enableTwoFactor(user.id);
    const first = await passwordStep(user.email);
    expect(first.status).toBe(200);
    expect(await t.json(first)).toMatchObject({ twoFactorRedirect: true });
    const challenge = cookieOf(first);
    expect(challenge).not.toMatch(/session_token/);

    const wrong = await t.request('POST', '/api/auth/two-factor/verify-totp', { body: { code: '000000' }, cookie: challenge, remoteAddress: nextAddress() });
    expect(wrong.status).toBe(401);
    const right = await t.request('POST', '/api/auth/two-factor/verify-totp', { body: { code: await t.totpCode() }, cookie: challenge, remoteAddress: nextAddress() });
    expect(right.status).toBe(200);
    expect((await t.request('GET', '/api/me', { cookie: cookieOf(right) })).status).toBe(200);
  });

  it('limits code attempts: after five wrong codes the challenge is spent, even for the right code', async () => {
    const user = await t.createUser('client');
    await t.enableTwoFactor(user.id);
    const challenge = cookieOf(await passwordStep(user.email));
    for (let i = 0; i < 5; i += 1) {
      const wrong = await t.request('POST', '/api/auth/two-factor/verify-totp', { body: { code: '000000' }, cookie: challenge, remoteAddress: nextAddress() });
      expect(wrong.status).toBe(401);
    }
    const late = await t.request('POST', '/api/auth/two-factor/verify-totp', { body: { code: await t.totpCode() }, cookie: challenge, remoteAddress: nextAddress() });
    expect(late.status).toBe(400);
    expect(late.headers.getSetCookie().join()).not.toMatch(/session_token=[^;]/);
  });

  it('accepts a backup code once', async () => {
    const user = await t.createUser('client');
    await t.enableTwoFactor(user.id, ['aaaaa-11111', 'bbbbb-22222']);
    const use = async () =>
      t.request('POST', '/api/auth/two-factor/verify-backup-code', {
        body: { code: 'aaaaa-11111' },
        cookie: cookieOf(await passwordStep(user.email)),
        remoteAddress: nextAddress(),
      });
    expect((await use()).status).toBe(200);
    expect((await use()).status).toBe(401);
  });

  it('sets up two-factor from the profile: enable with the password, verify a code from the secret', async () => {
    const user = await t.createUser('client');
    const wrongPassword = await t.request('POST', '/api/auth/two-factor/enable', { body: { password: 'nope-nope' }, cookie: user.cookie });
    expect(wrongPassword.status).toBe(400);
    const enabled = await t.request('POST', '/api/auth/two-factor/enable', { body: { password: TEST_PASSWORD }, cookie: user.cookie });
    expect(enabled.status).toBe(200);
    const { totpURI, backupCodes } = await t.json<{ totpURI: string; backupCodes: string[] }>(enabled);
    expect(backupCodes).toHaveLength(10);
    const base32 = new URL(totpURI).searchParams.get('secret')!;
    const secret = Buffer.from(base32Decode(base32)).toString('utf8');
    const verified = await t.request('POST', '/api/auth/two-factor/verify-totp', { body: { code: await totpCodeOf(secret) }, cookie: user.cookie });
    expect(verified.status).toBe(200);
    const session = await t.json<{ user: { twoFactorEnabled: boolean } }>(await t.request('GET', '/api/auth/get-session', { cookie: cookieOf(verified) }));
    expect(session.user.twoFactorEnabled).toBe(true);
    expect(await t.json(await passwordStep(user.email))).toMatchObject({ twoFactorRedirect: true });
  });

  it('admins need it: an admin without two-factor gets 403 from admin routes and cannot turn it off', async () => {
    const admin = await t.createUser('admin');
    expect((await t.request('GET', '/api/admin/overview', { cookie: admin.cookie })).status).toBe(200);
    const off = await t.request('POST', '/api/auth/two-factor/disable', { body: { password: TEST_PASSWORD }, cookie: admin.cookie });
    expect(off.status).toBe(403);

    const promoted = await t.createUser('client');
    await t.request('POST', `/api/admin/users/${promoted.id}/roles`, { body: { role: 'admin' }, cookie: admin.cookie });
    const refused = await t.request('GET', '/api/admin/overview', { cookie: promoted.cookie });
    expect(refused.status).toBe(403);
    expect((await t.json<{ error: { message: string } }>(refused)).error.message).toBe(messages.accountControl.twoFactorRequired);
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

describe('devices and sessions', { timeout: 60_000 }, () => {
  it('never calls an iPhone "This computer": a loopback session is named by the kind of device (issue 52)', async () => {
    const user = await t.createUser('client');
    await t.request('POST', '/api/auth/sign-in/email', {
      body: { email: user.email, password: TEST_PASSWORD },
      remoteAddress: '127.0.0.1',
      headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1' },
    });
    const list = await t.json<{ sessions: AccountSessionDto[] }>(await t.request('GET', '/api/account/sessions', { cookie: user.cookie }));
    const phone = list.sessions.find((s) => s.device === 'Safari on iPhone')!;
    expect(phone.place).toBe('This phone');
  });

  it('lists my sessions with device, coarse place and last use, and signs out one or all others', async () => {
    const user = await t.createUser('client');
    const phone = await t.request('POST', '/api/auth/sign-in/email', {
      body: { email: user.email, password: TEST_PASSWORD },
      remoteAddress: '203.0.113.45',
      headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1' },
    });
    const phoneCookie = cookieOf(phone);
    const laptopCookie = await t.signIn(user.email);

    const list = await t.json<{ sessions: AccountSessionDto[] }>(await t.request('GET', '/api/account/sessions', { cookie: user.cookie }));
    expect(list.sessions).toHaveLength(3);
    expect(list.sessions.filter((s) => s.current)).toHaveLength(1);
    const phoneSession = list.sessions.find((s) => s.device === 'Safari on iPhone')!;
    expect(phoneSession.place).toBe('203.0.113.x');
    expect(JSON.stringify(list)).not.toContain('203.0.113.45');

    const other = await t.createUser('client');
    expect((await t.request('DELETE', `/api/account/sessions/${phoneSession.id}`, { cookie: other.cookie })).status).toBe(404);
    expect((await t.request('DELETE', `/api/account/sessions/${phoneSession.id}`, { cookie: user.cookie })).status).toBe(200);
    expect((await t.request('GET', '/api/me', { cookie: phoneCookie })).status).toBe(401);
    expect((await t.request('DELETE', `/api/account/sessions/${phoneSession.id}`, { cookie: user.cookie })).status).toBe(404);

    const others = await t.request('POST', '/api/account/sessions/sign-out-others', { body: {}, cookie: user.cookie });
    expect(await t.json(others)).toEqual({ ended: 1 });
    expect((await t.request('GET', '/api/me', { cookie: laptopCookie })).status).toBe(401);
    expect((await t.request('GET', '/api/me', { cookie: user.cookie })).status).toBe(200);
    expect((await t.request('GET', '/api/account/sessions')).status).toBe(401);
  });
});

describe('suspension', { timeout: 60_000 }, () => {
  it('ends sessions and sockets, refuses sign-in with a clear message, hides open tasks, is audited, and lifts', async () => {
    const admin = await t.createUser('admin');
    const client = await t.createUser('client');
    const expert = await t.createUser('expert');
    const task = await createTask(t.db, { client_id: client.id });
    const available = async () =>
      (await t.json<{ tasks: Array<{ id: string }> }>(await t.request('GET', '/api/tasks?scope=available', { cookie: expert.cookie }))).tasks.map((row) => row.id);
    expect(await available()).toContain(task.id);

    const server = await startTestServer(t.app);
    try {
      const socket = await openTestSocket(server.url, { cookie: client.cookie, origin: TEST_ORIGIN });
      const closed = new Promise<number>((resolve) => socket.ws.once('close', (code) => resolve(code)));

      const url = `/api/admin/users/${client.id}/suspension`;
      expect((await t.request('POST', url, { body: { reason: '' }, cookie: admin.cookie })).status).toBe(400);
      expect((await t.request('POST', url, { body: { reason: 'Abusive messages' }, cookie: expert.cookie })).status).toBe(403);
      const [first, second] = await Promise.all([
        t.request('POST', url, { body: { reason: 'Abusive messages' }, cookie: admin.cookie }),
        t.request('POST', url, { body: { reason: 'Abusive messages' }, cookie: admin.cookie }),
      ]);
      expect([first.status, second.status].sort()).toEqual([201, 409]);

      expect(await closed).toBe(4001);
      expect((await t.request('GET', '/api/me', { cookie: client.cookie })).status).toBe(401);
      const signIn = await passwordStep(client.email);
      expect(signIn.status).toBe(403);
      expect((await t.json<{ message: string }>(signIn)).message).toBe(messages.accountControl.accountSuspended);
      expect(await available()).not.toContain(task.id);
      // Hidden at its address too, from experts; its client's admins still see it.
      expect((await t.request('GET', `/api/tasks/${task.id}`, { cookie: expert.cookie })).status).toBe(404);
      expect((await t.request('GET', `/api/tasks/${task.id}`, { cookie: admin.cookie })).status).toBe(200);
      expect(await t.json<SuspensionDto>(await t.request('GET', url, { cookie: admin.cookie }))).toMatchObject({ suspended: true, reason: 'Abusive messages' });

      expect((await t.request('POST', `/api/admin/users/${admin.id}/suspension`, { body: { reason: 'Testing myself' }, cookie: admin.cookie })).status).toBe(409);
      t.clock.advance(1_000);
      expect((await t.request('DELETE', url, { cookie: admin.cookie })).status).toBe(200);
      expect((await t.request('DELETE', url, { cookie: admin.cookie })).status).toBe(409);
      expect((await passwordStep(client.email)).status).toBe(200);
      expect(await available()).toContain(task.id);
      expect((await t.request('GET', `/api/tasks/${task.id}`, { cookie: expert.cookie })).status).toBe(200);

      const audit = await t.json<{ rows: Array<{ action: string; target_id: string }> }>(await t.request('GET', '/api/admin/audit', { cookie: admin.cookie }));
      expect(audit.rows.filter((row) => row.target_id === client.id).map((row) => row.action)).toEqual(['user.unsuspended', 'user.suspended']);
    } finally {
      await server.close();
    }
  });
  it('leaves money in flight to the dispute rules: the hired expert still delivers, and the auto-release pays them', async () => {
    const admin = await t.createUser('admin');
    const task = await moneyTask(t, 'in_progress');
    const suspended = await t.request('POST', `/api/admin/users/${task.client.id}/suspension`, {
      body: { reason: 'Chargeback threats in chat' },
      cookie: admin.cookie,
    });
    expect(suspended.status).toBe(201);

    // The task is under way, so its expert still sees it and can hand in the work.
    expect((await t.request('GET', `/api/tasks/${task.taskId}`, { cookie: task.expert.cookie })).status).toBe(200);
    await submitEvidence(t, task.taskId, task.expert);
    const submitted = (await taskOf(t, task.taskId)).submitted_at!;

    // The suspended client cannot confirm or dispute; the review window closes and the hold is captured once.
    t.clock.set(new Date(submitted.getTime() + 72 * HOUR + 1));
    await t.context.jobs.runDue();
    expect(await taskOf(t, task.taskId)).toMatchObject({ status: 'verified', payment_status: 'captured' });
    expect(await succeededCaptures(t, task.taskId)).toBe(1);
  });
});
