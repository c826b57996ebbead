import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { EvidenceItemsDto } from '@shared/schemas/evidence-trust';
import type { TaskDto } from '@shared/schemas/task-api';
import { messages } from '@shared/messages';
import { evidenceChangeRequests, inspectionReports, notifications, tasks } from '../../db/schema';
import { restoreTargetOf } from '../holds/restore-lapsed';
import type { TestUser } from '../../test/test-app';
import { pdfText, hexOf } from '../../test/pdf-text';
import {
  evidenceForm,
  expectError,
  imageFile,
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

const changesText = messages.evidenceChanges;
const HOUR = 60 * 60 * 1000;
const CHECKLIST = [
  { label: 'VIN plate', kind: 'photo', required: true },
  { label: 'Odometer', kind: 'photo', required: true },
];
const NOTE = 'The VIN plate photo is blurred; please take it again.';

const requestChanges = (taskId: string, body: unknown, user: TestUser = cast.client) =>
  h.request('POST', `/api/tasks/${taskId}/evidence/request-changes`, { body, cookie: user.cookie });
const redeliver = (taskId: string, form: FormData, user: TestUser = cast.expert) =>
  h.request('POST', `/api/tasks/${taskId}/evidence/redeliver`, { body: form, cookie: user.cookie });
const itemsOf = async (taskId: string, user: TestUser = cast.client) =>
  okJson<EvidenceItemsDto>(await h.request('GET', `/api/tasks/${taskId}/evidence-items`, { cookie: user.cookie }));

let sizes = 64;
/** Each photo a little longer than the last, so that every file has its own hash. */
function itemForm(files: Record<string, number>) {
  const form = new FormData();
  for (const [item, count] of Object.entries(files)) {
    for (let i = 0; i < count; i++) form.append(`item.${item}`, imageFile(`${item}-${i}.png`, (sizes += 1)));
  }
  return form;
}


/** A checklist task delivered once (VIN plate and odometer, one photo each). */
async function deliveredChecklistTask() {
  const { task } = await taskAt(h, cast, 'in_progress', { task: { checklist: CHECKLIST, category: 'vehicle' } });
  const form = itemForm({ 'vin-plate': 1, odometer: 1 });
  form.set('completion_notes', 'Both photos attached.');
  await okJson(await h.request('POST', `/api/tasks/${task.id}/evidence`, { body: form, cookie: cast.expert.cookie }));
  return task;
}

describe('request changes instead of a dispute (issue 50)', () => {
  it('stops the review window, tells the expert, keeps the earlier file and restarts the window on re-delivery', async () => {
    const task = await deliveredChecklistTask();
    expect((await taskRow(h, task.id)).review_window_ends_at).not.toBeNull();
    const asked = await okJson<{ task: TaskDto; message: string }>(await requestChanges(task.id, { item_ids: ['vin-plate'], note: NOTE }));
    expect(asked.task.status).toBe('changes_requested');
    expect(asked.message).toBe(changesText.requested);
    const row = await taskRow(h, task.id);
    expect(row.review_window_ends_at).toBeNull();
    const [told] = await h.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.user_id, cast.expert.id), eq(notifications.type, 'changes_requested'), eq(notifications.task_id, task.id)));
    expect(told?.message).toContain('VIN plate');

    // Both parties see the round while the expert works on it.
    const waiting = await itemsOf(task.id, cast.expert);
    expect(waiting.rounds).toMatchObject([{ round: 1, item_ids: ['vin-plate'], note: NOTE, redelivered_at: null }]);
    expect(waiting.rounds_left).toBe(1);

    h.clock.advance(2 * HOUR);
    const delivered = await okJson<{ task: TaskDto; message: string }>(await redeliver(task.id, itemForm({ 'vin-plate': 1 })));
    expect(delivered.task.status).toBe('pending_approval');
    expect(delivered.message).toBe('Delivered again. The client has 72 hours to review the new files.');
    const after = await taskRow(h, task.id);
    expect(after.review_window_ends_at!.getTime()).toBeGreaterThan(h.clock.now().getTime());
    expect(after.evidence_files).toHaveLength(3);
    const view = await itemsOf(task.id);
    expect(view.files.map((file) => [file.item_id, file.round, file.current])).toEqual([
      ['vin-plate', 0, false],
      ['odometer', 0, true],
      ['vin-plate', 1, true],
    ]);
    // The earlier version stays readable to both parties.
    expect((await h.request('GET', `/api/tasks/${task.id}/evidence/0`, { cookie: cast.client.cookie })).status).toBe(200);
    expect((await h.request('GET', `/api/tasks/${task.id}/evidence/0`, { cookie: cast.expert.cookie })).status).toBe(200);
    expect(view.rounds?.[0]?.redelivered_at).not.toBeNull();

    const confirmed = await okJson<{ task: TaskDto }>(await h.request('POST', `/api/tasks/${task.id}/evidence/confirm`, { cookie: cast.client.cookie }));
    expect(confirmed.task.status).toBe('verified');

    // The report certifies the final set and lists the round.
    const [report] = await h.db.select().from(inspectionReports).where(eq(inspectionReports.task_id, task.id));
    const earlier = view.files.find((file) => file.current === false)!;
    expect(report!.file_hashes).not.toContain(earlier.sha256);
    for (const file of view.files.filter((kept) => kept.current)) expect(report!.file_hashes).toContain(file.sha256);
    const pdf = await h.request('GET', `/api/tasks/${task.id}/report`, { cookie: cast.client.cookie });
    const text = pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain(hexOf(changesText.reportRoundsHeading));
    expect(text).toContain(hexOf('Round 1, requested '));
    expect(text).not.toContain(hexOf(`SHA-256 ${earlier.sha256}`));
  });

  it('refuses a third round (fake clock: two rounds, then only confirm or reject)', async () => {
    const task = await deliveredChecklistTask();
    const capabilitiesOf = async () =>
      (await okJson<{ task: { capabilities: string[] } }>(await h.request('GET', `/api/tasks/${task.id}`, { cookie: cast.client.cookie }))).task
        .capabilities;
    expect(await capabilitiesOf()).toContain('request_changes');
    for (let round = 1; round <= 2; round++) {
      await okJson(await requestChanges(task.id, { item_ids: ['odometer'], note: `${NOTE} (${round})` }));
      h.clock.advance(HOUR);
      await okJson(await redeliver(task.id, itemForm({ odometer: 1 })));
    }
    expect(await expectError(await requestChanges(task.id, { item_ids: ['odometer'], note: NOTE }), 409)).toBe(changesText.noRoundsLeft);
    expect((await taskRow(h, task.id)).status).toBe('pending_approval');
    expect((await itemsOf(task.id)).rounds_left).toBe(0);
    // The task's capability list agrees with the refusal: confirm and reject stay, a third round does not.
    const left = await capabilitiesOf();
    expect(left).not.toContain('request_changes');
    expect(left).toEqual(expect.arrayContaining(['confirm_evidence', 'reject_evidence']));
  });

  it('refuses bad input with a clear 400', async () => {
    const task = await deliveredChecklistTask();
    expect(await expectError(await requestChanges(task.id, { item_ids: ['vin-plate'], note: '' }), 400)).toBe(changesText.noteRequired);
    expect(await expectError(await requestChanges(task.id, { item_ids: [], note: NOTE }), 400)).toBe(changesText.itemsRequired);
    expect(await expectError(await requestChanges(task.id, { item_ids: ['attic'], note: NOTE }), 400)).toBe(changesText.itemUnknown);
    expect((await requestChanges(task.id, { item_ids: 'vin-plate', note: NOTE })).status).toBe(400);
    const { task: plain } = await taskAt(h, cast, 'pending_approval');
    expect(await expectError(await requestChanges(plain.id, { item_ids: ['x'], note: NOTE }), 400)).toBe(changesText.itemsNotAllowed);
    expect((await taskRow(h, task.id)).status).toBe('pending_approval');
  });

  it('refuses a re-delivery of items nobody asked about, or without the asked ones', async () => {
    const task = await deliveredChecklistTask();
    await okJson(await requestChanges(task.id, { item_ids: ['vin-plate'], note: NOTE }));
    const other = await redeliver(task.id, itemForm({ odometer: 1, 'vin-plate': 1 }));
    expect(await expectError(other, 400)).toBe(changesText.redeliverOnlyRequested.replace('{items}', 'VIN plate'));
    expect(await expectError(await redeliver(task.id, new FormData()), 400)).toBe('Please add evidence for: VIN plate');
    expect((await taskRow(h, task.id)).status).toBe('changes_requested');
  });

  it('lets only the client ask and only the assigned expert re-deliver (403/404)', async () => {
    const task = await deliveredChecklistTask();
    const body = { item_ids: ['vin-plate'], note: NOTE };
    expect(await expectError(await requestChanges(task.id, body, cast.expert), 403)).toBe(messages.evidence.onlyClientCanReview);
    await expectError(await requestChanges(task.id, body, cast.otherClient), 404);
    await expectError(await requestChanges(task.id, body, cast.otherExpert), 404);
    expect((await h.request('POST', `/api/tasks/${task.id}/evidence/request-changes`, { body })).status).toBe(401);
    await okJson(await requestChanges(task.id, body));
    expect(await expectError(await redeliver(task.id, itemForm({ 'vin-plate': 1 }), cast.client), 403)).toBe(messages.evidence.onlyAssignedExpertCanSubmit);
    await expectError(await redeliver(task.id, itemForm({ 'vin-plate': 1 }), cast.otherExpert), 404);
  });

  it('guards the state: no request before delivery or twice, no re-delivery without a request', async () => {
    const { task } = await taskAt(h, cast, 'in_progress');
    await expectError(await requestChanges(task.id, { note: NOTE }), 409);
    const { task: delivered } = await taskAt(h, cast, 'pending_approval');
    await expectError(await redeliver(delivered.id, evidenceForm(undefined, [imageFile()])), 409);
    await okJson(await requestChanges(delivered.id, { note: NOTE }));
    await expectError(await requestChanges(delivered.id, { note: NOTE }), 409);
    // A task without a checklist gets a whole new set.
    const again = await okJson<{ task: TaskDto }>(await redeliver(delivered.id, evidenceForm(undefined, [imageFile('new.png')])));
    expect(again.task.status).toBe('pending_approval');
    const view = await itemsOf(delivered.id);
    expect(view.files.filter((file) => file.current).map((file) => file.round)).toEqual([1]);
  });

  it('lets one of two parallel requests win, and one of two parallel re-deliveries', async () => {
    const task = await deliveredChecklistTask();
    const answers = await Promise.all([
      requestChanges(task.id, { item_ids: ['vin-plate'], note: NOTE }),
      requestChanges(task.id, { item_ids: ['odometer'], note: NOTE }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const rounds = await h.db.select().from(evidenceChangeRequests).where(eq(evidenceChangeRequests.task_id, task.id));
    expect(rounds).toHaveLength(1);
    const item = rounds[0]!.item_ids[0]!;
    const deliveries = await Promise.all([redeliver(task.id, itemForm({ [item]: 1 })), redeliver(task.id, itemForm({ [item]: 1 }))]);
    expect(deliveries.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect((await taskRow(h, task.id)).evidence_files).toHaveLength(3);
  });

  it('brings a lapsed task back to the open round (no review window), and to review once delivered', async () => {
    const { task } = await taskAt(h, cast, 'pending_approval');
    await okJson(await requestChanges(task.id, { note: NOTE }));
    await h.db.update(tasks).set({ status: 'payment_lapsed' }).where(eq(tasks.id, task.id));
    expect(await restoreTargetOf(h.db, await taskRow(h, task.id))).toBe('changes_requested');
    await h.db.update(evidenceChangeRequests).set({ redelivered_at: h.clock.now() }).where(eq(evidenceChangeRequests.task_id, task.id));
    expect(await restoreTargetOf(h.db, await taskRow(h, task.id))).toBe('pending_approval');
  });
});
