import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webBuildEnv } from '../../../scripts/build/web.mjs';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('what the server sends to be fast', () => {
  it('gzips JSON answers of the API for clients that accept it, and only for them', async () => {
    const zipped = await t.request('GET', '/api/public-settings', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(zipped.status).toBe(200);
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('vary')).toContain('Accept-Encoding');
    const body = JSON.parse(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString());
    expect(body).toHaveProperty('platform_fee_percent');
    const plain = await t.request('GET', '/api/public-settings');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.json()).toEqual(body);
  });

  it('leaves answers that are not JSON alone (a CSV download, robots.txt)', async () => {
    const admin = await t.createUser('admin');
    const csv = await t.request('GET', '/api/admin/reports/export?timeframe=30d&report=finance', {
      cookie: admin.cookie,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-encoding')).toBeNull();
    const robots = await t.request('GET', '/robots.txt', { headers: { 'accept-encoding': 'gzip' } });
    expect(robots.headers.get('content-encoding')).toBeNull();
  });

  it('answers robots.txt as text that lets crawlers read the pages but not the API', async () => {
    const response = await t.request('GET', '/robots.txt');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Disallow: \/api\/$/m);
    expect(text).not.toMatch(/^Disallow: \/$/m);
  });

  it('builds the web app for production even when the shell says development', () => {
    expect(webBuildEnv({ NODE_ENV: 'development', PATH: '/bin' })).toEqual({ NODE_ENV: 'production', PATH: '/bin' });
    expect(webBuildEnv({}).NODE_ENV).toBe('production');
  });
});
