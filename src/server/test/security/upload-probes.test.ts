import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VideoUploadDto } from '@shared/schemas/video-uploads.schemas';
import { expertProfiles, tasks, videoUploads } from '../../db/schema';
import { USER_FILE_CSP } from '../../http/user-file';
import { createTaskAt, PNG_BYTES } from '../builders';
import { createTestApp, type TestApp, type TestUser } from '../test-app';
import { mp4Sample } from '../video-sample';

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

describe('video evidence (resumable uploads)', () => {
  const MP4 = mp4Sample({ bytes: 3000, seed: 'probe' });
  const QUICKTIME = bytesOf(new Uint8Array([0, 0, 0, 20]), 'ftypqt  ', new Uint8Array(2000));
  const MATROSKA = bytesOf(new Uint8Array([0x1a, 0x45, 0xdf, 0xa3]), 'B\x82\x88matroska', new Uint8Array(2000));
  async function videoTask() {
    const task = await createTaskAt(t.db, { status: 'in_progress', clientId: client.id, expertId: expert.id });
    await t.db.update(tasks).set({ checklist: [{ id: 'clip', label: 'Clip', kind: 'video', required: true }] }).where(eq(tasks.id, task.id));
    return task;
  }
  async function start(taskId: string, fileName: string, size: number, user = expert) {
    const res = await t.request('POST', `/api/tasks/${taskId}/video-uploads`, { body: { item_id: 'clip', file_name: fileName, size }, cookie: user.cookie });
    return { status: res.status, upload: res.status === 201 ? ((await res.json()) as { upload: VideoUploadDto }).upload : null };
  }
  const part = (id: string, n: number, bytes: Uint8Array<ArrayBuffer>, user = expert) => {
    const form = new FormData();
    form.append('part', new File([bytes], 'x.mp4', { type: 'video/mp4' }));
    return t.request('POST', `/api/video-uploads/${id}/parts/${n}`, { body: form, cookie: user.cookie });
  };

  it('checks the container by content: HTML, SVG, Matroska and a MOV or MP4 under the wrong name are refused', async () => {
    const task = await videoTask();
    for (const [name, bytes] of [
      ['clip.mp4', HTML],
      ['clip.webm', SVG],
      ['clip.webm', MATROSKA],
      ['clip.webm', bytesOf(MP4)],
      ['clip.mp4', QUICKTIME],
    ] as const) {
      const { upload } = await start(task.id, name, bytes.length);
      expect((await part(upload!.id, 1, bytes)).status).toBe(400);
    }
    expect((await start(task.id, 'clip.html', 100)).status).toBe(400);
  });

  it('refuses multipart abuse: overlapping or out-of-range parts, parts after completion, another user\'s upload', async () => {
    const task = await videoTask();
    const { upload } = await start(task.id, '../../../etc/evil name.mp4', MP4.length);
    const [row] = await t.db.select().from(videoUploads).where(eq(videoUploads.id, upload!.id));
    expect(row!.storage_key).toMatch(new RegExp(`^evidence/${task.id}/\\d+_v-[0-9a-f]{8}-evil_name\\.mp4$`));
    expect((await part(upload!.id, 1, bytesOf(MP4, new Uint8Array(10)))).status).toBe(400); // spills into a next part
    expect((await part(upload!.id, 2, bytesOf(MP4))).status).toBe(400);
    expect((await part(upload!.id, 1, bytesOf(MP4), client)).status).toBe(404);
    expect((await part(upload!.id, 1, bytesOf(MP4))).status).toBe(200);
    expect((await t.request('POST', `/api/video-uploads/${upload!.id}/complete`, { cookie: expert.cookie })).status).toBe(200);
    expect((await part(upload!.id, 1, bytesOf(MP4))).status).toBe(409);
  });
});
