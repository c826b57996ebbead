import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { listOutboxMessages } from '../providers/outbox/outbox.repository';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../test/test-app';
import { log, setLogSink } from './logger';

/**
 * The log lines of a whole journey (sign-up, email confirmation, sign-in, phone verification, a
 * failing request): one JSON line per request with its id, route and user, and never a password,
 * cookie, session token, one-time code or email confirmation token.
 */
describe('structured request logs', () => {
  let h: TestApp;
  const lines: string[] = [];
  let previousSink: ReturnType<typeof setLogSink>;
  const previousLevel = log.level;
  const parsed = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

  beforeAll(async () => {
    h = await createTestApp({ env: { TRUSTED_PROXIES: '10.1.2.3' } });
    previousSink = setLogSink({ write: (line: string) => void lines.push(line) });
    log.level = 'info';
  });
  afterAll(async () => {
    setLogSink(previousSink);
    log.level = previousLevel;
    await h.close();
  });

  it('logs a journey with request ids, routes and user ids, and none of its secrets', async () => {
    const email = 'log-journey@example.com';
    const password = 'Sup3r-secret-passphrase!';
    const signUp = await h.request('POST', '/api/auth/sign-up/email', {
      body: { email, password, name: 'Log Journey', firstName: 'Log', lastName: 'Journey' },
      remoteAddress: '172.31.0.1',
    });
    expect(signUp.status).toBe(200);
    const [confirmation] = await listOutboxMessages(h.db, { channel: 'email', recipient: email, limit: 1 });
    const confirmUrl = new URL(/(http\S+)/.exec(confirmation!.body)![1]!);
    const verificationToken = confirmUrl.searchParams.get('token')!;
    expect(verificationToken.length).toBeGreaterThan(10);
    await h.request('GET', `${confirmUrl.pathname}${confirmUrl.search}`);

    const cookie = await h.signIn(email, password);
    const sessionToken = decodeURIComponent(cookie.split('=')[1]!.split('.')[0]!);
    const me = await h.request('GET', '/api/phone-verification', { cookie });
    expect(me.status).toBe(200);
    await h.request('POST', '/api/phone-verification/send', { cookie, body: { phoneNumber: '+15557654321' } });
    const [sms] = await listOutboxMessages(h.db, { channel: 'sms', recipient: '+15557654321', limit: 1 });
    const code = /\b(\d{6})\b/.exec(sms!.body)![1]!;
    const verified = await h.request('POST', '/api/phone-verification/verify', { cookie, body: { code } });
    expect(verified.status).toBe(200);
    await h.request('POST', '/api/phone-verification/verify', { cookie, body: { code: 'not-a-code', password } });

    const text = lines.join('');
    expect(lines.length).toBeGreaterThan(5);
    for (const secret of [password, sessionToken, code, verificationToken, cookie]) expect(text).not.toContain(secret);
    expect(text.toLowerCase()).not.toContain('set-cookie');

    const requestLines = parsed().filter((line) => line.msg === 'request');
    const verify = requestLines.find((line) => (line.req as { route: string }).route === '/api/phone-verification/verify');
    expect(verify).toMatchObject({ level: 30, res: { status: 200 }, userId: expect.any(String) as string });
    expect(verify!.reqId).toMatch(/^[0-9a-f-]{36}$/);
    expect(typeof verify!.ms).toBe('number');
    expect(requestLines.every((line) => typeof line.reqId === 'string' && typeof line.time === 'number')).toBe(true);
  });

  it('sends the request id back, keeping a trusted proxy’s and replacing anyone else’s', async () => {
    const fromProxy = await h.request('GET', '/api/config', { headers: { 'x-request-id': 'lb-1234' }, remoteAddress: '10.1.2.3' });
    expect(fromProxy.headers.get('x-request-id')).toBe('lb-1234');
    const spoofed = await h.request('GET', '/api/config', { headers: { 'x-request-id': 'lb-1234' }, remoteAddress: '10.9.9.9' });
    expect(spoofed.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const injected = await h.request('GET', '/api/config', { headers: { 'x-request-id': 'a b "forged"' }, remoteAddress: '10.1.2.3' });
    expect(injected.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const line = parsed().find((entry) => entry.reqId === 'lb-1234');
    expect(line).toMatchObject({ msg: 'request', req: { method: 'GET', route: '/api/config' }, userId: null });
  });

  it("counts each request's own statements, also while others run at the same time", async () => {
    const user = await h.createUser('client');
    const linesOf = (route: string) =>
      parsed().filter((line) => line.msg === 'request' && (line.req as { route: string }).route === route);
    // The first request also reads the session; from the second on it is cached.
    expect((await h.request('GET', '/api/me', { cookie: user.cookie })).status).toBe(200);
    lines.length = 0;
    expect((await h.request('GET', '/api/notifications', { cookie: user.cookie })).status).toBe(200);
    const [alone] = linesOf('/api/notifications');
    expect(alone!.queries).toBeGreaterThan(0);
    // Five at once, with another route's requests between them: each line still counts its own.
    lines.length = 0;
    await Promise.all([
      ...Array.from({ length: 5 }, () => h.request('GET', '/api/notifications', { cookie: user.cookie })),
      ...Array.from({ length: 3 }, () => h.request('GET', '/api/me', { cookie: user.cookie })),
    ]);
    const together = linesOf('/api/notifications');
    expect(together).toHaveLength(5);
    for (const line of together) expect(line.queries).toBe(alone!.queries);
    // A statement made outside any request (a job, a timer) is counted on no line.
    lines.length = 0;
    await h.db.execute(sql`select 1`);
    expect(parsed().filter((line) => line.msg === 'request')).toEqual([]);
  });

  it('puts the request id on lines logged inside the request', async () => {
    lines.length = 0;
    const response = await h.request('GET', '/api/config', { headers: { origin: TEST_ORIGIN } });
    const reqId = response.headers.get('x-request-id');
    log.info('outside any request');
    expect(parsed().find((line) => line.msg === 'outside any request')?.reqId).toBeUndefined();
    expect(parsed().filter((line) => line.reqId === reqId)).toHaveLength(1);
  });
});
