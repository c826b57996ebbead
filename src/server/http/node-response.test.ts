import type { AddressInfo } from 'node:net';
import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../env';
import { noMetrics } from '../ops/metrics';
import { COMPRESS_SYNC_MAX_BYTES, jsonCompression, unreadTextBody } from './json-compression';
import { requestLogging } from './request-log';
import { DOCUMENT_ONLY_HEADERS, securityHeaders } from './security-headers';

/**
 * Over HTTP the security headers, the request id and Vary go straight onto Node's response
 * (node-response.ts); in process (app.request) they go through Hono as before. Both must give
 * every answer the same headers, and a handler's own value must win on both.
 */
const env = loadEnv({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32), PUBLIC_URL: 'https://example.com' });
const app = new Hono();
app.use('*', requestLogging({ isTrustedPeer: () => false, metrics: noMetrics }));
app.use('*', securityHeaders({ env, publicUrl: 'https://example.com' }));
app.use('/api/*', jsonCompression());
app.get('/api/json', (c) => c.json({ ok: true }));
app.get('/api/own', (c) => c.body('file', 200, { 'Content-Security-Policy': "default-src 'none'; sandbox", 'X-Frame-Options': 'SAMEORIGIN' }));
app.get('/api/thrown', () => {
  throw new Error('boom');
});
app.get('/assets/app.js', (c) => c.body('console.log(1)', 200, { 'Content-Type': 'text/javascript' }));
app.get('/page', (c) => c.html('<p>hi</p>'));
// A chat-sized answer, one past the event loop's bound, a small one with a cookie, one with a strong
// ETag and one that asks not to be transformed (json-compression.ts).
const rows = (count: number) => Array.from({ length: count }, (_, i) => ({ id: i, content: `Message ${i} about the visit, é ✓` }));
app.get('/api/chat', (c) => c.json({ messages: rows(200) }));
app.get('/api/huge', (c) => c.json({ messages: rows(Math.ceil(COMPRESS_SYNC_MAX_BYTES / 30)) }));
app.get('/api/small', (c) => {
  c.header('Set-Cookie', 'session=abc; HttpOnly', { append: true });
  return c.json({ ok: true });
});
app.get('/api/tagged', (c) => c.json({ messages: rows(100) }, 200, { ETag: '"v1"' }));
app.get('/api/raw', (c) => c.json({ messages: rows(100) }, 200, { 'Cache-Control': 'no-transform' }));

let server: ServerType;
let port: number;
beforeAll(async () => {
  server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

// Per request or per transport; and over HTTP the adapter gives a body without a type text/plain,
// and Vary: Accept-Encoding is on every API answer (json-compression.ts), JSON or not.
const VARYING = new Set(['date', 'connection', 'keep-alive', 'x-request-id', 'content-length', 'transfer-encoding', 'content-type', 'vary']);

function fetchOverHttp(path: string, headers: Record<string, string> = {}): Promise<{ headers: Record<string, string>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ headers: Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, String(v)])), body: Buffer.concat(chunks) }),
      );
    })
      .on('error', reject)
      .end();
  });
}

const overHttp = async (path: string) => (await fetchOverHttp(path)).headers;

async function inProcess(path: string): Promise<Record<string, string>> {
  const response = await app.request(`https://example.com${path}`);
  return Object.fromEntries([...response.headers].map(([k, v]) => [k.toLowerCase(), v]));
}

const comparable = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !VARYING.has(name)).sort(([a], [b]) => a.localeCompare(b)));

describe('headers written straight onto the Node response', () => {
  it.each(['/api/json', '/api/own', '/api/thrown', '/assets/app.js', '/page'])('are the same over HTTP as in process: %s', async (path) => {
    const http = await overHttp(path);
    expect(comparable(http)).toEqual(comparable(await inProcess(path)));
    expect(http['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("keep a handler's own stricter value, and leave document-only headers off built scripts", async () => {
    const own = await overHttp('/api/own');
    expect(own['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(own['x-frame-options']).toBe('SAMEORIGIN');
    const json = await overHttp('/api/json');
    expect(json['content-security-policy']).toContain("default-src 'self'");
    expect(json['strict-transport-security']).toBeTruthy();
    expect(json['vary']).toBe('Accept-Encoding');
    expect((await inProcess('/api/json'))['vary']).toBe('Accept-Encoding');
    const script = await overHttp('/assets/app.js');
    for (const name of DOCUMENT_ONLY_HEADERS) expect(script[name.toLowerCase()]).toBeUndefined();
    expect(script['x-content-type-options']).toBe('nosniff');
  });
});

describe('JSON answers gzipped over HTTP (json-compression.ts)', () => {
  const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

  it("take the adapter's unread text, so the answer is never read back through a web stream", () => {
    // serve() put @hono/node-server's Response in place: the record the fast path reads must be there.
    expect(unreadTextBody(new Response('{"ok":true}'))).toBe('{"ok":true}');
    expect(unreadTextBody(new Response(new Uint8Array([1])))).toBeUndefined();
  });

  it.each(['/api/chat', '/api/huge'])('gzip %s for a browser, whole and with its length, and not for a client without gzip', async (path) => {
    const zipped = await fetchOverHttp(path, BROWSER);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['vary']).toBe('Accept-Encoding');
    expect(Number(zipped.headers['content-length'])).toBe(zipped.body.length);
    const plain = await fetchOverHttp(path);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gunzipSync(zipped.body).toString()).toBe(plain.body.toString());
    expect(zipped.body.length).toBeLessThan(plain.body.length / 4);
  });

  it('send a small answer as it is, with its cookie', async () => {
    const small = await fetchOverHttp('/api/small', BROWSER);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers['vary']).toBe('Accept-Encoding');
    expect(small.headers['set-cookie']).toContain('session=abc');
    expect(JSON.parse(small.body.toString())).toEqual({ ok: true });
  });

  it('weaken a strong ETag and leave an answer marked no-transform alone', async () => {
    const tagged = await fetchOverHttp('/api/tagged', BROWSER);
    expect(tagged.headers['content-encoding']).toBe('gzip');
    expect(tagged.headers['etag']).toBe('W/"v1"');
    const raw = await fetchOverHttp('/api/raw', BROWSER);
    expect(raw.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(raw.body.toString()).messages).toHaveLength(100);
  });
});
