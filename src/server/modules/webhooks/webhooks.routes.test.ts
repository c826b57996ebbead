import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES, WEBHOOKS } from '@shared/constants';
import { messages } from '@shared/messages';
import type { WebhookEndpointDto, WebhookEndpointWithSecretDto } from '@shared/schemas/webhooks.schemas';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { sendWebhook } from './webhook-sender';
import { checkWebhookTarget, isPublicAddress, WebhookTargetError } from './webhook-targets';
import { createEndpoint, startReceiver } from './webhooks.test-helpers';

const text = messages.webhooks;
let t: TestApp;
let client: TestUser;
let other: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  [client, other] = await Promise.all([t.createUser('client'), t.createUser('client')]);
});
afterAll(() => t.close());

const errorOf = async (response: Response) => (await t.json<{ error: { message: string } }>(response)).error.message;
const endpointsOf = async (user: TestUser) =>
  (await t.json<{ endpoints: WebhookEndpointDto[] }>(await t.request('GET', '/api/me/webhook-endpoints', { cookie: user.cookie }))).endpoints;
const local = 'http://127.0.0.1:9/hooks';

describe('webhook endpoints: management (issue 54)', () => {
  it('registers an endpoint, shows its secret once and lists it without the secret', async () => {
    const created = await createEndpoint(t, client, { url: local, events: ['task.created', 'task.created', 'payment.captured'], description: 'Listings' });
    expect(created.endpoint).toMatchObject({
      url: local,
      description: 'Listings',
      events: ['task.created', 'payment.captured'],
      disabled_at: null,
      failing_since: null,
    });
    const list = await endpointsOf(client);
    expect(list.find((endpoint) => endpoint.id === created.endpoint.id)).toEqual(created.endpoint);
    expect(JSON.stringify(list)).not.toContain(created.secret);
    expect(await endpointsOf(other)).toEqual([]);
  });

  it('refuses bad input with a clear message and stores nothing', async () => {
    const bad = async (body: unknown) => {
      const response = await t.request('POST', '/api/me/webhook-endpoints', { cookie: other.cookie, body });
      expect(response.status).toBe(400);
      return errorOf(response);
    };
    expect(await bad({ url: 'not a url', events: ['task.created'] })).toBe(text.invalidUrl);
    expect(await bad({ url: 'ftp://127.0.0.1/x', events: ['task.created'] })).toBe(text.invalidUrl);
    expect(await bad({ url: 'https://user:pw@example.com/x', events: ['task.created'] })).toBe(text.invalidUrl);
    expect(await bad({ url: local, events: [] })).toBe(text.invalidEvents);
    expect(await bad({ url: local, events: ['task.exploded'] })).toBe(text.invalidEvents);
    expect(await bad({ url: local, events: ['task.created'], description: 'x'.repeat(121) })).toBe(text.invalidDescription);
    // Outside production, plain http is for localhost only.
    expect(await bad({ url: 'http://example.com/hook', events: ['task.created'] })).toBe(text.httpOnlyLocal);
    expect(await endpointsOf(other)).toEqual([]);
    const patch = await t.request('PATCH', `/api/me/webhook-endpoints/${(await endpointsOf(client))[0].id}`, { cookie: client.cookie, body: {} });
    expect(patch.status).toBe(400);
    expect(await errorOf(patch)).toBe(text.nothingToChange);
  });

  it("answers 404 for another user's endpoint on every route, and changes nothing", async () => {
    const [mine] = await endpointsOf(client);
    const base = `/api/me/webhook-endpoints/${mine.id}`;
    for (const [method, path, body] of [
      ['GET', base, undefined],
      ['PATCH', base, { enabled: false }],
      ['DELETE', base, undefined],
      ['POST', `${base}/roll-secret`, undefined],
      ['GET', `${base}/deliveries`, undefined],
    ] as const) {
      const response = await t.request(method, path, { cookie: other.cookie, body });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(await errorOf(response)).toBe(text.notFound);
    }
    expect((await endpointsOf(client)).find((endpoint) => endpoint.id === mine.id)).toEqual(mine);
  });

  it('disables and enables an endpoint, rolls its secret with a 24-hour overlap, and deletes it', async () => {
    const created = await createEndpoint(t, client, { url: local, events: ['task.completed'] });
    const path = `/api/me/webhook-endpoints/${created.endpoint.id}`;
    const off = await t.json<{ endpoint: WebhookEndpointDto }>(await t.request('PATCH', path, { cookie: client.cookie, body: { enabled: false } }));
    expect(off.endpoint).toMatchObject({ disabled_reason: 'owner' });
    const on = await t.json<{ endpoint: WebhookEndpointDto }>(
      await t.request('PATCH', path, { cookie: client.cookie, body: { enabled: true, events: [...WEBHOOK_EVENT_TYPES] } }),
    );
    expect(on.endpoint).toMatchObject({ disabled_at: null, disabled_reason: null, events: [...WEBHOOK_EVENT_TYPES] });
    const rolled = await t.json<WebhookEndpointWithSecretDto>(await t.request('POST', `${path}/roll-secret`, { cookie: client.cookie }));
    expect(rolled.secret).not.toBe(created.secret);
    expect(new Date(rolled.endpoint.previous_secret_expires_at!).getTime()).toBe(t.clock.now().getTime() + WEBHOOKS.secretOverlapMs);
    expect((await t.request('DELETE', path, { cookie: client.cookie })).status).toBe(200);
    expect((await t.request('GET', path, { cookie: client.cookie })).status).toBe(404);
  });

  it('keeps at most 10 endpoints per user (409), counting those created at once', async () => {
    const user = await t.createUser('client');
    const answers = await Promise.all(
      Array.from({ length: WEBHOOKS.maxEndpointsPerUser + 1 }, () =>
        t.request('POST', '/api/me/webhook-endpoints', { cookie: user.cookie, body: { url: local, events: ['task.created'] } }),
      ),
    );
    const statuses = answers.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(WEBHOOKS.maxEndpointsPerUser);
    expect(statuses.filter((status) => status === 409)).toHaveLength(1);
    const refused = await t.request('POST', '/api/me/webhook-endpoints', { cookie: user.cookie, body: { url: local, events: ['task.created'] } });
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toBe(text.tooManyEndpoints);
    expect((await endpointsOf(user)).length).toBe(WEBHOOKS.maxEndpointsPerUser);
  });

  it('is for sessions only: an API key cannot manage endpoints', async () => {
    const key = await t.json<{ secret: string }>(
      await t.request('POST', '/api/me/api-keys', { cookie: client.cookie, body: { name: 'All', scopes: ['tasks:read', 'tasks:write', 'messages:write', 'reports:read'] } }),
    );
    const response = await t.request('GET', '/api/me/webhook-endpoints', { headers: { origin: '', authorization: `Bearer ${key.secret}` } });
    expect(response.status).toBe(403);
  });
});

describe('webhook targets in production (server-side request forgery)', () => {
  let prod: TestApp;
  let business: TestUser;
  beforeAll(async () => {
    prod = await createTestApp({ env: { WEBHOOK_TARGETS: 'public' } });
    business = await prod.createUser('client');
  });
  afterAll(() => prod.close());

  const refusal = async (url: string) => {
    const response = await prod.request('POST', '/api/me/webhook-endpoints', { cookie: business.cookie, body: { url, events: ['task.created'] } });
    expect(response.status, url).toBe(400);
    return (await prod.json<{ error: { message: string } }>(response)).error.message;
  };

  it('refuses loopback, link-local, private and plain-http endpoints', async () => {
    expect(await refusal('https://127.0.0.1/hook')).toBe(text.privateAddress);
    expect(await refusal('https://169.254.169.254/latest/meta-data')).toBe(text.privateAddress);
    expect(await refusal('https://10.1.2.3/hook')).toBe(text.privateAddress);
    expect(await refusal('https://[::1]/hook')).toBe(text.privateAddress);
    expect(await refusal('https://[::ffff:127.0.0.1]/hook')).toBe(text.privateAddress);
    // A host name is judged by what it resolves to.
    expect(await refusal('https://localhost/hook')).toBe(text.privateAddress);
    expect(await refusal('http://example.com/hook')).toBe(text.httpsRequired);
  });

  it('checks a host name after resolution: any private address refuses it', async () => {
    const resolvesTo = (addresses: string[]) => async () => addresses;
    await expect(checkWebhookTarget('https://hooks.example.com/x', 'public', resolvesTo(['93.184.216.34']))).resolves.toBeUndefined();
    await expect(checkWebhookTarget('https://hooks.example.com/x', 'public', resolvesTo(['93.184.216.34', '192.168.1.5']))).rejects.toThrow(
      WebhookTargetError,
    );
    await expect(checkWebhookTarget('https://nowhere.invalid/x', 'public', async () => Promise.reject(new Error('ENOTFOUND')))).rejects.toThrow(
      text.unresolvable,
    );
    expect(['8.8.8.8', '2001:4860:4860::8888'].every(isPublicAddress)).toBe(true);
    expect(['0.0.0.0', '100.64.0.1', 'fe80::1', 'fc00::1', '224.0.0.1', '::ffff:10.0.0.1'].some(isPublicAddress)).toBe(false);
  });

  it('never connects to a private address at send time, even when the host name looked public before', async () => {
    const receiver = await startReceiver();
    try {
      const port = new URL(receiver.url).port;
      const literal = await sendWebhook({ url: `https://127.0.0.1:${port}/hooks`, body: '{}', headers: {}, policy: 'public' });
      expect(literal).toMatchObject({ ok: false, status: null, error: text.privateAddress });
      // A name that resolves to loopback now (DNS rebinding) is refused by the connection's own lookup.
      const named = await sendWebhook({ url: `https://localhost:${port}/hooks`, body: '{}', headers: {}, policy: 'public' });
      expect(named).toMatchObject({ ok: false, status: null, error: text.privateAddress });
      expect(receiver.received).toHaveLength(0);
    } finally {
      await receiver.close();
    }
  });
});
