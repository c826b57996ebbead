import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../env';
import { extraTrustedOriginsOf, VITE_DEV_ORIGIN } from '../server-context';
import { createClientIpResolver } from './client-ip';
import { handleError } from './errors';
import { originCheck } from './origin-check';
import { securityHeaders, tileSourceOf } from './security-headers';
import { contentDisposition, USER_FILE_CSP, userFileHeaders } from './user-file';

describe('ALLOWED_ORIGINS and the origin check', () => {
  it('accepts the configured extra origins (a native app) and the Vite dev server outside production only', async () => {
    const env = loadEnv({ NODE_ENV: 'development', ALLOWED_ORIGINS: 'https://app.example.com, capacitor://localhost' });
    expect(extraTrustedOriginsOf(env)).toEqual(['https://app.example.com', 'capacitor://localhost', VITE_DEV_ORIGIN]);
    const production = loadEnv({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32), PUBLIC_URL: 'https://example.com' });
    expect(extraTrustedOriginsOf(production)).toEqual([]);

    const app = new Hono().onError(handleError);
    app.use('*', originCheck({ allowedOrigins: ['https://example.com', ...extraTrustedOriginsOf(env)] }));
    app.post('*', (c) => c.json({ ok: true }));
    const post = (origin: string) => app.request('https://example.com/api/x', { method: 'POST', headers: { origin } });
    expect((await post('https://app.example.com')).status).toBe(200);
    expect((await post('https://APP.example.com/')).status).toBe(200);
    expect((await post(VITE_DEV_ORIGIN)).status).toBe(200);
    expect((await post('https://example.com')).status).toBe(200);
    expect((await post('https://example.com.evil.test')).status).toBe(403);
    expect((await post('http://example.com')).status).toBe(403); // another scheme is another origin
  });

  it('refuses malformed settings at boot', () => {
    expect(() => loadEnv({ ALLOWED_ORIGINS: 'https://app.example.com/path' })).toThrow(/ALLOWED_ORIGINS/);
    expect(() => loadEnv({ TRUSTED_PROXIES: '10.0.0.0/99' })).toThrow(/TRUSTED_PROXIES/);
    expect(() => loadEnv({ TRUSTED_PROXIES: 'proxy.internal' })).toThrow(/TRUSTED_PROXIES/);
    expect(loadEnv({ TRUSTED_PROXIES: '10.0.0.0/8,::1' }).TRUSTED_PROXIES).toEqual(['10.0.0.0/8', '::1']);
  });
});

describe('the client address', () => {
  const resolve = async (trusted: string[], socket: string, forwarded?: string) => {
    const app = new Hono();
    const ipOf = createClientIpResolver(trusted);
    app.get('*', (c) => c.text(ipOf(c) ?? 'none'));
    const headers: Record<string, string> = forwarded ? { 'x-forwarded-for': forwarded } : {};
    const response = await app.request('http://x/', { headers }, { incoming: { socket: { remoteAddress: socket } } });
    return response.text();
  };

  it('is the socket peer, whatever X-Forwarded-For says, when no proxy is trusted', async () => {
    expect(await resolve([], '203.0.113.9', '1.2.3.4')).toBe('203.0.113.9');
    expect(await resolve([], '::ffff:203.0.113.9')).toBe('203.0.113.9');
  });

  it('is read from X-Forwarded-For only when the socket peer is a trusted proxy, right to left', async () => {
    expect(await resolve(['10.0.0.0/8'], '10.0.0.2', '1.2.3.4, 198.51.100.7, 10.0.0.3')).toBe('198.51.100.7');
    expect(await resolve(['10.0.0.0/8'], '203.0.113.9', '198.51.100.7')).toBe('203.0.113.9');
    expect(await resolve(['10.0.0.0/8'], '10.0.0.2', 'garbage')).toBe('10.0.0.2');
  });
});

describe('security headers', () => {
  const headersOf = async (env: Record<string, string>) => {
    const app = new Hono();
    app.use('*', securityHeaders({ env: loadEnv(env), publicUrl: 'https://market.example.com' }));
    app.get('*', (c) => c.text('ok'));
    return (await app.request('https://market.example.com/')).headers;
  };

  it('add HSTS in production, wss: for the own socket, and the configured map tile host', async () => {
    const headers = await headersOf({
      NODE_ENV: 'production',
      AUTH_SECRET: 'x'.repeat(32),
      PUBLIC_URL: 'https://market.example.com',
      MAP_TILE_URL: 'https://{s}.tile.example.org/{z}/{x}/{y}.png',
    });
    expect(headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    const csp = headers.get('content-security-policy') ?? '';
    expect(csp).toContain('wss://market.example.com');
    expect(csp).toContain('https://*.tile.example.org');
    expect(tileSourceOf('javascript:alert(1)')).toBeNull();
  });

  it("let a chosen video's poster frame and preview play from a blob: URL, and nothing else (issue 52)", async () => {
    const csp = (await headersOf({})).get('content-security-policy') ?? '';
    const directive = (name: string) =>
      csp
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .find(([key]) => key === name)
        ?.slice(1);
    expect(directive('media-src')).toEqual(["'self'", 'blob:']);
    expect(directive('img-src')).toContain('blob:');
    expect(directive('default-src')).toEqual(["'self'"]);
  });

  it('give user files a sandboxing CSP, nosniff, and documents as attachments with a safe name', () => {
    const headers = userFileHeaders(
      { bytes: new Uint8Array(), contentType: 'application/pdf', fileName: '../"evil"\r\n.pdf' },
      { disposition: 'attachment', cache: 'private' },
    );
    expect(headers['Content-Security-Policy']).toBe(USER_FILE_CSP);
    expect(USER_FILE_CSP).toBe("default-src 'none'; sandbox");
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
    expect(headers['Content-Disposition']).toMatch(/^attachment; filename="_evil___\.pdf"; filename\*=UTF-8''/);
    expect(headers['Content-Disposition']).not.toMatch(/[\r\n]/);
    expect(contentDisposition('inline', undefined)).toBe('inline');
  });
});
