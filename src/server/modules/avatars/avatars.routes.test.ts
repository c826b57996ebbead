import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AvatarUploadResponse } from '@shared/schemas/expert-onboarding.schemas';
import { profiles } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { fileOf, FILE_BYTES } from '../experts/experts.test-helpers';
import { avatarKeyOf } from './avatars.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type ErrorBody = { error: { code: string; message: string } };

function avatarForm(file?: File) {
  const form = new FormData();
  if (file) form.set('avatar', file);
  return form;
}
const upload = (cookie: string | undefined, file?: File) =>
  t.request('POST', '/api/me/avatar', { body: avatarForm(file), cookie });

describe('POST /api/me/avatar', () => {
  it.each([
    ['png', 'me.png', 'image/png'],
    ['jpeg', 'me.jpeg', 'image/jpeg'],
    ['webp', 'me.webp', 'image/webp'],
  ] as const)('stores a %s picture and serves it publicly', async (kind, name, contentType) => {
    const user = await t.createUser('client');
    const response = await upload(user.cookie, fileOf(kind, name));
    expect(response.status).toBe(200);
    const { avatar_url } = await t.json<AvatarUploadResponse>(response);
    expect(avatar_url).toMatch(new RegExp(`^/api/avatars/${user.id}/\\d+_me\\.(png|jpg|webp)$`));
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(profile.avatar_url).toBe(avatar_url);

    // No cookie: avatars are public.
    const served = await t.request('GET', avatar_url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe(contentType);
    expect(served.headers.get('cache-control')).toContain('public');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(FILE_BYTES[kind]);
  });

  it('replaces the previous picture and removes its file', async () => {
    const user = await t.createUser('client');
    const first = (await t.json<AvatarUploadResponse>(await upload(user.cookie, fileOf('png', 'a.png')))).avatar_url;
    t.clock.advance(1000);
    const second = (await t.json<AvatarUploadResponse>(await upload(user.cookie, fileOf('jpeg', 'b.jpg')))).avatar_url;
    expect(second).not.toBe(first);
    expect(await t.providers.storage.get(avatarKeyOf(first)!)).toBeNull();
    expect((await t.request('GET', first)).status).toBe(404);
    expect((await t.request('GET', second)).status).toBe(200);
  });

  it('refuses a signed-out visitor', async () => {
    expect((await upload(undefined, fileOf('png', 'a.png'))).status).toBe(401);
  });

  it('asks for a file when none is sent', async () => {
    const user = await t.createUser('client');
    const response = await upload(user.cookie);
    expect(response.status).toBe(400);
    expect((await t.json<ErrorBody>(response)).error.message).toBe('Please choose an image to upload');
  });

  it('refuses more than 5 MB', async () => {
    const user = await t.createUser('client');
    const response = await upload(user.cookie, fileOf('png', 'big.png', 5 * 1024 * 1024 + 1));
    expect(response.status).toBe(413);
    expect((await t.json<ErrorBody>(response)).error.message).toBe('File is too large. Maximum size is 5MB');
  });

  it.each([
    ['a PDF named .png', fileOf('pdf', 'me.png', undefined, 'image/png')],
    ['a GIF', fileOf('gif', 'me.gif')],
    ['text named .jpg', fileOf('text', 'me.jpg', undefined, 'image/jpeg')],
  ])('judges the type by content: %s is refused', async (_name, file) => {
    const user = await t.createUser('client');
    const response = await upload(user.cookie, file);
    expect(response.status).toBe(415);
    expect((await t.json<ErrorBody>(response)).error.message).toBe(
      'Invalid file type. Please upload a JPG, PNG, or WebP image',
    );
  });
});

describe('GET /api/avatars/:userId/:file', () => {
  it('answers 404 for unknown or malformed paths', async () => {
    expect((await t.request('GET', '/api/avatars/someone/nothing.png')).status).toBe(404);
    expect((await t.request('GET', '/api/avatars/..%2F..%2Fverification_docs/x.pdf')).status).toBe(404);
    expect((await t.request('GET', '/api/avatars/.meta/x.json')).status).toBe(404);
  });
});

describe('avatarKeyOf', () => {
  it('maps only our own avatar URLs to keys', () => {
    expect(avatarKeyOf('/api/avatars/u1/1_me.png')).toBe('avatars/u1/1_me.png');
    expect(avatarKeyOf('https://example.com/me.png')).toBeNull();
    expect(avatarKeyOf('/api/avatars/../x')).toBeNull();
    expect(avatarKeyOf(null)).toBeNull();
  });
});
