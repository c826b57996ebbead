import { randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { createApp } from '../../app';
import { expertProfiles, profiles } from '../../db/schema';
import { LANDING_SHELL_SCRIPT } from '@shared/landing-shell';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';
import { BUILT_INDEX_HTML, createAppWithWebRoot } from '../../test/web-root';

let t: TestApp;
let removeWebRoot: () => void;
let app: ReturnType<typeof createApp>;
let expert: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  expert = await t.createUser('expert', { firstName: 'Morgan' });
  await t.db.update(profiles).set({ last_name: '<b>Lee</b>' }).where(eq(profiles.id, expert.id));
  await t.db
    .update(expertProfiles)
    .set({
      bio: 'Ten years of <script>alert(1)</script> home inspections in "Austin".',
      location: 'Austin, TX',
    })
    .where(eq(expertProfiles.id, expert.id));
  ({ app, remove: removeWebRoot } = createAppWithWebRoot(t));
});
afterAll(async () => {
  removeWebRoot();
  await t.close();
});

const get = (path: string) => app.request(`${TEST_ORIGIN}${path}`);

describe('GET /expert/:id (the public profile as a document)', () => {
  it("carries the expert's name, place and bio, escaped, in place of the landing hero and its script", async () => {
    const response = await get(`/expert/${expert.id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const html = await response.text();
    expect(html).toContain('<div id="page-shell" aria-hidden="true">');
    expect(html).toContain('Morgan &lt;b&gt;Lee&lt;/b&gt;');
    expect(html).toContain('Austin, TX');
    expect(html).toContain(
      'Ten years of &lt;script&gt;alert(1)&lt;/script&gt; home inspections in &quot;Austin&quot;.',
    );
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('landing-shell');
    expect(html).not.toContain(LANDING_SHELL_SCRIPT);
    // The rest of the document is the build's: the React root and its splash follow the shell.
    expect(html).toContain(
      '<style>#page-shell~#root{display:none}</style><div id="root"><p>splash</p></div>',
    );
  });

  it('is gzipped for a browser, the same document with the same headers', async () => {
    const path = `${TEST_ORIGIN}/expert/${expert.id}`;
    const zipped = await app.request(path, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('cache-control')).toBe('no-cache');
    expect(zipped.headers.get('vary')).toContain('Accept-Encoding');
    const html = gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString();
    expect(html).toBe(await (await get(`/expert/${expert.id}`)).text());
  });

  it('is the plain index.html for an unknown expert and for an id that is not one', async () => {
    for (const path of [`/expert/${randomUUID()}`, '/expert/not-an-id', "/expert/1'%20or%201=1"]) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      expect(html, path).toBe(BUILT_INDEX_HTML);
    }
  });

  it('leaves every other page as the plain index.html', async () => {
    for (const path of ['/', '/dashboard', `/task/${randomUUID()}`]) {
      expect(await (await get(path)).text(), path).toBe(BUILT_INDEX_HTML);
    }
  });
});
