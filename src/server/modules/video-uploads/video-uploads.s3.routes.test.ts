import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIDEO_UPLOAD } from '@shared/domain/video-upload';
import type { EvidenceItemsDto } from '@shared/schemas/evidence-trust';
import type { VideoPartTarget, VideoUploadDto } from '@shared/schemas/video-uploads.schemas';
import { plainJpeg } from '../../test/exif-jpeg';
import { startS3StandIn, type S3StandIn } from '../../test/s3-stand-in';
import { mp4Sample } from '../../test/video-sample';
import type { TestUser } from '../../test/test-app';
import { expectError, okJson, taskAt, useTasksTestApp, type Cast, type TasksTestApp } from '../tasks/tasks.test-helpers';
import { sha256Hex } from '../evidence/provenance-reader';

/**
 * Production's path: S3 storage (here a stand-in on loopback), parts PUT by "the browser" straight to
 * presigned URLs, the server completing and checking the content through the same storage interface.
 */
let s3: S3StandIn;
let h: TasksTestApp;
let cast: Cast;
beforeAll(async () => {
  s3 = await startS3StandIn({ now: () => (h ? h.clock.now() : new Date()) });
});
useTasksTestApp((suite) => ({ h, cast } = suite), {
  env: () => ({ S3_BUCKET: s3.bucket, S3_ENDPOINT: s3.endpoint, S3_ACCESS_KEY_ID: s3.accessKeyId, S3_SECRET_ACCESS_KEY: s3.secretAccessKey }),
});
afterAll(async () => {
  await s3.close();
});

const PART = VIDEO_UPLOAD.partBytes;
type Upload = { upload: VideoUploadDto };
const partOf = (bytes: Uint8Array, n: number) => bytes.subarray((n - 1) * PART, n * PART);

async function videoTask() {
  const checklist = [
    { label: 'Kitchen', kind: 'photo', required: true },
    { label: 'Cold start', kind: 'video', required: true },
  ];
  return (await taskAt(h, cast, 'in_progress', { task: { checklist, category: 'vehicle' } })).task;
}
const start = async (taskId: string, bytes: Uint8Array, name = 'start.mp4') =>
  (await okJson<Upload>(await h.request('POST', `/api/tasks/${taskId}/video-uploads`, { body: { item_id: 'cold-start', file_name: name, size: bytes.length }, cookie: cast.expert.cookie }), 201)).upload;
const targetRes = (id: string, n: number, user: TestUser = cast.expert) =>
  h.request('GET', `/api/video-uploads/${id}/parts/${n}/target`, { cookie: user.cookie });
const target = async (id: string, n: number) => (await okJson<{ target: VideoPartTarget }>(await targetRes(id, n))).target;
const status = async (id: string) => (await okJson<Upload>(await h.request('GET', `/api/video-uploads/${id}`, { cookie: cast.expert.cookie }))).upload;
const complete = (id: string) => h.request('POST', `/api/video-uploads/${id}/complete`, { cookie: cast.expert.cookie });

/** What the browser does with a `store` target: PUT the raw bytes, no cookie. */
function putTo(url: string, bytes: Uint8Array) {
  return fetch(url, { method: 'PUT', body: bytes as Uint8Array<ArrayBuffer> });
}

/** A part whose connection drops halfway: Content-Length announces it all, half arrives. */
function interruptedPut(url: string, bytes: Uint8Array) {
  return new Promise<void>((resolve) => {
    const req = httpRequest(url, { method: 'PUT', headers: { 'content-length': String(bytes.length) } });
    req.on('error', () => resolve());
    req.write(bytes.subarray(0, Math.floor(bytes.length / 2)), () => {
      req.destroy();
      setImmediate(resolve);
    });
  });
}

describe('presigned multipart video uploads to S3', () => {
  it('sends parts straight to S3, resumes after an interrupted part, completes with the same checks, and plays by range', async () => {
    const task = await videoTask();
    const video = mp4Sample({ durationSeconds: 9.5, bytes: PART + 4000, seed: 's3-flow' });
    const upload = await start(task.id, video);
    expect(upload).toMatchObject({ part_count: 2, parts_received: [], status: 'open' });

    const first = await target(upload.id, 1);
    expect(first).toMatchObject({ via: 'store', method: 'PUT' });
    if (first.via !== 'store') throw new Error('expected a presigned target');
    expect(first.url.startsWith(`${s3.endpoint}/${s3.bucket}/`)).toBe(true);
    expect(new URL(first.url).searchParams.get('uploadId')).toBeTruthy();
    expect(Date.parse(first.expires_at) - h.clock.now().getTime()).toBe(VIDEO_UPLOAD.partUrlSeconds * 1000);
    expect((await putTo(first.url, partOf(video, 1))).status).toBe(200);

    // Part 2's connection drops: S3 keeps nothing of it, and a reload resumes from part 2.
    const second = await target(upload.id, 2);
    await interruptedPut(second.url, partOf(video, 2));
    expect((await status(upload.id)).parts_received).toEqual([1]);
    expect(await expectError(await complete(upload.id), 409)).toBe('The upload is missing parts. Please resume it.');
    expect((await putTo((await target(upload.id, 2)).url, partOf(video, 2))).status).toBe(200);
    expect((await status(upload.id)).parts_received).toEqual([1, 2]);

    const done = await okJson<Upload>(await complete(upload.id));
    expect(done.upload).toMatchObject({ status: 'complete', content_type: 'video/mp4', sha256: sha256Hex(video), duration_seconds: 9.5 });
    expect(s3.openUploads()).not.toContain(upload.id);

    const form = new FormData();
    form.set('completion_notes', 'Engine started cold.');
    form.append('item.kitchen', new File([plainJpeg('s3k') as Uint8Array<ArrayBuffer>], 'k.jpg', { type: 'image/jpeg' }));
    form.append('item.cold-start', `upload:${upload.id}`);
    await okJson(await h.request('POST', `/api/tasks/${task.id}/evidence`, { body: form, cookie: cast.expert.cookie }));
    const items = await okJson<EvidenceItemsDto>(await h.request('GET', `/api/tasks/${task.id}/evidence-items`, { cookie: cast.client.cookie }));
    const file = items.files.find((entry) => entry.item_id === 'cold-start')!;
    // The server answers with a short-lived bucket URL (decision 0434); the bucket serves the range.
    const redirect = await h.request('GET', `/api/tasks/${task.id}/evidence/${file.index}`, { cookie: cast.client.cookie, headers: { range: 'bytes=10-29' } });
    expect(redirect.status).toBe(302);
    const ranged = await fetch(redirect.headers.get('location')!, { headers: { range: 'bytes=10-29' } });
    expect([ranged.status, ranged.headers.get('content-range')]).toEqual([206, `bytes 10-29/${video.length}`]);
    expect(new Uint8Array(await ranged.arrayBuffer())).toEqual(video.subarray(10, 30));
  });

  it('refuses a part for another user\'s upload, a URL moved to another upload or part, and an expired URL', async () => {
    const task = await videoTask();
    const video = mp4Sample({ bytes: 3000, seed: 's3-abuse' });
    const mine = await start(task.id, video);
    const other = await start(task.id, video, 'other.mp4');
    // Only the uploader gets a target: everyone else learns nothing about the upload.
    for (const user of [cast.otherExpert, cast.client, cast.admin]) {
      expect(await expectError(await targetRes(mine.id, 1, user), 404)).toBe('Upload not found');
    }
    expect((await targetRes(mine.id, 2)).status).toBe(400);

    const url = new URL((await target(mine.id, 1)).url);
    const moved = new URL(url);
    moved.searchParams.set('uploadId', s3.openUploads().find((id) => id !== url.searchParams.get('uploadId'))!);
    moved.pathname = new URL((await target(other.id, 1)).url).pathname;
    expect((await putTo(moved.toString(), video)).status).toBe(403);
    const otherPart = new URL(url);
    otherPart.searchParams.set('partNumber', '2');
    expect((await putTo(otherPart.toString(), video)).status).toBe(403);
    // The signed length: a part of another size is refused by S3 itself.
    expect((await putTo(url.toString(), video.subarray(0, 2000))).status).toBe(403);

    h.clock.advance((VIDEO_UPLOAD.partUrlSeconds + 1) * 1000);
    expect((await putTo(url.toString(), video)).status).toBe(403);
    expect(s3.refusals.slice(-1)[0]).toEqual({ status: 403, code: 'AccessDenied' });
    expect((await status(mine.id)).parts_received).toEqual([]);
    // A fresh URL works.
    expect((await putTo((await target(mine.id, 1)).url, video)).status).toBe(200);
    expect((await status(mine.id)).parts_received).toEqual([1]);
  });

  it("lets the browser's parts reach the bucket: the CSP's connect-src names the S3 endpoint", async () => {
    const csp = (await h.request('GET', '/api/config')).headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(new RegExp(`connect-src [^;]*${s3.endpoint.replace(/[.]/g, '\\.')}`));
  });

  it('checks the container by a ranged read at completion: bytes that are no video never become evidence', async () => {
    const task = await videoTask();
    const fake = new Uint8Array(3000).fill(0x41);
    const upload = await start(task.id, fake, 'fake.mp4');
    expect((await putTo((await target(upload.id, 1)).url, fake)).status).toBe(200);
    expect(await expectError(await complete(upload.id), 400)).toBe('File fake.mp4 is not a supported video. Please upload MP4, MOV or WebM.');
    expect((await status(upload.id)).status).toBe('rejected');
    expect(s3.objectKeys().some((key) => key.endsWith('fake.mp4'))).toBe(false);
  });
});
