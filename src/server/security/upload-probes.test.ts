import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expertProfiles } from '../db/schema';
import { USER_FILE_CSP } from '../http/user-file';
import { createTaskAt, PNG_BYTES } from '../test/builders';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app';

/**
 * Hostile uploads: polyglots, lying extensions, oversize files and traversal names. Whatever is
 * accepted comes back as the type its bytes prove, sandboxed, never sniffed, never from a path the
 * name chose.
 */
let t: TestApp;
let client: TestUser;
let expert: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  [client, expert] = await Promise.all([t.createUser('client'), t.createUser('expert')]);
});
afterAll(async () => {
  await t.close();
});

const bytesOf = (...parts: (Uint8Array | string)[]): Uint8Array<ArrayBuffer> => {
  const chunks = parts.map((part) => (typeof part === 'string' ? new TextEncoder().encode(part) : part));
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
};

const PNG_HTML_POLYGLOT = bytesOf(PNG_BYTES, '<html><body><script>alert(document.cookie)</script></body></html>');
const GIF_JS_POLYGLOT = bytesOf('GIF89a/*', new Uint8Array(10), '*/=alert(1);//');
const HTML = bytesOf('<!doctype html><script>alert(1)</script>');
const SVG = bytesOf('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

function expectSafeFileHeaders(response: Response, contentType: string) {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe(contentType);
  expect(response.headers.get('content-security-policy')).toBe(USER_FILE_CSP);
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
}

async function uploadAvatar(bytes: Uint8Array<ArrayBuffer>, name: string, type = 'image/png') {
  const form = new FormData();
  form.append('avatar', new File([bytes], name, { type }));
  return t.request('POST', '/api/me/avatar', { body: form, cookie: client.cookie });
}

describe('avatars (public files)', () => {
  it.each([
    ['a PNG/HTML polyglot', PNG_HTML_POLYGLOT, 'photo.png'],
    ['a PNG named .html', PNG_BYTES, 'evil.html'],
    ['a traversal name', PNG_BYTES, '../../../../etc/passwd.png'],
    ['a Windows traversal name', PNG_BYTES, '..\\..\\boot.ini.png'],
    ['a name with quotes and a newline', PNG_BYTES, 'a"b\r\nSet-Cookie: x=1.png'],
  ])('%s is stored under the user, renamed to what its bytes are, and served sandboxed', async (_name, bytes, fileName) => {
    const response = await uploadAvatar(bytes, fileName, 'text/html');
    expect(response.status).toBe(200);
    const { avatar_url } = (await response.json()) as { avatar_url: string };
    const path = new URL(avatar_url, 'http://x').pathname;
    expect(path.startsWith(`/api/avatars/${client.id}/`)).toBe(true);
    expect(path).toMatch(/\.png$/);
    expect(path).not.toMatch(/\.\.|%2e%2e|\\|%0d|%0a/i);
    const served = await t.request('GET', path);
    expectSafeFileHeaders(served, 'image/png');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
  });

  it.each([
    ['HTML named .png', HTML, 'photo.png', 415],
    ['an SVG with a script', SVG, 'logo.svg', 415],
    ['a file over 5 MB', bytesOf(PNG_BYTES, new Uint8Array(5 * 1024 * 1024)), 'big.png', 413],
  ])('%s is refused', async (_name, bytes, fileName, status) => {
    expect((await uploadAvatar(bytes, fileName)).status).toBe(status);
  });

  it('cannot be read through a traversal path', async () => {
    for (const path of [`/api/avatars/${client.id}/..%2F..%2F.meta`, '/api/avatars/..%2F..%2Fdb/x', `/api/avatars/${client.id}/%2e%2e`]) {
      expect((await t.request('GET', path)).status, path).toBe(404);
    }
  });
});

describe('evidence photos (private files)', () => {
  it('a GIF/JavaScript polyglot and a traversal name come back sandboxed as images, under the task', async () => {
    const task = await createTaskAt(t.db, { status: 'in_progress', clientId: client.id, expertId: expert.id });
    const form = new FormData();
    form.set('completion_notes', 'All done: photos of every side attached.');
    form.append('files', new File([GIF_JS_POLYGLOT], '../../x.js', { type: 'application/javascript' }));
    form.append('files', new File([PNG_HTML_POLYGLOT], 'index.html', { type: 'text/html' }));
    const response = await t.request('POST', `/api/tasks/${task.id}/evidence`, { body: form, cookie: expert.cookie });
    expect(response.status).toBe(200);
    expectSafeFileHeaders(await t.request('GET', `/api/tasks/${task.id}/evidence/0`, { cookie: client.cookie }), 'image/gif');
    expectSafeFileHeaders(await t.request('GET', `/api/tasks/${task.id}/evidence/1`, { cookie: client.cookie }), 'image/png');
  });

  it('refuses HTML dressed as a photo, and a photo over 5 MB', async () => {
    const task = await createTaskAt(t.db, { status: 'in_progress', clientId: client.id, expertId: expert.id });
    for (const file of [
      new File([HTML], 'photo.jpg', { type: 'image/jpeg' }),
      new File([bytesOf(PNG_BYTES, new Uint8Array(5 * 1024 * 1024))], 'big.png', { type: 'image/png' }),
    ]) {
      const form = new FormData();
      form.set('completion_notes', 'All done: photos of every side attached.');
      form.append('files', file);
      expect((await t.request('POST', `/api/tasks/${task.id}/evidence`, { body: form, cookie: expert.cookie })).status).toBe(400);
    }
  });
});

describe('identity documents', () => {
  it('are always downloaded as attachments, sandboxed, with a header-safe name', async () => {
    const key = `verification_docs/${expert.id}/20260101T000000000Z_id.pdf`;
    await t.providers.storage.put(key, bytesOf('%PDF-1.7\n<script>app.alert(1)</script>'), { contentType: 'application/pdf' });
    await t.db.update(expertProfiles).set({ document_url: key }).where(eq(expertProfiles.id, expert.id));
    const response = await t.request('GET', `/api/experts/${expert.id}/document`, { cookie: expert.cookie });
    expectSafeFileHeaders(response, 'application/pdf');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="[^"\r\n]+"/);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
  });
});
