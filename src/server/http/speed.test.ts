import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webBuildEnv } from '../../../scripts/build/web.mjs';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../test/test-app';
import { acceptsGzip, COMPRESS_MIN_BYTES } from './json-compression';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('what the server sends to be fast', () => {
  it('gzips JSON answers of the API for clients that accept it, and only for them', async () => {
    const zipped = await t.request('GET', '/api/openapi.json', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(zipped.status).toBe(200);
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('vary')).toContain('Accept-Encoding');
    const body = JSON.parse(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString());
    expect(body).toHaveProperty('paths');
    const plain = await t.request('GET', '/api/openapi.json');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toContain('Accept-Encoding');
    expect(await plain.json()).toEqual(body);
    const refused = await t.request('GET', '/api/openapi.json', { headers: { 'accept-encoding': 'gzip;q=0, br' } });
    expect(refused.headers.get('content-encoding')).toBeNull();
    expect(await refused.json()).toEqual(body);
  });

  it('sends small JSON answers as they are, still saying that the answer depends on Accept-Encoding', async () => {
    const small = await t.request('GET', '/api/no-such-thing', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(small.status).toBe(404);
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(small.headers.get('vary')).toContain('Accept-Encoding');
    const text = await small.text();
    expect(Buffer.byteLength(text)).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(JSON.parse(text)).toHaveProperty('error.code', 'not_found');
  });

  it('keeps the session cookies of a small JSON answer sent to a gzip client (sign-in)', async () => {
    const user = await t.createUser('client');
    const response = await t.request('POST', '/api/auth/sign-in/email', {
      body: { email: user.email, password: TEST_PASSWORD },
      headers: { 'accept-encoding': 'gzip, deflate, br' },
      remoteAddress: '172.31.9.9',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.getSetCookie().some((cookie) => /session_token=[^;]+/.test(cookie))).toBe(true);
    expect(await response.json()).toHaveProperty('user.email', user.email);
  });

  it('reads Accept-Encoding as HTTP does: q=0 refuses, * admits what is not refused', () => {
    expect(acceptsGzip('gzip, deflate, br')).toBe(true);
    expect(acceptsGzip('br;q=1.0, GZIP;q=0.5')).toBe(true);
    expect(acceptsGzip('gzip;q=0, *')).toBe(false);
    expect(acceptsGzip('*;q=0.1')).toBe(true);
    expect(acceptsGzip('br, identity')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
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
