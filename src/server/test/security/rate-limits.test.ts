import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE_SEND_LIMITS } from '@shared/constants';
import { messages } from '@shared/messages';
import { authRateLimits } from '../../db/schema';
import { AUTH_RATE_LIMITS } from '../../auth/auth';
import { createTestApp, type TestApp, type TestUser } from '../test-app';

/**
 * The limits that stop password guessing and SMS floods. This app uses small auth limits and the
 * production phone limits; 10.0.0.1 is a trusted proxy, every other socket is a client.
 */
const SIGN_IN_MAX = 2;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { TRUSTED_PROXIES: '10.0.0.1' },
    authRateLimits: { ...AUTH_RATE_LIMITS.development, signInMax: SIGN_IN_MAX },
    limits: { phoneSends: PHONE_SEND_LIMITS.production },
  });
});
afterAll(async () => {
  await t.close();
});

const wrongSignIn = (email: string, init: { remoteAddress: string; forwardedFor?: string }) =>
  t.request('POST', '/api/auth/sign-in/email', {
    body: { email, password: 'wrong-password' },
    remoteAddress: init.remoteAddress,
    headers: init.forwardedFor ? { 'x-forwarded-for': init.forwardedFor } : {},
  });

describe('the sign-in limit', () => {
  it('keys on the socket address: a rotating X-Forwarded-For from a client does not escape it', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < SIGN_IN_MAX + 3; attempt += 1) {
      const response = await wrongSignIn('victim@example.com', { remoteAddress: '203.0.113.10', forwardedFor: `198.51.100.${attempt}` });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, SIGN_IN_MAX)).toEqual(Array(SIGN_IN_MAX).fill(401));
    expect(statuses.slice(SIGN_IN_MAX)).toEqual([429, 429, 429]);
    // Another address is not affected.
    expect((await wrongSignIn('victim@example.com', { remoteAddress: '203.0.113.11' })).status).toBe(401);
  });

  it('believes X-Forwarded-For only from a trusted proxy, so clients behind it are limited one by one', async () => {
    for (let attempt = 0; attempt < SIGN_IN_MAX; attempt += 1) {
      expect((await wrongSignIn('a@example.com', { remoteAddress: '10.0.0.1', forwardedFor: '198.51.100.50' })).status).toBe(401);
    }
    expect((await wrongSignIn('a@example.com', { remoteAddress: '10.0.0.1', forwardedFor: '198.51.100.50' })).status).toBe(429);
    expect((await wrongSignIn('a@example.com', { remoteAddress: '10.0.0.1', forwardedFor: '198.51.100.51' })).status).toBe(401);
  });

  it('keeps its counters in the database, shared by every instance of the server', async () => {
    const rows = await t.db.select().from(authRateLimits);
    expect(rows.some((row) => row.key.includes('203.0.113.10'))).toBe(true);
  });

  it('is on, with looser numbers, in development and tests', () => {
    expect(AUTH_RATE_LIMITS.development.signInMax).toBeGreaterThan(AUTH_RATE_LIMITS.production.signInMax);
    expect(AUTH_RATE_LIMITS.production).toMatchObject({ signInMax: 10, signUpMax: 5 });
  });
});

describe('phone verification codes', () => {
  const send = (user: TestUser, phoneNumber: string, remoteAddress = '192.0.2.1') =>
    t.request('POST', '/api/phone-verification/send', { body: { phoneNumber }, cookie: user.cookie, remoteAddress });

  it('are limited per destination number, whichever account asks (3 per 10 minutes; 10 per day)', async () => {
    const users = await Promise.all(Array.from({ length: 5 }, () => t.createUser('client')));
    const statuses: number[] = [];
    for (const [index, user] of users.entries()) statuses.push((await send(user, '+12125550100', `192.0.2.${10 + index}`)).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const refused = await send(users[4]!, '+12125550100', '192.0.2.99');
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(messages.security.tooManyPhoneCodes);
    // Parallel requests cannot squeeze past the count either (past every account's 60 s resend wait).
    t.clock.advance(61_000);
    const parallel = await Promise.all(users.map((user, index) => send(user, '+12125550111', `192.0.2.${40 + index}`)));
    expect(parallel.filter((response) => response.status === 200)).toHaveLength(3);
    // After 10 minutes the number may receive codes again.
    t.clock.advance(10 * 60_000 + 1);
    expect((await send(users[3]!, '+12125550100', '192.0.2.60')).status).toBe(200);
  });

  it('are limited per caller address: 10 per hour', async () => {
    // One account, a new number each time, past its 60 s resend wait: only the address repeats.
    const user = await t.createUser('client');
    const statuses: number[] = [];
    for (let index = 0; index < 11; index += 1) {
      statuses.push((await send(user, `+1212555${String(200 + index).padStart(4, '0')}`, '198.51.100.200')).status);
      t.clock.advance(61_000);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses[10]).toBe(429);
    const refused = await send(user, '+12125550300', '198.51.100.200');
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      messages.security.tooManyPhoneCodesFromNetwork,
    );
  });
});
