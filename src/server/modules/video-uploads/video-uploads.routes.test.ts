import { describe, expect, it } from 'vitest';
import type { EvidenceItemsDto } from '@shared/schemas/evidence-trust';
import type { VideoUploadDto } from '@shared/schemas/video-uploads.schemas';
import { VIDEO_UPLOAD } from '@shared/domain/video-upload';
import { plainJpeg } from '../../test/exif-jpeg';
import { mp4Sample } from '../../test/video-sample';
import type { TestUser } from '../../test/test-app';
import { expectError, okJson, taskAt, taskRow, useTasksTestApp, type Cast, type TasksTestApp } from '../tasks/tasks.test-helpers';
import { sha256Hex } from '../evidence/provenance-reader';

let h: TasksTestApp;
let cast: Cast;
useTasksTestApp((suite) => ({ h, cast } = suite), { resetPayments: true });

const CHECKLIST = [
  { label: 'Kitchen', kind: 'photo', required: true },
  { label: 'Cold start', kind: 'video', required: true },
];
const PART = VIDEO_UPLOAD.partBytes;
type Upload = { upload: VideoUploadDto };

async function videoTask() {
  const { task } = await taskAt(h, cast, 'in_progress', { task: { checklist: CHECKLIST, category: 'vehicle' } });
  return task;
}
const start = (taskId: string, body: Record<string, unknown>, user: TestUser | null = cast.expert) =>
  h.request('POST', `/api/tasks/${taskId}/video-uploads`, { body, cookie: user?.cookie });
function partForm(bytes: Uint8Array, field = 'part') {
  const form = new FormData();
  form.append(field, new File([bytes as Uint8Array<ArrayBuffer>], 'blob', { type: 'application/octet-stream' }));
  return form;
}
const putPart = (id: string, n: number, bytes: Uint8Array, user: TestUser = cast.expert) =>
  h.request('POST', `/api/video-uploads/${id}/parts/${n}`, { body: partForm(bytes), cookie: user.cookie });
const complete = (id: string, form?: FormData, user: TestUser = cast.expert) =>
  h.request('POST', `/api/video-uploads/${id}/complete`, { body: form, cookie: user.cookie });
const partOf = (bytes: Uint8Array, n: number) => bytes.subarray((n - 1) * PART, n * PART);

/** Starts an upload of `bytes` for the video item and sends every part. */
async function uploaded(taskId: string, bytes: Uint8Array, name = 'start.mp4') {
  const { upload } = await okJson<Upload>(await start(taskId, { item_id: 'cold-start', file_name: name, size: bytes.length }), 201);
  for (let n = 1; n <= upload.part_count; n += 1) await okJson(await putPart(upload.id, n, partOf(bytes, n)));
  return upload;
}

function submission(uploadId: string) {
  const form = new FormData();
  form.set('completion_notes', 'Engine started cold, no smoke.');
  form.append('item.kitchen', new File([plainJpeg('vk') as Uint8Array<ArrayBuffer>], 'k.jpg', { type: 'image/jpeg' }));
  form.append('item.cold-start', `upload:${uploadId}`);
  return form;
}

describe('resumable video uploads', () => {
  it('uploads in parts, resumes after an interrupted part, completes, and becomes evidence that plays by range', async () => {
    const task = await videoTask();
    const video = mp4Sample({ durationSeconds: 12.5, bytes: PART + 5000, seed: 'flow' });
    const created = await start(task.id, { item_id: 'cold-start', file_name: 'Cold start.MP4', size: video.length });
    expect(created.status).toBe(201);
    const { upload } = (await created.json()) as Upload;
    expect(upload).toMatchObject({ part_count: 2, part_size: PART, parts_received: [], status: 'open' });

    await okJson(await putPart(upload.id, 1, partOf(video, 1)));
    // The connection drops halfway through part 2: the server refuses the short part and keeps part 1.
    expect(await expectError(await putPart(upload.id, 2, partOf(video, 2).subarray(0, 1000)), 400)).toBe(
      'This part does not fit the upload. Please retry it.',
    );
    const resumed = await okJson<Upload>(await h.request('GET', `/api/video-uploads/${upload.id}`, { cookie: cast.expert.cookie }));
    expect(resumed.upload.parts_received).toEqual([1]);
    await okJson(await putPart(upload.id, 2, partOf(video, 2)));

    const poster = new FormData();
    poster.append('poster', new File([plainJpeg('poster') as Uint8Array<ArrayBuffer>], 'poster.jpg', { type: 'image/jpeg' }));
    const done = await okJson<Upload>(await complete(upload.id, poster));
    expect(done.upload).toMatchObject({ status: 'complete', content_type: 'video/mp4', sha256: sha256Hex(video), duration_seconds: 12.5 });

    await okJson(await h.request('POST', `/api/tasks/${task.id}/evidence`, { body: submission(upload.id), cookie: cast.expert.cookie }));
    expect((await taskRow(h, task.id)).status).toBe('pending_approval');
    const items = await okJson<EvidenceItemsDto>(await h.request('GET', `/api/tasks/${task.id}/evidence-items`, { cookie: cast.client.cookie }));
    const file = items.files.find((entry) => entry.item_id === 'cold-start')!;
    expect(file).toMatchObject({ content_type: 'video/mp4', sha256: sha256Hex(video), size: video.length });

    const ranged = await h.request('GET', `/api/tasks/${task.id}/evidence/${file.index}`, { cookie: cast.client.cookie, headers: { range: 'bytes=100-199' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe(`bytes 100-199/${video.length}`);
    expect(ranged.headers.get('content-type')).toBe('video/mp4');
    expect(new Uint8Array(await ranged.arrayBuffer())).toEqual(video.subarray(100, 200));
    const whole = await h.request('GET', `/api/tasks/${task.id}/evidence/${file.index}`, { cookie: cast.admin.cookie });
    expect([whole.status, whole.headers.get('accept-ranges'), (await whole.arrayBuffer()).byteLength]).toEqual([200, 'bytes', video.length]);
    const past = await h.request('GET', `/api/tasks/${task.id}/evidence/${file.index}`, { cookie: cast.expert.cookie, headers: { range: `bytes=${video.length}-` } });
    expect([past.status, past.headers.get('content-range')]).toEqual([416, `bytes */${video.length}`]);
    expect((await h.request('GET', `/api/tasks/${task.id}/evidence/${file.index}`, { cookie: cast.otherExpert.cookie, headers: { range: 'bytes=0-9' } })).status).toBe(404);
    const posterRead = await h.request('GET', `/api/tasks/${task.id}/evidence/${file.index}/thumbnail`, { cookie: cast.client.cookie });
    expect([posterRead.status, posterRead.headers.get('content-type')]).toEqual([200, 'image/webp']);
    // The upload is spent: a second use is refused.
    expect(await expectError(await complete(upload.id), 409)).toBe('This upload is already complete.');
  });

  it.each([
    ['a file over 200 MB', { item_id: 'cold-start', file_name: 'big.mp4', size: 200 * 1024 * 1024 + 1 }, 'File big.mp4 is too large. Maximum size is 200MB.'],
    ['a name that is no video', { item_id: 'cold-start', file_name: 'notes.txt', size: 100 }, 'File notes.txt is not a supported video. Please upload MP4, MOV or WebM.'],
    ['a photo item', { item_id: 'kitchen', file_name: 'a.mp4', size: 100 }, 'File a.mp4 is not a supported video. Please upload MP4, MOV or WebM.'],
    ['an unknown item', { item_id: 'attic', file_name: 'a.mp4', size: 100 }, 'Unknown checklist item'],
    ['no size', { item_id: 'cold-start', file_name: 'a.mp4' }, 'The request is not valid.'],
  ])('refuses to start %s (400)', async (_name, body, text) => {
    const task = await videoTask();
    expect(await expectError(await start(task.id, body), 400)).toBe(text);
  });

  it('checks the content: a first part that is not video, and a clip over 10 minutes, are refused', async () => {
    const task = await videoTask();
    const { upload } = await okJson<Upload>(await start(task.id, { item_id: 'cold-start', file_name: 'fake.mp4', size: 600 }), 201);
    expect(await expectError(await putPart(upload.id, 1, new Uint8Array(600).fill(0x41)), 400)).toBe(
      'File fake.mp4 is not a supported video. Please upload MP4, MOV or WebM.',
    );
    const long = await uploaded(task.id, mp4Sample({ durationSeconds: 601, bytes: 3000 }), 'long.mp4');
    expect(await expectError(await complete(long.id), 400)).toBe('File long.mp4 is too long. Maximum length is 10 minutes.');
    expect((await okJson<Upload>(await h.request('GET', `/api/video-uploads/${long.id}`, { cookie: cast.expert.cookie }))).upload.status).toBe('rejected');
  });

  it('refuses multipart abuse: a part out of range or of the wrong size, missing parts, another user, parts after completion', async () => {
    const task = await videoTask();
    const video = mp4Sample({ bytes: 4000, seed: 'abuse' });
    const { upload } = await okJson<Upload>(await start(task.id, { item_id: 'cold-start', file_name: 'a.mp4', size: video.length }), 201);
    expect(await expectError(await putPart(upload.id, 2, video), 400)).toBe('This part does not fit the upload. Please retry it.');
    expect(await expectError(await putPart(upload.id, 1, video.subarray(0, 3999)), 400)).toBe('This part does not fit the upload. Please retry it.');
    expect(await expectError(await complete(upload.id), 409)).toBe('The upload is missing parts. Please resume it.');
    for (const user of [cast.otherExpert, cast.client]) {
      expect(await expectError(await putPart(upload.id, 1, video, user), 404)).toBe('Upload not found');
      expect((await complete(upload.id, undefined, user)).status).toBe(404);
    }
    expect((await start(task.id, { item_id: 'cold-start', file_name: 'a.mp4', size: 10 }, cast.otherExpert)).status).toBe(404);
    expect((await start(task.id, { item_id: 'cold-start', file_name: 'a.mp4', size: 10 }, null)).status).toBe(401);
    await okJson(await putPart(upload.id, 1, video));
    await okJson(await complete(upload.id));
    expect(await expectError(await putPart(upload.id, 1, video), 409)).toBe('This upload is already complete.');
  });

  it('lets exactly one of two parallel completions win, and records a part sent twice at once only once', async () => {
    const task = await videoTask();
    const video = mp4Sample({ bytes: 5000, seed: 'race' });
    const { upload } = await okJson<Upload>(await start(task.id, { item_id: 'cold-start', file_name: 'r.mp4', size: video.length }), 201);
    const twice = await Promise.all([putPart(upload.id, 1, video), putPart(upload.id, 1, video)]);
    expect(twice.map((res) => res.status)).toEqual([200, 200]);
    const statuses = (await Promise.all([complete(upload.id), complete(upload.id)])).map((res) => res.status).sort();
    expect(statuses).toEqual([200, 409]);
    const { upload: final } = await okJson<Upload>(await h.request('GET', `/api/video-uploads/${upload.id}`, { cookie: cast.expert.cookie }));
    expect([final.status, final.parts_received]).toEqual(['complete', [1]]);
  });

  it('takes a new video for the resubmission after a rejection, and none once the dispute has its answer', async () => {
    const task = await videoTask();
    const first = await uploaded(task.id, mp4Sample({ bytes: 3000, seed: 'before-dispute' }));
    await okJson(await complete(first.id));
    await okJson(await h.request('POST', `/api/tasks/${task.id}/evidence`, { body: submission(first.id), cookie: cast.expert.cookie }));
    await okJson(await h.request('POST', `/api/tasks/${task.id}/evidence/reject`, { body: { reason: 'The clip misses the engine.', request_changes: true }, cookie: cast.client.cookie }));
    expect((await taskRow(h, task.id)).status).toBe('disputed');

    const retake = mp4Sample({ bytes: 3500, durationSeconds: 20, seed: 'retake' });
    const second = await uploaded(task.id, retake, 'retake.mp4');
    const done = await okJson<Upload>(await complete(second.id));
    expect(done.upload).toMatchObject({ status: 'complete', sha256: sha256Hex(retake), duration_seconds: 20 });
    await okJson(await h.request('POST', `/api/tasks/${task.id}/evidence/resubmit`, { body: submission(second.id), cookie: cast.expert.cookie }));
    expect((await taskRow(h, task.id)).status).toBe('pending_approval');
    const items = await okJson<EvidenceItemsDto>(await h.request('GET', `/api/tasks/${task.id}/evidence-items`, { cookie: cast.client.cookie }));
    // The resubmission's file is the current one; the rejected video stays as an earlier version (issue 50).
    expect(items.files.find((entry) => entry.item_id === 'cold-start' && entry.current)?.sha256).toBe(sha256Hex(retake));

    // A second rejection goes to an admin: the expert has no more evidence to send.
    await okJson(await h.request('POST', `/api/tasks/${task.id}/evidence/reject`, { body: { reason: 'Still not it.' }, cookie: cast.client.cookie }));
    expect((await start(task.id, { item_id: 'cold-start', file_name: 'again.mp4', size: 3000 })).status).toBe(409);
  });

  it('takes a new video for a re-delivery after the client requested changes on the video item (issue 50)', async () => {
    const task = await videoTask();
    const first = await uploaded(task.id, mp4Sample({ bytes: 3000, seed: 'before-changes' }));
    await okJson(await complete(first.id));
    await okJson(await h.request('POST', `/api/tasks/${task.id}/evidence`, { body: submission(first.id), cookie: cast.expert.cookie }));
    await okJson(await h.request('POST', `/api/tasks/${task.id}/evidence/request-changes`, { body: { item_ids: ['cold-start'], note: 'The clip stops before the engine runs.' }, cookie: cast.client.cookie }));
    const retake = mp4Sample({ bytes: 3500, durationSeconds: 20, seed: 'changes-retake' });
    const second = await uploaded(task.id, retake, 'retake.mp4');
    await okJson(await complete(second.id));
    const form = new FormData();
    form.append('item.cold-start', `upload:${second.id}`);
    await okJson(await h.request('POST', `/api/tasks/${task.id}/evidence/redeliver`, { body: form, cookie: cast.expert.cookie }));
    const items = await okJson<EvidenceItemsDto>(await h.request('GET', `/api/tasks/${task.id}/evidence-items`, { cookie: cast.client.cookie }));
    const clips = items.files.filter((entry) => entry.item_id === 'cold-start');
    expect(clips.map((clip) => [clip.round, clip.current, clip.sha256 === sha256Hex(retake)])).toEqual([
      [0, false, false],
      [1, true, true],
    ]);
  });

  it('refuses a submission naming an upload of another item, task or expert', async () => {
    const task = await videoTask();
    const other = await videoTask();
    const foreign = await uploaded(other.id, mp4Sample({ bytes: 3000, seed: 'foreign' }));
    await okJson(await complete(foreign.id));
    const res = await h.request('POST', `/api/tasks/${task.id}/evidence`, { body: submission(foreign.id), cookie: cast.expert.cookie });
    expect(await expectError(res, 400)).toBe('Please upload the video for Cold start again.');
    expect((await taskRow(h, task.id)).status).toBe('in_progress');
  });
});
