import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import type { NoAccessReportDto } from '@shared/schemas/no-access.schemas';
import { disputes, reliabilityEvents, taskAppointments, taskCancellations } from '../../db/schema';
import { jpegWithExif, plainJpeg } from '../../test/exif-jpeg';
import { createTestApp, type TestApp } from '../../test/test-app';
import { intentAt, ledgerOf, moneyTask, notificationTypes, taskOf, type MoneyTask } from '../holds/money.test-helpers';

/**
 * Proof of a no-show (issue 50, decision 0463), with the real local payment provider: the expert's
 * "No access" with photos whose own metadata places them at the task in the agreed window, the
 * client's 48 hours to contest, and the call-out fee by a partial capture after them.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const NYC = { latitude: 40.7128, longitude: -74.006 };
/** Miles due north of the task: one degree of latitude is about 69.05 miles. */
const north = (miles: number) => ({ latitude: NYC.latitude + miles / 69.05, longitude: NYC.longitude });
const text = messages.noAccess;

/** A $100 booking under way with its visit agreed from `startsIn` for an hour. */
async function bookingWithVisit(startsIn = 3 * HOUR): Promise<MoneyTask & { start: Date; end: Date }> {
  const task = await moneyTask(t, 'in_progress');
  const now = t.clock.now();
  const start = new Date(now.getTime() + startsIn);
  const end = new Date(start.getTime() + HOUR);
  await t.db.insert(taskAppointments).values({ task_id: task.taskId, agreed_start: start, agreed_end: end, created_at: now, updated_at: now });
  return { ...task, start, end };
}

const photo = (takenAt: Date | undefined, where: { latitude: number; longitude: number } | undefined, seed: string) =>
  new File([Buffer.from(jpegWithExif({ ...(where ?? {}), takenAt, seed }))], `${seed}.jpg`, { type: 'image/jpeg' });

function reportForm(files: File[], note?: string) {
  const form = new FormData();
  for (const file of files) form.append('photos', file);
  if (note !== undefined) form.append('note', note);
  return form;
}
const report = (task: MoneyTask, files: File[], cookie = task.expert.cookie, note?: string) =>
  t.request('POST', `/api/tasks/${task.taskId}/no-access`, { body: reportForm(files, note), cookie });
const contest = (task: MoneyTask, body: unknown, cookie = task.client.cookie) =>
  t.request('POST', `/api/tasks/${task.taskId}/no-access/contest`, { body, cookie });
const errorOf = async (response: Response) => ((await response.json()) as { error: { message: string } }).error.message;
const refusedCount = async (expertId: string) =>
  (await t.db.select().from(reliabilityEvents).where(eq(reliabilityEvents.user_id, expertId))).filter((e) => e.kind === 'no_show_refused').length;

describe('POST /api/tasks/:id/no-access', () => {
  it('accepts a photo taken 0.4 miles away 29 minutes after the window; the client is told of the fee and deadline', async () => {
    const task = await bookingWithVisit();
    t.clock.set(task.start);
    const response = await report(task, [photo(new Date(task.end.getTime() + 29 * MINUTE), north(0.4), 'door')], task.expert.cookie, 'Rang three times.');
    expect(response.status).toBe(201);
    const body = (await response.json()) as { report: NoAccessReportDto; message: string };
    expect(body.message).toBe(text.reported);
    expect(body.report).toMatchObject({ status: 'pending', fee_cents: 2_500, expert_cents: 2_250, note: 'Rang three times.' });
    expect(body.report.fee_due_at).toBe(new Date(task.start.getTime() + 48 * HOUR).toISOString());
    expect((await taskOf(t, task.taskId)).status).toBe('no_access_reported');
    expect(await notificationTypes(t, task.client.id, task.taskId)).toContain('no_access_reported');
    // Before any report the parties read null, a stranger 404.
    const none = await bookingWithVisit();
    expect(await (await t.request('GET', `/api/tasks/${none.taskId}/no-access`, { cookie: none.client.cookie })).json()).toEqual({ report: null });
    // The client may read it and see the photo, without its metadata.
    const read = await t.request('GET', `/api/tasks/${task.taskId}/no-access`, { cookie: task.client.cookie });
    expect(read.status).toBe(200);
    const image = await t.request('GET', `/api/tasks/${task.taskId}/no-access/photos/0`, { cookie: task.client.cookie });
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).includes(Buffer.from('Exif\0\0', 'latin1'))).toBe(false);
  });

  it('refuses a photo 0.6 miles away, or 31 minutes outside the window, with the reason, and counts it once', async () => {
    const task = await bookingWithVisit();
    t.clock.set(new Date(task.start.getTime() + 10 * MINUTE));
    const far = await report(task, [photo(task.start, north(0.6), 'far')]);
    expect(far.status).toBe(400);
    expect(await errorOf(far)).toBe(format(text.photoTooFar, { name: 'far.jpg', miles: '0.6' }));
    const early = await report(task, [photo(new Date(task.start.getTime() - 31 * MINUTE), NYC, 'early')]);
    expect(early.status).toBe(400);
    expect(await errorOf(early)).toMatch(/^early\.jpg was taken at .*, outside the agreed visit with 30 minutes either side\.$/);
    const late = await report(task, [photo(new Date(task.end.getTime() + 31 * MINUTE), NYC, 'late')]);
    expect(late.status).toBe(400);
    const bare = await report(task, [new File([Buffer.from(plainJpeg('bare'))], 'bare.jpg', { type: 'image/jpeg' })]);
    expect(await errorOf(bare)).toBe(format(text.photoNoTime, { name: 'bare.jpg' }));
    // Inside the 30 minutes before the window is fine.
    expect((await report(task, [photo(new Date(task.start.getTime() - 29 * MINUTE), NYC, 'ok')])).status).toBe(201);
    expect(await refusedCount(task.expert.id)).toBe(1);
  });

  it('refuses before the window opens and without an agreed window (409), and without a photo (400, not counted)', async () => {
    const task = await bookingWithVisit();
    t.clock.set(new Date(task.start.getTime() - MINUTE));
    const early = await report(task, [photo(task.start, NYC, 'a')]);
    expect(early.status).toBe(409);
    expect(await errorOf(early)).toMatch(/^You can report no access from the start of the agreed visit/);
    t.clock.set(task.start);
    const none = await report(task, []);
    expect([none.status, await errorOf(none)]).toEqual([400, text.photoRequired]);
    const notPhoto = await report(task, [new File(['hello'], 'notes.txt', { type: 'text/plain' })]);
    expect(notPhoto.status).toBe(400);
    expect(await refusedCount(task.expert.id)).toBe(0);
    const unplanned = await moneyTask(t, 'in_progress');
    const noWindow = await report(unplanned, [photo(t.clock.now(), NYC, 'b')]);
    expect([noWindow.status, await errorOf(noWindow)]).toEqual([409, text.noWindow]);
  });

  it('is for the hired expert only (403 for the client, 404 for a stranger), and once (parallel reports)', async () => {
    const task = await bookingWithVisit();
    t.clock.set(task.start);
    expect((await report(task, [photo(task.start, NYC, 'c')], task.client.cookie)).status).toBe(403);
    const stranger = await t.createUser('expert');
    expect((await report(task, [photo(task.start, NYC, 'd')], stranger.cookie)).status).toBe(404);
    const answers = await Promise.all([report(task, [photo(task.start, NYC, 'e')]), report(task, [photo(task.start, NYC, 'f')])]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
  });
});

describe('after the report', () => {
  it('captures the call-out fee after 48 hours without a contest: $25 of $100, the rest released', async () => {
    const task = await bookingWithVisit();
    t.clock.set(task.start);
    expect((await report(task, [photo(task.start, NYC, 'g')])).status).toBe(201);
    t.clock.advance(48 * HOUR - MINUTE);
    await t.context.jobs.runDue();
    expect((await taskOf(t, task.taskId)).status).toBe('no_access_reported');
    t.clock.advance(2 * MINUTE);
    await t.context.jobs.runDue();
    t.clock.advance(MINUTE);
    await t.context.jobs.runDue();
    expect(await taskOf(t, task.taskId)).toMatchObject({ status: 'cancelled', payment_status: 'captured' });
    expect((await intentAt(t, task.intentId)).amountCapturedCents).toBe(2_500);
    expect((await ledgerOf(t, task.taskId)).map((row) => [row.status, row.amount])).toEqual([['captured', 2_500]]);
    const [cancellation] = await t.db.select().from(taskCancellations).where(eq(taskCancellations.task_id, task.taskId));
    expect(cancellation).toMatchObject({ rule: 'no_access', fee_cents: 2_500, platform_fee_cents: 250 });
    expect(await notificationTypes(t, task.expert.id, task.taskId)).toContain('no_access_fee_charged');
  });

  it('lets the client contest within 48 hours: a dispute opens and no fee follows', async () => {
    const task = await bookingWithVisit();
    t.clock.set(task.start);
    expect((await report(task, [photo(task.start, NYC, 'h')])).status).toBe(201);
    expect([(await contest(task, { reason: 'short' })).status]).toEqual([400]);
    expect((await contest(task, { reason: 'The seller was there all afternoon.' }, task.expert.cookie)).status).toBe(403);
    const answers = await Promise.all([
      contest(task, { reason: 'The seller was there all afternoon.' }),
      contest(task, { reason: 'The seller was there all afternoon.' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await taskOf(t, task.taskId)).status).toBe('disputed');
    expect(await t.db.select().from(disputes).where(eq(disputes.task_id, task.taskId))).toHaveLength(1);
    expect(await notificationTypes(t, task.expert.id, task.taskId)).toContain('no_access_contested');
    t.clock.advance(49 * HOUR);
    await t.context.jobs.runDue();
    expect(await taskOf(t, task.taskId)).toMatchObject({ status: 'disputed', payment_status: 'authorized' });
    // Too late to contest once the fee was taken, and nothing to contest without a report.
    const plain = await bookingWithVisit();
    expect((await contest(plain, { reason: 'There was never a report here.' })).status).toBe(409);
  });
});
