import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { expertProfiles } from '../../db/schema';
import type { EvidenceItemsDto, ReportSummaryDto, VerifyResultDto } from '@shared/schemas/evidence-trust';
import { NEW_YORK } from '../../test/builders';
import { jpegWithExif, plainJpeg } from '../../test/exif-jpeg';
import type { TestUser } from '../../test/test-app';
import { expectError, okJson, taskAt, taskRow, useTasksTestApp, type Cast, type TasksTestApp } from '../tasks/tasks.test-helpers';
import { sha256Hex } from './provenance-reader';
import { pdfText } from '../../test/pdf-text';

let h: TasksTestApp;
let cast: Cast;
useTasksTestApp((suite) => ({ h, cast } = suite), { resetPayments: true });

const NOTES = 'Walked every room; the kitchen tap is slow.';
const CHECKLIST = [
  { label: 'Entrance and street sign', kind: 'photo', required: true },
  { label: 'Kitchen', kind: 'photo', required: true },
  { label: 'Water pressure', kind: 'video', required: false },
];

const jpeg = (bytes: Uint8Array, name = 'photo.jpg') => new File([bytes as Uint8Array<ArrayBuffer>], name, { type: 'image/jpeg' });
/** A photo taken now, 0.1 mi from the task (the tasks are in New York). */
const nearPhoto = (seed: string) =>
  jpegWithExif({ latitude: NEW_YORK.latitude + 0.0014, longitude: NEW_YORK.longitude, takenAt: h.clock.now(), make: 'Acme', model: 'P9', serial: 'SN-42', seed });

function checklistForm(files: Record<string, File[]>, notes = NOTES) {
  const form = new FormData();
  form.set('completion_notes', notes);
  for (const [item, list] of Object.entries(files)) for (const file of list) form.append(`item.${item}`, file);
  return form;
}

const submit = (taskId: string, form: FormData, user: TestUser = cast.expert) =>
  h.request('POST', `/api/tasks/${taskId}/evidence`, { body: form, cookie: user.cookie });
const items = (taskId: string, user: TestUser | null) =>
  h.request('GET', `/api/tasks/${taskId}/evidence-items`, { cookie: user?.cookie });

async function checklistTask() {
  const { task } = await taskAt(h, cast, 'in_progress', { task: { checklist: CHECKLIST, category: 'property' } });
  return task;
}

describe('checklists', () => {
  it('stores the checklist with ids and keeps tasks without one on the free upload', async () => {
    const task = await checklistTask();
    expect(task.checklist?.map((item) => item.id)).toEqual(['entrance-and-street-sign', 'kitchen', 'water-pressure']);
    const row = await taskRow(h, task.id);
    expect(row.checklist?.[2]).toMatchObject({ kind: 'video', required: false });
    const { task: plain } = await taskAt(h, cast, 'pending_approval');
    expect(plain.checklist).toBeNull();
  });

  it('refuses a checklist with a blank item or too many items (400, the form texts)', async () => {
    const blank = await h.request('POST', '/api/tasks', {
      body: { ...(await import('../../test/builders')).taskInput(), checklist: [{ label: ' ', kind: 'photo', required: true }] },
      cookie: cast.client.cookie,
    });
    expect(await expectError(blank, 400)).toBe('Please name every checklist item');
    const many = Array.from({ length: 31 }, (_, i) => ({ label: `Room ${i}`, kind: 'photo', required: false }));
    const tooMany = await h.request('POST', '/api/tasks', {
      body: { ...(await import('../../test/builders')).taskInput(), checklist: many },
      cookie: cast.client.cookie,
    });
    expect(await expectError(tooMany, 400)).toBe('A checklist can have at most 30 items');
  });

  it('refuses a submission that misses a required item, then accepts the complete one', async () => {
    const task = await checklistTask();
    const missing = await submit(task.id, checklistForm({ 'entrance-and-street-sign': [jpeg(nearPhoto('a1'))] }));
    expect(await expectError(missing, 400)).toBe('Please add evidence for: Kitchen');
    const wrongKind = await submit(
      task.id,
      checklistForm({ 'entrance-and-street-sign': [jpeg(nearPhoto('a2'))], kitchen: [jpeg(nearPhoto('a3'))], 'water-pressure': [jpeg(nearPhoto('a4'), 'v.mp4')] }),
    );
    expect(await expectError(wrongKind, 400)).toBe('File v.mp4 is not a supported video. Please upload MP4, MOV or WebM.');
    const unknown = await submit(task.id, checklistForm({ kitchen: [jpeg(nearPhoto('a5'))], attic: [jpeg(nearPhoto('a6'))] }));
    expect(await expectError(unknown, 400)).toBe('Unknown checklist item');
    expect((await taskRow(h, task.id)).status).toBe('in_progress');

    const ok = await submit(task.id, checklistForm({ kitchen: [jpeg(nearPhoto('a7'))], 'entrance-and-street-sign': [jpeg(nearPhoto('a8'))] }));
    expect(ok.status).toBe(200);
    const body = await okJson<EvidenceItemsDto>(await items(task.id, cast.client));
    // Files follow the checklist order, whatever order the form had.
    expect(body.files.map((file) => file.item_id)).toEqual(['entrance-and-street-sign', 'kitchen']);
  });
});

describe('provenance', () => {
  it('shows the client plain badges and hides the position and device; admins see the raw values', async () => {
    const task = await checklistTask();
    const near = nearPhoto('p1');
    const far = jpegWithExif({ latitude: 34.05, longitude: -118.24, takenAt: h.clock.now(), seed: 'p2' });
    const stale = jpegWithExif({ takenAt: new Date(h.clock.now().getTime() - 30 * 86_400_000), seed: 'p3' });
    await okJson(await submit(task.id, checklistForm({ 'entrance-and-street-sign': [jpeg(near), jpeg(far)], kitchen: [jpeg(stale)] })));
    h.clock.advance(2 * 3_600_000);
    const body = await okJson<EvidenceItemsDto>(await items(task.id, cast.client));
    expect(body.files.map((file) => file.badges.map((badge) => badge.text))).toEqual([
      ['Taken 0.1 mi from the task location, 2 hours ago'],
      ['Taken 2,445 mi away'],
      ['Taken before the task was assigned', 'No location data'],
    ]);
    expect(body.files[0].sha256).toBe(sha256Hex(near));
    const text = JSON.stringify(body);
    expect(text).not.toContain('SN-42');
    expect(text).not.toContain('Acme');
    expect(body.files[0].admin).toBeUndefined();
    const admin = await okJson<EvidenceItemsDto>(await items(task.id, cast.admin));
    expect(admin.files[0].admin).toMatchObject({ device: 'Acme P9', latitude: expect.closeTo(NEW_YORK.latitude + 0.0014, 4) });
    expect(JSON.stringify(admin.files[0].admin?.raw_metadata)).toContain('SN-42');
  });

  it('flags a photo reused on another task', async () => {
    const reused = plainJpeg('reused-photo');
    const first = await checklistTask();
    await okJson(await submit(first.id, checklistForm({ 'entrance-and-street-sign': [jpeg(reused)], kitchen: [jpeg(nearPhoto('d1'))] })));
    const second = await checklistTask();
    await okJson(await submit(second.id, checklistForm({ 'entrance-and-street-sign': [jpeg(nearPhoto('d2'))], kitchen: [jpeg(reused)] })));
    const body = await okJson<EvidenceItemsDto>(await items(second.id, cast.client));
    expect(body.files[1].badges[0]).toEqual({ tone: 'warning', text: 'Same file as evidence on another task' });
    expect(body.files[0].badges.map((badge) => badge.text)).not.toContain('Same file as evidence on another task');
  });

  it('answers 404 to anyone but the parties and admins', async () => {
    const task = await checklistTask();
    await okJson(await submit(task.id, checklistForm({ 'entrance-and-street-sign': [jpeg(nearPhoto('x1'))], kitchen: [jpeg(nearPhoto('x2'))] })));
    expect((await items(task.id, cast.otherClient)).status).toBe(404);
    expect((await items(task.id, cast.otherExpert)).status).toBe(404);
    expect((await items(task.id, null)).status).toBe(401);
    expect((await items(task.id, cast.expert)).status).toBe(200);
  });
});


describe('the inspection report', () => {
  async function confirmedTask() {
    const task = await checklistTask();
    const photos = [nearPhoto('r1'), nearPhoto('r2')];
    await okJson(await submit(task.id, checklistForm({ 'entrance-and-street-sign': [jpeg(photos[0])], kitchen: [jpeg(photos[1])] })));
    await okJson(await h.request('POST', `/api/tasks/${task.id}/evidence/confirm`, { cookie: cast.client.cookie }));
    return { task, photos };
  }
  const verify = (reportId: string, bytes: Uint8Array, name = 'report.pdf') => {
    const form = new FormData();
    form.set('file', new File([bytes as Uint8Array<ArrayBuffer>], name));
    return h.request('POST', `/api/reports/${reportId}/verify`, { body: form });
  };

  it('is issued on confirm with the stored files hashes; the PDF verifies and a changed byte does not', async () => {
    const { task, photos } = await confirmedTask();
    const { report } = await okJson<{ report: ReportSummaryDto }>(
      await h.request('GET', `/api/tasks/${task.id}/report/summary`, { cookie: cast.client.cookie }),
    );
    const row = await taskRow(h, task.id);
    expect(report.issued_at).toBe(row.completed_at?.toISOString());
    const pdfResponse = await h.request('GET', `/api/tasks/${task.id}/report`, { cookie: cast.client.cookie });
    expect(pdfResponse.headers.get('content-type')).toBe('application/pdf');
    const pdf = new Uint8Array(await pdfResponse.arrayBuffer());
    expect(sha256Hex(pdf)).toBe(report.pdf_sha256);
    const text = pdfText(pdf);
    const hexOf = (value: string) => Buffer.from(value, 'latin1').toString('hex');
    for (const photo of photos) expect(text).toContain(hexOf(`SHA-256 ${sha256Hex(photo)}`));
    // Issue 52: the category and the issue date in words, and only the badges the public profile shows.
    expect(text).toContain(hexOf('Property Inspection |'));
    const issued = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'America/New_York' }).format(row.completed_at!);
    expect(text).toContain(hexOf(`issued ${issued} at `));
    expect(text).not.toContain(hexOf('Identity verified'));
    const [profile] = await h.db.select().from(expertProfiles).where(eq(expertProfiles.id, cast.expert.id));
    expect(profile?.verification_status).toBe('verified');
    // The PDF carries no EXIF: neither the serial nor the device.
    expect(text).not.toContain('sn-42');
    expect(text).not.toContain('acme');

    expect(await okJson<VerifyResultDto>(await verify(report.id, pdf))).toEqual({ match: true, matched: 'report', issued_at: report.issued_at });
    expect(await okJson<VerifyResultDto>(await verify(report.id, photos[1], 'kitchen.jpg'))).toMatchObject({ match: true, matched: 'file' });
    // The copy the client downloads (metadata stripped) verifies too, and holds no EXIF.
    const served = new Uint8Array(await (await h.request('GET', `/api/tasks/${task.id}/evidence/1`, { cookie: cast.client.cookie })).arrayBuffer());
    expect(new TextDecoder('latin1').decode(served)).not.toContain('SN-42');
    expect(await okJson<VerifyResultDto>(await verify(report.id, served, 'kitchen.jpg'))).toMatchObject({ match: true, matched: 'file' });
    const tampered = pdf.slice();
    tampered[Math.floor(tampered.length / 2)] ^= 0x01;
    expect(await okJson<VerifyResultDto>(await verify(report.id, tampered))).toMatchObject({ match: false, matched: null });
    expect(await expectError(await h.request('POST', `/api/reports/${report.id}/verify`, { body: new FormData() }), 400)).toBe(
      'Please choose a file to verify',
    );
  });

  it('is shared by link until the client revokes it (404 after); only the client and admins read it', async () => {
    const { task } = await confirmedTask();
    const { report } = await okJson<{ report: ReportSummaryDto }>(
      await h.request('GET', `/api/tasks/${task.id}/report/summary`, { cookie: cast.client.cookie }),
    );
    expect((await h.request('GET', `/api/reports/${report.id}/pdf`)).status).toBe(200);
    // The verify page says which report it checks (issue 52): what the public PDF names, nothing more.
    expect(await okJson(await h.request('GET', `/api/reports/${report.id}`))).toEqual({
      id: report.id,
      issued_at: report.issued_at,
      task_title: task.title,
      expert_name: 'Expert Tester',
    });
    expect((await h.request('GET', `/api/tasks/${task.id}/report`, { cookie: cast.expert.cookie })).status).toBe(403);
    expect((await h.request('GET', `/api/tasks/${task.id}/report`, { cookie: cast.otherClient.cookie })).status).toBe(404);
    expect((await h.request('POST', `/api/tasks/${task.id}/report/revoke`, { cookie: cast.admin.cookie })).status).toBe(403);
    const revoked = await okJson<{ report: ReportSummaryDto }>(
      await h.request('POST', `/api/tasks/${task.id}/report/revoke`, { cookie: cast.client.cookie }),
    );
    expect(revoked.report.revoked_at).toBe(h.clock.now().toISOString());
    expect((await h.request('GET', `/api/reports/${report.id}/pdf`)).status).toBe(404);
    expect((await h.request('GET', `/api/reports/${report.id}`)).status).toBe(404);
    expect((await verify(report.id, new Uint8Array([1, 2, 3]))).status).toBe(404);
    // The client still has their own copy.
    expect((await h.request('GET', `/api/tasks/${task.id}/report`, { cookie: cast.client.cookie })).status).toBe(200);
  });

  it('does not exist before the task is confirmed', async () => {
    const task = await checklistTask();
    expect((await h.request('GET', `/api/tasks/${task.id}/report`, { cookie: cast.client.cookie })).status).toBe(404);
    expect((await h.request('GET', '/api/reports/not-a-uuid')).status).toBe(404);
  });
});

