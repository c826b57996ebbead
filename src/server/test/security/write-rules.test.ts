import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shared/messages';
import { profiles, tasks, userRoles } from '../../db/schema';
import { isSignedWebhookPath } from '../../http/origin-check';
import { createTaskAt } from '../builders';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../test-app';
import { endpointsOf } from './matrix';

/**
 * Cross-origin and content-type rules for every state-changing endpoint, enumerated from the app, so
 * a route added later is covered without a line here.
 */
let t: TestApp;
let client: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  client = await t.createUser('client');
});
afterAll(async () => {
  await t.close();
});

const ID = '3f1f4b1e-8a52-4c1b-9a57-5a2b7f0c9d11';
const WRITES = ['POST', 'PUT', 'PATCH', 'DELETE'];

function stateChangingEndpoints() {
  return endpointsOf(t.app)
    .map((key) => key.split(' ') as [string, string])
    .filter(([method]) => WRITES.includes(method))
    .map(([method, pattern]) => ({
      method,
      path: pattern.replace(/:\w+/g, ID).replace('/api/auth/*', '/api/auth/sign-in/email'),
    }));
}

async function errorOf(response: Response) {
  return ((await response.json()) as { error: { code: string; message: string } }).error;
}

describe('cross-origin writes', () => {
  const evil = { origin: 'http://evil.example' };

  it.each([
    ['a foreign Origin', { origin: 'http://evil.example' }],
    ['a foreign Referer without Origin', { origin: '', referer: 'http://evil.example/page' }],
    ['neither Origin nor Referer', { origin: '' }],
    ['Origin "null" (sandboxed frame)', { origin: 'null' }],
    ['a look-alike origin', { origin: `${TEST_ORIGIN}.evil.example` }],
  ])('are refused with 403 and a clear text on every state-changing endpoint: %s', async (_name, headers) => {
    const endpoints = stateChangingEndpoints().filter(({ path }) => !isSignedWebhookPath(path));
    expect(endpoints.length).toBeGreaterThan(30);
    for (const { method, path } of endpoints) {
      const response = await t.request(method, path, { body: {}, cookie: client.cookie, headers });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(await errorOf(response)).toEqual({ code: 'forbidden', message: messages.security.crossOriginRefused });
    }
  });

  it('change nothing: the reported requests, with the victim cookie', async () => {
    const task = await createTaskAt(t.db, { status: 'open', clientId: client.id });
    const attempts: [string, string, unknown][] = [
      ['POST', '/api/me/onboarding', { role: 'expert' }],
      ['POST', '/api/tasks', { title: 'x' }],
      ['PATCH', `/api/tasks/${task.id}`, { title: 'Hijacked title here' }],
      ['PATCH', '/api/me/profile', { first_name: 'Evil', last_name: 'Eve' }],
      ['POST', `/api/tasks/${task.id}/cancel`, { reason: 'plans_changed' }],
    ];
    for (const [method, path, body] of attempts) {
      expect((await t.request(method, path, { body, cookie: client.cookie, headers: evil })).status).toBe(403);
    }
    expect(await t.db.select().from(userRoles).where(eq(userRoles.user_id, client.id))).toEqual([]);
    const [row] = await t.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(row).toMatchObject({ status: 'open', title: task.title });
    expect((await t.db.select().from(profiles).where(eq(profiles.id, client.id)))[0]?.first_name).toBe('Client');
    expect(await t.db.select().from(tasks).where(eq(tasks.client_id, client.id))).toHaveLength(1);
  });

  it('are accepted from the own origin, or the own Referer when Origin is absent', async () => {
    const viaOrigin = await t.request('PATCH', '/api/me/profile', { body: { first_name: 'Ann', last_name: 'Lee' }, cookie: client.cookie });
    expect(viaOrigin.status).toBe(200);
    const viaReferer = await t.request('PATCH', '/api/me/profile', {
      body: { first_name: 'Ann', last_name: 'Lee' },
      cookie: client.cookie,
      headers: { origin: '', referer: `${TEST_ORIGIN}/settings` },
    });
    expect(viaReferer.status).toBe(200);
  });

  it('leave reads alone, and exempt the signed provider webhooks', async () => {
    expect((await t.request('GET', '/api/me', { cookie: client.cookie, headers: evil })).status).toBe(200);
    const webhook = await t.request('POST', '/api/payment-webhooks', { body: { id: 'evt_1' }, headers: evil });
    expect(webhook.status).toBe(400); // refused by its signature check, not by the origin rule
    expect((await errorOf(webhook)).message).not.toBe(messages.security.crossOriginRefused);
  });

  it('also guard the development pages (the local payment provider forms)', async () => {
    const response = await t.request('POST', '/dev/payments/onboarding/some-token', { body: {}, headers: evil });
    expect(response.status).toBe(403);
  });
});

describe('content types', () => {
  it('answer 415 to a text/plain (or form-encoded) body on every state-changing API endpoint', async () => {
    const endpoints = stateChangingEndpoints().filter(({ path }) => path.startsWith('/api/') && !isSignedWebhookPath(path));
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded']) {
      for (const { method, path } of endpoints) {
        const response = await t.request(method, path, {
          body: '{"role":"expert"}',
          cookie: client.cookie,
          headers: { 'content-type': contentType },
        });
        expect(response.status, `${contentType} ${method} ${path}`).toBe(415);
        expect((await errorOf(response)).code).toBe('unsupported_media_type');
      }
    }
  });

  it('need application/json on JSON routes and multipart/form-data on upload routes', async () => {
    const json = await t.request('POST', '/api/me/avatar', { body: { avatar: 'x' }, cookie: client.cookie });
    expect(json.status).toBe(415);
    expect((await errorOf(json)).message).toBe(messages.security.multipartRequired);
    const form = new FormData();
    form.set('role', 'expert');
    const multipart = await t.request('POST', '/api/me/onboarding', { body: form, cookie: client.cookie });
    expect(multipart.status).toBe(415);
    expect((await errorOf(multipart)).message).toBe(messages.security.jsonRequired);
  });

  it('accept application/json with a charset, and writes without a body (cancel) with no content type', async () => {
    const named = await t.request('PATCH', '/api/me/profile', {
      body: JSON.stringify({ first_name: 'Ann', last_name: 'Lee' }),
      cookie: client.cookie,
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(named.status).toBe(200);
    const task = await createTaskAt(t.db, { status: 'open', clientId: client.id });
    // No body and no content type is let through (not 415): the route's own validation answers.
    const cancel = await t.request('POST', `/api/tasks/${task.id}/cancel`, { cookie: client.cookie });
    expect(cancel.status).toBe(400);
    expect((await errorOf(cancel)).message).toBe(messages.cancellations.reasonRequired);
  });
});

describe('control characters', () => {
  it('are refused with a 400 in JSON bodies (values and keys), query strings and form fields; tab, CR and LF pass', async () => {
    const nul = await t.request('PATCH', '/api/me/profile', { body: { first_name: 'A\u0000nn', last_name: 'Lee' }, cookie: client.cookie });
    expect(nul.status).toBe(400);
    expect((await errorOf(nul)).message).toBe(messages.security.controlCharacters);
    const escape = await t.request('PATCH', '/api/me/profile', { body: { first_name: 'Ann\u001b[31m', last_name: 'Lee' }, cookie: client.cookie });
    expect(escape.status).toBe(400);
    const surrogate = await t.request('PATCH', '/api/me/profile', { body: { first_name: 'Ann\ud800', last_name: 'Lee' }, cookie: client.cookie });
    expect(surrogate.status).toBe(400);
    const key = await t.request('POST', '/api/tasks/check-location', { body: { 'lat\u0000': 1, latitude: 40.7, longitude: -74 }, cookie: client.cookie });
    expect(key.status).toBe(400);
    const query = await t.request('GET', '/api/geocode/search?q=New%00York', { cookie: client.cookie });
    expect(query.status).toBe(400);
    const whitespace = await t.request('PATCH', '/api/me/profile', { body: { first_name: 'Ann\tMarie', last_name: 'Lee\r\nJr' }, cookie: client.cookie });
    expect(whitespace.status).toBe(200);
    const emoji = await t.request('PATCH', '/api/me/profile', { body: { first_name: 'Ann 😀', last_name: 'Lee' }, cookie: client.cookie });
    expect(emoji.status).toBe(200);
  });
});

describe('response headers', () => {
  it('carry a CSP that fits the SPA, the payment provider and the own WebSocket, and forbid framing', async () => {
    const response = await t.request('GET', '/api/config');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self' https://js.stripe.com");
    expect(csp).toContain('frame-src https://js.stripe.com https://hooks.stripe.com');
    expect(csp).toContain(`connect-src 'self' ws://localhost:3999 https://api.stripe.com`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('strict-transport-security')).toBeNull(); // production only
  });
});
