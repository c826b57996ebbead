import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessageDto } from '@shared/schemas/chat.schemas';
import { startS3StandIn, type S3StandIn } from '../test/s3-stand-in';
import { castOf, createTasksTestApp, evidenceForm, imageFile, okJson, taskAt, type Cast, type TasksTestApp } from '../modules/tasks/tasks.test-helpers';
import { jpegWithExif } from '../test/exif-jpeg';

/**
 * Files from the bucket (decision 0434): with S3 the server checks who asks, then answers 302 to a
 * short-lived presigned URL that the bucket (here the S3 stand-in, which checks SigV4 and expiry)
 * serves; anyone the route refuses gets its refusal and no URL.
 */
let s3: S3StandIn;
let h: TasksTestApp;
let cast: Cast;
beforeAll(async () => {
  s3 = await startS3StandIn();
  h = await createTasksTestApp({
    env: { S3_BUCKET: s3.bucket, S3_ENDPOINT: s3.endpoint, S3_ACCESS_KEY_ID: s3.accessKeyId, S3_SECRET_ACCESS_KEY: s3.secretAccessKey },
  });
  cast = await castOf(h);
});
afterAll(async () => {
  await h?.close();
  await s3?.close();
});

const bucketUrl = (response: Response) => {
  expect(response.status).toBe(302);
  const location = response.headers.get('location')!;
  expect(location.startsWith(`${s3.endpoint}/${s3.bucket}/`)).toBe(true);
  expect(new URL(location).searchParams.get('X-Amz-Expires')).toBe('60');
  expect(response.headers.get('cache-control')).toBe('private, no-store');
  return location;
};

describe('files served by the bucket', () => {
  it('a chat file: the parties are redirected to a URL the bucket accepts; others are refused before any redirect', async () => {
    const taskId = (await taskAt(h, cast, 'in_progress', { rival: true })).task.id;
    const form = new FormData();
    form.set('file', imageFile('front door.png'));
    const { message } = await okJson<{ message: ChatMessageDto }>(
      await h.request('POST', `/api/tasks/${taskId}/messages/attachments`, { body: form, cookie: cast.expert.cookie }),
      201,
    );
    const stored = await h.providers.storage.get(s3.objectKeys().find((key) => key.includes(taskId))!);
    for (const user of [cast.client, cast.admin]) {
      const location = bucketUrl(await h.request('GET', message.attachment_url!, { cookie: user.cookie }));
      const file = await fetch(location);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/png');
      expect(file.headers.get('content-disposition')).toMatch(/^inline; filename="front_door.png"/);
      expect(new Uint8Array(await file.arrayBuffer())).toEqual(stored!.bytes);
    }
    for (const [user, status] of [
      [cast.otherExpert, 403],
      [cast.otherClient, 404],
    ] as const) {
      const refused = await h.request('GET', message.attachment_url!, { cookie: user.cookie });
      expect(refused.status).toBe(status);
      expect(refused.headers.get('location')).toBeNull();
    }
    // A URL tampered with (another key) is refused by the bucket.
    const location = new URL(bucketUrl(await h.request('GET', message.attachment_url!, { cookie: cast.client.cookie })));
    location.pathname = `${location.pathname}x`;
    expect((await fetch(location)).status).toBe(403);
  });

  it('a data export: the owner downloads it from the bucket; another user is refused before any redirect', async () => {
    const owner = await h.createUser('client');
    expect((await h.request('POST', '/api/account/exports', { cookie: owner.cookie })).status).toBe(202);
    await h.context.jobs.runDue();
    const { exports } = await h.json<{ exports: { download_url: string | null }[] }>(
      await h.request('GET', '/api/account/exports', { cookie: owner.cookie }),
    );
    const url = exports[0]!.download_url!;
    const refused = await h.request('GET', url, { cookie: cast.client.cookie });
    expect(refused.status).toBe(404);
    expect(refused.headers.get('location')).toBeNull();
    const file = await fetch(bucketUrl(await h.request('GET', url, { cookie: owner.cookie })));
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.zip"/);
    // A zip archive.
    expect([...new Uint8Array(await file.arrayBuffer()).subarray(0, 2)]).toEqual([0x50, 0x4b]);
  });

  it('an inspection report: the client reads it from the bucket; another client is refused before any redirect', async () => {
    const taskId = (await taskAt(h, cast, 'verified')).task.id;
    const refused = await h.request('GET', `/api/tasks/${taskId}/report`, { cookie: cast.otherClient.cookie });
    expect([403, 404]).toContain(refused.status);
    expect(refused.headers.get('location')).toBeNull();
    const file = await fetch(bucketUrl(await h.request('GET', `/api/tasks/${taskId}/report`, { cookie: cast.client.cookie })));
    expect(file.status).toBe(200);
    expect(new TextDecoder().decode(new Uint8Array(await file.arrayBuffer()).subarray(0, 5))).toBe('%PDF-');
  });

  it('an evidence photo: an admin gets the original from the bucket, a party its copy without EXIF from the bucket too', async () => {
    const taskId = (await taskAt(h, cast, 'in_progress')).task.id;
    const photo = jpegWithExif({ latitude: 40.75, longitude: -73.99, make: 'Acme', serial: 'SN-42', seed: 'bucket' });
    const form = evidenceForm('Photos of every side attached.', [new File([photo as Uint8Array<ArrayBuffer>], 'photo.jpg', { type: 'image/jpeg' })]);
    await okJson(await h.request('POST', `/api/tasks/${taskId}/evidence`, { body: form, cookie: cast.expert.cookie }));
    const bytesOf = async (response: Response) => {
      const file = await fetch(bucketUrl(response));
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/jpeg');
      return Buffer.from(await file.arrayBuffer());
    };
    const original = await bytesOf(await h.request('GET', `/api/tasks/${taskId}/evidence/0`, { cookie: cast.admin.cookie }));
    expect(original.equals(Buffer.from(photo))).toBe(true);
    // The party's copy: a JPEG without the serial number or the position, served by the bucket.
    const first = await h.request('GET', `/api/tasks/${taskId}/evidence/0`, { cookie: cast.client.cookie });
    expect(new URL(first.headers.get('location')!).pathname).toMatch(/\.no-exif\.jpg$/);
    const copy = await bytesOf(first);
    expect(copy.subarray(0, 2).toString('hex')).toBe('ffd8');
    expect(copy.includes('SN-42')).toBe(false);
    expect(copy.length).toBeLessThan(original.length);
    // Written once: the next view is a redirect to the same copy.
    const again = await h.request('GET', `/api/tasks/${taskId}/evidence/0`, { cookie: cast.expert.cookie });
    expect(new URL(again.headers.get('location')!).pathname).toBe(new URL(first.headers.get('location')!).pathname);
    const refused = await h.request('GET', `/api/tasks/${taskId}/evidence/0`, { cookie: cast.otherClient.cookie });
    expect(refused.status).toBeGreaterThanOrEqual(403);
    expect(refused.headers.get('location')).toBeNull();
  });
});
