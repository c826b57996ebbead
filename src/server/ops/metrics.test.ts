import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueJob } from '../jobs/jobs.repository';
import { createTestApp, type TestApp } from '../test/test-app';

const TOKEN = 'metrics-token-0123456789';

/** The value of the first sample of `name` whose labels contain `labels`, or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-z_]+)(\{([^}]*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const pairs = Object.fromEntries([...(match[3] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((pair) => [pair[1], pair[2]]));
    if (Object.entries(labels).every(([key, value]) => pairs[key] === value)) return Number(match[4]);
  }
  return undefined;
}

describe('GET /metrics', () => {
  let h: TestApp;
  beforeAll(async () => {
    h = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => h.close());

  it('refuses a scrape without the token or with a wrong one', async () => {
    expect((await h.request('GET', '/metrics')).status).toBe(401);
    const wrong = await h.request('GET', '/metrics', { headers: { authorization: 'Bearer metrics-token-0123456780' } });
    expect(wrong.status).toBe(401);
  });

  it('has each series with a non-zero value after a short journey', async () => {
    // Requests, an email (sign-up confirmation) and a push through the provider interface.
    const client = await h.createUser('client');
    expect((await h.request('GET', '/api/phone-verification', { cookie: client.cookie })).status).toBe(200);
    await h.request('POST', '/api/auth/sign-up/email', {
      body: { email: 'metrics@example.com', password: 'a-long-password-1', name: 'M', firstName: 'M', lastName: 'X' },
      remoteAddress: '172.30.0.1',
    });
    await h.providers.push.send({ token: 'device-1', title: 'Hello', body: 'There' });
    // A webhook with a bad signature is rejected.
    await h.request('POST', '/api/payment-webhooks', { body: { id: 'evt_1' }, headers: { 'stripe-signature': 'bad' } });
    // A realtime socket.
    await h.context.realtime.hub.connect({ send: () => undefined, close: () => undefined }, { id: client.id, sessionId: 's' });
    // A job that fails for good, and one due for a minute that nobody ran yet.
    await enqueueJob(h.db, { kind: 'metrics:unknown', key: 'metrics:unknown:1', runAt: h.clock.now(), maxAttempts: 1 });
    await h.context.jobs.runDue();
    await enqueueJob(h.db, { kind: 'metrics:later', key: 'metrics:later:1', runAt: new Date(h.clock.now().getTime() - 60_000) });

    const response = await h.request('GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();

    expect(sample(text, 'http_requests_total', { route: '/api/phone-verification', method: 'GET', status: '2xx' })).toBeGreaterThan(0);
    expect(sample(text, 'http_request_duration_seconds_count', { route: '/api/phone-verification' })).toBeGreaterThan(0);
    expect(sample(text, 'db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    expect(sample(text, 'websocket_connections')).toBe(1);
    expect(sample(text, 'jobs_queue_depth')).toBe(1);
    expect(sample(text, 'jobs_oldest_due_age_seconds')).toBeGreaterThanOrEqual(60);
    expect(sample(text, 'jobs_failed')).toBe(1);
    expect(sample(text, 'jobs_runs_total', { kind: 'metrics:unknown', outcome: 'failed' })).toBe(1);
    expect(sample(text, 'webhooks_total', { route: '/api/payment-webhooks', outcome: 'rejected' })).toBe(1);
    expect(sample(text, 'deliveries_total', { channel: 'email', outcome: 'sent' })).toBeGreaterThan(0);
    expect(sample(text, 'deliveries_total', { channel: 'push', outcome: 'sent' })).toBe(1);
    // Routes are patterns: no raw ids in the labels.
    expect(text).not.toContain(client.id);
  });
});
