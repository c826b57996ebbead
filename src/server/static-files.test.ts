import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from '../../scripts/build/precompress';
import { createApp } from './app';
import { DOCUMENT_ONLY_HEADERS } from './http/security-headers';
import { createTestApp, TEST_ORIGIN, type TestApp } from './test/test-app';

let t: TestApp;
let webRoot: string;
let app: ReturnType<typeof createApp>;
const script = `export const answer = ${JSON.stringify('x'.repeat(4000))};\n`;

beforeAll(async () => {
  t = await createTestApp();
  webRoot = mkdtempSync(join(tmpdir(), 'web-root-'));
  mkdirSync(join(webRoot, 'assets'));
  writeFileSync(join(webRoot, 'index.html'), `<!doctype html><title>t</title>${'<!-- pad -->'.repeat(200)}`);
  writeFileSync(join(webRoot, 'assets', 'index-abc123.js'), script);
  writeFileSync(join(webRoot, 'assets', 'index-abc123.css'), 'body{margin:0}');
  writeFileSync(join(webRoot, 'assets', 'logo-abc123.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  precompressDirectory(webRoot);
  app = createApp({ ...t.context, webRoot });
});
afterAll(async () => {
  rmSync(webRoot, { recursive: true, force: true });
  await t.close();
});

const get = (path: string, headers: Record<string, string> = {}) => app.request(`${TEST_ORIGIN}${path}`, { headers });

describe('static files', () => {
  it('serves hashed assets precompressed (brotli first, then gzip) and immutable', async () => {
    const brotli = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.status).toBe(200);
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers.get('vary')).toContain('Accept-Encoding');
    expect(brotli.headers.get('content-type')).toMatch(/javascript/);
    const gzip = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(script);
    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(script);
  });

  it('revalidates index.html (no-cache with an ETag, 304 when unchanged), also as the SPA fallback', async () => {
    for (const path of ['/', '/tasks/some-page']) {
      const first = await get(path, { 'accept-encoding': 'br' });
      expect(first.status).toBe(200);
      expect(first.headers.get('cache-control')).toBe('no-cache');
      const etag = first.headers.get('etag');
      expect(etag).toBeTruthy();
      const again = await get(path, { 'accept-encoding': 'br', 'if-none-match': etag! });
      expect(again.status).toBe(304);
    }
  });

  it('sends index.html in the encoding the browser takes, each with its own ETag', async () => {
    const html = `<!doctype html><title>t</title>${'<!-- pad -->'.repeat(200)}`;
    const brotli = await get('/tasks/new', { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    const gzip = await get('/', { 'accept-encoding': 'gzip' });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(html);
    const refused = await get('/', { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers.get('content-encoding')).toBeNull();
    expect(await refused.text()).toBe(html);
    for (const response of [brotli, gzip, refused]) {
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('vary')).toContain('Accept-Encoding');
    }
    const etags = new Set([brotli, gzip, refused].map((response) => response.headers.get('etag')));
    expect(etags.size).toBe(3);
    // A weak validator of the same representation still matches (what a proxy that re-encodes sends back).
    const weak = await get('/', { 'accept-encoding': 'gzip', 'if-none-match': `W/${gzip.headers.get('etag')}` });
    expect(weak.status).toBe(304);
    // Another encoding's ETag does not.
    const other = await get('/', { 'accept-encoding': 'gzip', 'if-none-match': brotli.headers.get('etag')! });
    expect(other.status).toBe(200);
  });

  it('sends built scripts and stylesheets without the document-only headers, and everything else with them', async () => {
    for (const path of ['/assets/index-abc123.js', '/assets/index-abc123.css']) {
      const response = await get(path, { 'accept-encoding': 'br' });
      expect(response.status).toBe(200);
      for (const name of DOCUMENT_ONLY_HEADERS) expect(response.headers.get(name), `${path} ${name}`).toBeNull();
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
    // A document, an SVG (which can run script when opened), and the SPA page answering a missing asset.
    for (const path of ['/', '/assets/logo-abc123.svg', '/assets/missing-000000.js']) {
      const response = await get(path);
      expect(response.headers.get('content-security-policy'), path).toContain("default-src 'self'");
      expect(response.headers.get('x-frame-options'), path).toBe('DENY');
    }
  });

  it('keeps unknown API paths as JSON 404s, not the SPA', async () => {
    const response = await get('/api/no-such-thing');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/json/);
  });
});
