import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TaskDto } from '@shared/schemas/task-api';
import type { TestUser } from '../../test/test-app';
import { countStatements } from '../../test/statement-counter';
import {
  evidenceForm,
  expectError,
  imageFile,
  notificationsOf,
  okJson,
  taskAt,
  taskRow,
  useTasksTestApp,
  type Cast,
  type TasksTestApp,
} from '../tasks/tasks.test-helpers';

let h: TasksTestApp;
let cast: Cast;
useTasksTestApp((suite) => ({ h, cast } = suite), { resetPayments: true });

type Result = { task: TaskDto; message: string; payment_failed: boolean };
const NOTES = 'All done: photos of every side attached.';
const submit = (taskId: string, form: FormData, user: TestUser | null) =>
  h.request('POST', `/api/tasks/${taskId}/evidence`, { body: form, cookie: user?.cookie });
const readFile = (taskId: string, index: number | string, user: TestUser | null) =>
  h.request('GET', `/api/tasks/${taskId}/evidence/${index}`, { cookie: user?.cookie });
const decide = (taskId: string, decision: 'confirm' | 'reject', user: TestUser | null) =>
  h.request('POST', `/api/tasks/${taskId}/evidence/${decision}`, {
    cookie: user?.cookie,
    // The override reason an admin must give (issue 27); the client's own decision ignores it.
    body: {
      override_reason: 'The client asked support to decide for them.',
      ...(decision === 'reject' ? { reason: 'The photos do not show the roof.' } : {}),
    },
  });

describe('POST /api/tasks/:id/evidence: the review window setting', () => {
  it('is remembered between submissions, and a change by an admin is stated by the very next one', async () => {
    const submitOne = async () => {
      const { task } = await taskAt(h, cast, 'in_progress');
      const counter = countStatements(h.db);
      try {
        const body = await okJson<Result>(await submit(task.id, evidenceForm(NOTES, [imageFile()]), cast.expert));
        return { body, settingsReads: counter.statements.filter((text) => /from "system_settings"/.test(text)).length };
      } finally {
        counter.restore();
      }
    };
    await submitOne();
    const remembered = await submitOne();
    expect(remembered.settingsReads).toBe(0);
    expect(remembered.body.message).toContain('within 72 hours');
    const saved = await h.request('PUT', '/api/admin/money-settings', { cookie: cast.admin.cookie, body: { review_window_hours: 48 } });
    expect(saved.status).toBe(200);
    try {
      expect((await submitOne()).body.message).toContain('within 48 hours');
    } finally {
      await h.request('PUT', '/api/admin/money-settings', { cookie: cast.admin.cookie, body: { review_window_hours: 72 } });
    }
  });
});

describe('POST /api/tasks/:id/evidence', () => {
  it('stores the photos privately under the task and asks the client to review within the review window (72 hours by default)', async () => {
    const { task } = await taskAt(h, cast, 'in_progress');
    h.clock.advance(1_000);
    const form = evidenceForm(NOTES, [imageFile('My Photo (front).png'), imageFile('../../back.jpeg', undefined, 'jpeg')]);
    const body = await okJson<Result>(await submit(task.id, form, cast.expert));
    expect(body.task).toMatchObject({
      status: 'pending_approval',
      completion_notes: NOTES,
      evidence_file_count: 2,
      submitted_at: h.clock.now().toISOString(),
    });
    expect(body.message).toBe('Evidence submitted! The client has been asked to review it within 72 hours.');
    const keys = (await taskRow(h, task.id)).evidence_files;
    const stamp = h.clock.now().getTime();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(new RegExp(`^evidence/${task.id}/${stamp}_1-[0-9a-f]{6}-My_Photo_front_\\.png$`));
    expect(keys[1]).toMatch(new RegExp(`^evidence/${task.id}/${stamp}_2-[0-9a-f]{6}-back\\.jpg$`));
    const [notice] = (await notificationsOf(h, cast.client.id, task.id)).filter((n) => n.type === 'evidence_submitted');
    expect(notice.message).toContain('within 72 hours');
  });

  it.each([
    ['no notes', () => evidenceForm(undefined, [imageFile()]), 'Please provide completion notes'],
    ['blank notes', () => evidenceForm('   ', [imageFile()]), 'Please provide completion notes'],
    ['no photo', () => evidenceForm(NOTES, []), 'Please upload at least 1 photo as evidence'],
    [
      'a photo over 5 MB',
      () => evidenceForm(NOTES, [imageFile('big.png', 5 * 1024 * 1024 + 1)]),
      'File big.png is too large. Maximum size is 5MB.',
    ],
    [
      'a text file named like a photo',
      () => evidenceForm(NOTES, [imageFile('fake.png', undefined, 'text')]),
      'File fake.png is not a supported photo. Please upload JPG, PNG, WebP or GIF images.',
    ],
  ])('answers 400 for %s', async (_name, form, text) => {
    const { task } = await taskAt(h, cast, 'in_progress');
    expect(await expectError(await submit(task.id, form(), cast.expert), 400)).toBe(text);
    expect((await taskRow(h, task.id)).status).toBe('in_progress');
  });

  it('is for the assigned expert only, while the task is in progress', async () => {
    const { task } = await taskAt(h, cast, 'in_progress', { rival: true });
    const form = () => evidenceForm(NOTES, [imageFile()]);
    for (const user of [cast.client, cast.admin, cast.otherExpert]) {
      expect(await expectError(await submit(task.id, form(), user), 403)).toBe('Only the assigned expert can submit evidence');
    }
    expect(await expectError(await submit(task.id, form(), cast.otherClient), 404)).toBe('Task not found');
    expect((await submit(task.id, form(), null)).status).toBe(401);
    const notStarted = await taskAt(h, cast, 'authorized');
    expect(await expectError(await submit(notStarted.task.id, form(), cast.expert), 409)).toBe(
      'Task status has changed. Please refresh the page.',
    );
  });
});

describe('POST /api/tasks/:id/evidence when the database write fails', () => {
  it('leaves no stored file behind', async () => {
    const { task } = await taskAt(h, cast, 'in_progress');
    const uploads = resolve(h.context.env.DATA_DIR, 'uploads', 'evidence', task.id);
    // A trigger makes the one UPDATE of the submission fail, as a lost connection or a full disk would.
    await h.db.execute(
      sql.raw(`CREATE OR REPLACE FUNCTION fail_evidence_update() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'forced failure'; END $$`),
    );
    await h.db.execute(
      sql.raw(`CREATE TRIGGER fail_evidence_update BEFORE UPDATE ON tasks
        FOR EACH ROW WHEN (NEW.status = 'pending_approval') EXECUTE FUNCTION fail_evidence_update()`),
    );
    try {
      const response = await submit(task.id, evidenceForm(NOTES, [imageFile(), imageFile('second.png')]), cast.expert);
      expect(response.status).toBe(500);
    } finally {
      await h.db.execute(sql.raw('DROP TRIGGER fail_evidence_update ON tasks'));
    }
    const left = existsSync(uploads) ? readdirSync(uploads) : [];
    expect(left).toEqual([]);
    expect((await taskRow(h, task.id)).status).toBe('in_progress');
  });
});

describe('GET /api/tasks/:id/evidence/:index', () => {
  it("serves the files to the task's parties and admins, privately", async () => {
    const { task } = await taskAt(h, cast, 'pending_approval', { rival: true });
    for (const user of [cast.client, cast.expert, cast.admin]) {
      const response = await readFile(task.id, 0, user);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      expect(new Uint8Array(await response.arrayBuffer()).slice(0, 4)).toEqual(new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
    }
    expect(await expectError(await readFile(task.id, 0, cast.otherExpert), 403)).toBe("You don't have permission to do that.");
    expect((await readFile(task.id, 0, cast.otherClient)).status).toBe(404);
    expect((await readFile(task.id, 0, null)).status).toBe(401);
    expect(await expectError(await readFile(task.id, 1, cast.client), 404)).toBe('Evidence file not found');
    expect(await expectError(await readFile(task.id, '-1', cast.client), 404)).toBe('Evidence file not found');
    expect(await expectError(await readFile(task.id, 'first', cast.client), 404)).toBe('Evidence file not found');
  });

  it('has nothing to serve before evidence is submitted', async () => {
    const { task } = await taskAt(h, cast, 'in_progress');
    expect(await expectError(await readFile(task.id, 0, cast.client), 404)).toBe('Evidence file not found');
  });
});

describe('POST /api/tasks/:id/evidence/confirm', () => {
  it('verifies the task, records the capture authorization and completion, then captures', async () => {
    const { task } = await taskAt(h, cast, 'pending_approval');
    h.clock.advance(1_000);
    const body = await okJson<Result>(await decide(task.id, 'confirm', cast.client));
    const now = h.clock.now().toISOString();
    expect(body).toMatchObject({
      message: 'Payment successfully captured and released to expert',
      payment_failed: false,
      task: { status: 'verified', client_capture_authorized_at: now, completed_at: now, payment_status: 'captured' },
    });
    expect(h.payments.captureCalls).toEqual([task.id]);
    expect((await notificationsOf(h, cast.expert.id, task.id)).map((n) => n.type)).toContain('task_verified');
  });

  it('lets an admin confirm in the client’s stead', async () => {
    const { task } = await taskAt(h, cast, 'pending_approval');
    expect((await okJson<Result>(await decide(task.id, 'confirm', cast.admin))).task.status).toBe('verified');
  });

  it('is for the client only, and only while evidence awaits approval', async () => {
    const { task } = await taskAt(h, cast, 'pending_approval', { rival: true });
    for (const user of [cast.expert, cast.otherExpert]) {
      expect(await expectError(await decide(task.id, 'confirm', user), 403)).toBe(
        'Only the client can confirm or reject evidence for this task',
      );
    }
    expect(await expectError(await decide(task.id, 'confirm', cast.otherClient), 404)).toBe('Task not found');
    expect((await decide(task.id, 'confirm', null)).status).toBe(401);
    await okJson(await decide(task.id, 'confirm', cast.client));
    expect(await expectError(await decide(task.id, 'confirm', cast.client), 409)).toBe(
      'Task status has changed. Please refresh the page.',
    );
    expect(h.payments.captureCalls).toEqual([task.id]);
  });
});

describe('POST /api/tasks/:id/evidence/reject', () => {
  // Reject opens a dispute and keeps the hold (docs/decisions/0111); modules/disputes tests the rest.
  it('opens a dispute: the task is disputed, the hold kept, the expert told', async () => {
    const { task } = await taskAt(h, cast, 'pending_approval');
    const body = await okJson<Result>(await decide(task.id, 'reject', cast.client));
    expect(body).toMatchObject({
      message: 'The evidence was rejected and a dispute was opened. An admin will review it.',
      payment_failed: false,
      task: { status: 'disputed', payment_status: 'authorized' },
    });
    expect(h.payments.cancelCalls).toEqual([]);
    expect((await notificationsOf(h, cast.expert.id, task.id)).map((n) => n.type)).toContain('evidence_rejected');
  });

  it('is for the client (or an admin) only, and only while evidence awaits approval', async () => {
    const { task } = await taskAt(h, cast, 'pending_approval', { rival: true });
    for (const user of [cast.expert, cast.otherExpert]) {
      expect(await expectError(await decide(task.id, 'reject', user), 403)).toBe(
        'Only the client can confirm or reject evidence for this task',
      );
    }
    expect((await decide(task.id, 'reject', null)).status).toBe(401);
    expect((await okJson<Result>(await decide(task.id, 'reject', cast.admin))).task.status).toBe('disputed');
    const done = await taskAt(h, cast, 'verified');
    expect(await expectError(await decide(done.task.id, 'reject', cast.client), 409)).toBe(
      'Task status has changed. Please refresh the page.',
    );
  });
});

describe('GET /api/tasks/:id/evidence/:index/thumbnail', () => {
  const thumbnail = (taskId: string, index: number, user: TestUser | null) =>
    h.request('GET', `/api/tasks/${taskId}/evidence/${index}/thumbnail`, { cookie: user?.cookie });
  /** A 1600x1200 JPEG with a camera tag, made by sharp (the library that makes the thumbnails). */
  async function bigPhoto() {
    const sharp = (await import('sharp')).default;
    const bytes = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#3a7' } })
      .withExif({ IFD0: { Make: 'Acme', Model: 'P9 SN-42' } })
      .jpeg()
      .toBuffer();
    return new File([new Uint8Array(bytes)], 'room.jpg', { type: 'image/jpeg' });
  }

  it('serves the parties a small WebP without metadata while the full photo stays available', async () => {
    const sharp = (await import('sharp')).default;
    const { task } = await taskAt(h, cast, 'in_progress');
    await okJson(await submit(task.id, evidenceForm(NOTES, [await bigPhoto()]), cast.expert));
    for (const user of [cast.client, cast.expert, cast.admin]) {
      const res = await thumbnail(task.id, 0, user);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      const meta = await sharp(new Uint8Array(await res.arrayBuffer())).metadata();
      expect([meta.width, meta.height, meta.exif]).toEqual([480, 360, undefined]);
    }
    const full = await sharp(new Uint8Array(await (await readFile(task.id, 0, cast.client)).arrayBuffer())).metadata();
    expect([full.width, full.height]).toEqual([1600, 1200]);
    expect((await thumbnail(task.id, 0, cast.otherExpert)).status).toBe(404);
    expect((await thumbnail(task.id, 0, null)).status).toBe(401);
    expect((await thumbnail(task.id, 1, cast.client)).status).toBe(404);
  });

  it('is made once at submission (kept in storage), and made on first read for older evidence', async () => {
    const { task } = await taskAt(h, cast, 'in_progress');
    await okJson(await submit(task.id, evidenceForm(NOTES, [await bigPhoto()]), cast.expert));
    const [key] = (await taskRow(h, task.id)).evidence_files;
    const stored = await h.providers.storage.get(`${key}.thumb.webp`);
    expect(stored?.contentType).toBe('image/webp');
    // Older evidence has no thumbnail: the first read makes and keeps it.
    await h.providers.storage.delete(`${key}.thumb.webp`);
    expect((await thumbnail(task.id, 0, cast.client)).status).toBe(200);
    expect(await h.providers.storage.get(`${key}.thumb.webp`)).not.toBeNull();
  });
});
