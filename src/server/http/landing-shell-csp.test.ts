import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { landingShell } from '../../../scripts/build/landing-shell';
import { withPageShell } from '@shared/landing-shell';
import { loadEnv } from '../env';
import { securityHeaders } from './security-headers';
import { Hono } from 'hono';

/** Every inline <script> of the built index.html must be allowed by the CSP, or the browser skips it. */
describe('index.html inline scripts and the CSP', () => {
  it('allows the landing shell script by its hash, and nothing inline besides', async () => {
    const source = readFileSync(new URL('../../web/index.html', import.meta.url), 'utf8');
    const transform = landingShell().transformIndexHtml as (html: string) => string;
    const built = transform(source);
    const inline = [...built.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]);
    expect(inline).toHaveLength(1);

    const app = new Hono();
    app.use('*', securityHeaders({ env: loadEnv({}), publicUrl: 'http://localhost:3000' }));
    app.get('/', (c) => c.text('ok'));
    const csp = (await app.request('/')).headers.get('content-security-policy') ?? '';
    const scriptSrc = csp.split(';').find((part) => part.trim().startsWith('script-src')) ?? '';
    for (const script of inline) {
      expect(scriptSrc).toContain(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
    }
    expect(scriptSrc).not.toContain("'unsafe-inline'");
  });

  it("puts a page's own shell in place of the whole landing block, its script included (decision 0404)", () => {
    const source = readFileSync(new URL('../../web/index.html', import.meta.url), 'utf8');
    const built = (landingShell().transformIndexHtml as (html: string) => string)(source);
    const page = withPageShell(built, '<p>Ana Ruiz</p>');
    expect(page).not.toBe(built);
    expect(page).toContain('<div id="page-shell" aria-hidden="true"><p>Ana Ruiz</p></div>');
    expect(page).not.toContain('landing-shell');
    expect(page).not.toMatch(/<script>/);
    // The rest of the document is untouched: the React root and the entry script are still there.
    expect(page).toContain('<div id="root">');
    expect(page.replace(/<div id="page-shell"[\s\S]*?<div id="root">/, '')).toBe(
      built.replace(/<!--static-shell-->[\s\S]*?<div id="root">/, ''),
    );
  });
});
