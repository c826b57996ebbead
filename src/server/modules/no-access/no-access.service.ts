import { eq } from 'drizzle-orm';
import { NO_ACCESS, noAccessTooEarly } from '@shared/domain/no-access';
import { formatUsd } from '@shared/domain/money';
import { transitionFor } from '@shared/domain/task-status';
import { formatInTimeZone, formatWindow } from '@shared/domain/time-zone';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import type { NoAccessReportDto } from '@shared/schemas/no-access.schemas';
import type { Db } from '../../db/client';
import { tasks } from '../../db/schema';
import { enqueueJob } from '../../jobs/jobs.repository';
import type { Clock } from '../../lib/clock';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { zoneOfTask } from '../../lib/task-time-zone';
import { storageKey, type FileStorage, type StoredFile } from '../../providers/storage';
import { findAppointment } from '../appointments/appointments.repository';
import { agreedOf } from '../appointments/appointments.view';
import { recordAudit } from '../audit/audit.repository';
import { insertDispute } from '../disputes/disputes.repository';
import { clientCopy } from '../documents/strip-metadata';
import { partyCopyKey } from '../evidence/party-copy';
import { adminIds } from '../holds/holds.repository';
import { insertNotifications } from '../notifications/notifications.repository';
import { recordReliabilityEvent } from '../reliability/reliability.service';
import { loadTaskFor, loadVisibleTask } from '../tasks/task-access';
import { updateTaskIf, type TaskRow } from '../tasks/tasks.repository';
import { checkNoAccessPhotos } from './no-access-proof';
import { NO_ACCESS_FEE_KIND, noAccessFeeOf } from './no-access-fee';
import { findReport, insertReport, settleReport, type NoAccessReportRow } from './no-access.repository';

const text = messages.noAccess;

/** "Tue 8 Dec, 8:08 am EST": the deadline written as the visit's window is (time-zone.ts). */
const deadlineText = (at: Date, zone: string) => formatInTimeZone(at, zone);

/** Proof of a no-show (issue 50, docs/decisions/0463): the expert's report, the client's contest, the reads. */
export function createNoAccessService(deps: { db: Db; clock: Clock; storage: FileStorage }) {
  const { db, clock, storage } = deps;

  async function dto(task: TaskRow, report: NoAccessReportRow): Promise<NoAccessReportDto> {
    const zone = zoneOfTask(task);
    const { fee, platform } = await noAccessFeeOf(db, task);
    return {
      task_id: task.id,
      status: report.status,
      window: formatWindow({ start: report.window_start, end: report.window_end }, zone),
      reported_at: report.created_at.toISOString(),
      fee_due_at: report.fee_due_at.toISOString(),
      fee_due_text: deadlineText(report.fee_due_at, zone),
      fee_cents: fee,
      expert_cents: fee - platform,
      note: report.note,
      photos: report.photos.map((photo, index) => ({ index, captured_at: photo.captured_at, distance_miles: photo.distance_miles })),
      contest_reason: report.contest_reason,
    };
  }

  /** The stored key of a proof photo, for the task's parties and admins only. */
  async function readablePhotoKey(userId: string, taskId: string, rawIndex: string): Promise<string> {
    const { task, actor } = await loadVisibleTask(db, userId, taskId, clock.now());
    const party = actor.isAdmin || task.client_id === userId || task.expert_id === userId;
    const report = party ? await findReport(db, task.id) : undefined;
    const photo = report?.photos[Number.parseInt(rawIndex, 10)];
    if (!report || !photo || !/^\d+$/.test(rawIndex)) throw notFound(text.notFound);
    return photo.key;
  }

  return {
    /** The assigned expert reports that nobody gave access, with photos proving time and place. */
    async report(userId: string, taskId: string, form: FormData): Promise<{ report: NoAccessReportDto; message: string }> {
      const now = clock.now();
      const { task } = await loadTaskFor(db, userId, taskId, 'report_no_access', now);
      const window = agreedOf(await findAppointment(db, task.id));
      if (!window) throw conflict(text.noWindow);
      const zone = zoneOfTask(task);
      if (noAccessTooEarly(window, now)) throw conflict(format(text.tooEarly, { start: formatWindow(window, zone) }));
      const rawNote = form.get('note');
      const note = typeof rawNote === 'string' && rawNote.trim() ? rawNote.trim() : null;
      if (note && note.length > NO_ACCESS.noteMax) throw badRequest(text.noteTooLong, { note: text.noteTooLong });
      const files = form.getAll('photos').filter((entry): entry is File => entry instanceof File && entry.size > 0);
      const proof = await checkNoAccessPhotos(files, { window, task: { latitude: task.latitude, longitude: task.longitude }, zone });
      if (!proof.ok) {
        // A report refused for its proof counts on the expert's record (decision 0457), once per task.
        if (proof.counts) await recordReliabilityEvent(db, { userId, taskId: task.id, kind: 'no_show_refused', now });
        throw proof.error;
      }
      const photos = await Promise.all(
        proof.photos.map(async (checked, index) => {
          const key = storageKey('no-access', task.id, `${index}_${checked.fileName}`, now);
          await storage.put(key, checked.bytes, { contentType: checked.photo.content_type });
          return { ...checked.photo, key };
        }),
      );
      const feeDueAt = new Date(now.getTime() + NO_ACCESS.contestWindowMs);
      const { fee } = await noAccessFeeOf(db, task);
      const report = await db.transaction(async (tx) => {
        const row = await updateTaskIf(
          tx,
          { id: task.id, from: transitionFor('report_no_access').from, expertId: userId, extra: eq(tasks.payment_status, 'authorized') },
          { status: 'no_access_reported', updated_at: now },
        );
        if (!row) return undefined;
        const inserted = await insertReport(tx, { taskId: task.id, expertId: userId, window, photos, note, feeDueAt, now });
        await enqueueJob(tx, { kind: NO_ACCESS_FEE_KIND, key: `${NO_ACCESS_FEE_KIND}:${task.id}:${now.getTime()}`, runAt: feeDueAt, payload: { taskId: task.id } });
        await insertNotifications(tx, [
          {
            user_id: task.client_id,
            type: 'no_access_reported',
            title: text.notifyReportedTitle,
            message: format(text.notifyReported, { title: task.title, deadline: deadlineText(feeDueAt, zone), fee: formatUsd(fee) }),
            task_id: task.id,
            data: { task_id: task.id, fee_due_at: feeDueAt.toISOString(), callout_fee_cents: fee },
          },
        ]);
        return inserted;
      });
      if (!report) throw conflict(messages.tasks.statusChanged);
      return { report: await dto({ ...task, status: 'no_access_reported' }, report), message: text.reported };
    },

    /** The client contests within 48 hours: a dispute in the existing flow, which an admin decides. */
    async contest(userId: string, taskId: string, reason: string): Promise<{ message: string }> {
      const now = clock.now();
      const { task } = await loadTaskFor(db, userId, taskId, 'contest_no_access', now);
      const admins = await adminIds(db);
      const opened = await db.transaction(async (tx) => {
        const row = await updateTaskIf(tx, { id: task.id, from: ['no_access_reported'], extra: eq(tasks.client_id, userId) }, { status: 'disputed', updated_at: now });
        if (!row || !(await settleReport(tx, { taskId: task.id, to: 'contested', contestReason: reason, now }))) return undefined;
        const dispute = await insertDispute(tx, { taskId: task.id, openedBy: userId, reason: `${text.panelTitle}: ${reason}`, requestChanges: false, now });
        await insertNotifications(tx, [
          ...(task.expert_id
            ? [{ user_id: task.expert_id, type: 'no_access_contested' as const, title: text.notifyContestedTitle, message: format(text.notifyContested, { title: task.title, reason }), task_id: task.id, data: { task_id: task.id, dispute_id: dispute.id } }]
            : []),
          ...admins.map((id) => ({ user_id: id, type: 'dispute_opened' as const, title: text.notifyContestedTitle, message: format(text.notifyContestedAdmin, { title: task.title }), task_id: task.id, data: { task_id: task.id, dispute_id: dispute.id } })),
        ]);
        await recordAudit(tx, {
          actor_id: userId,
          action: 'dispute.opened',
          target_type: 'task',
          target_id: task.id,
          details: { dispute_id: dispute.id, reason, no_access: true },
          created_at: now,
        });
        return row;
      });
      if (!opened) throw conflict(messages.tasks.statusChanged);
      return { message: text.contested };
    },

    /**
     * The report for the task's parties and admins, null when there is none (the page asks on every
     * cancelled or disputed task: an answer, not a 404 in the console); 404 for anyone else.
     */
    async read(userId: string, taskId: string): Promise<{ report: NoAccessReportDto | null }> {
      const { task, actor } = await loadVisibleTask(db, userId, taskId, clock.now());
      const party = actor.isAdmin || task.client_id === userId || task.expert_id === userId;
      if (!party) throw notFound(text.notFound);
      const report = await findReport(db, task.id);
      return { report: report ? await dto(task, report) : null };
    },

    /** One proof photo, without its metadata (like evidence for the parties), to the same readers. */
    async photo(userId: string, taskId: string, rawIndex: string): Promise<StoredFile> {
      const key = await readablePhotoKey(userId, taskId, rawIndex);
      const stored = await storage.get(key);
      if (!stored) throw notFound(text.notFound);
      return { ...stored, bytes: clientCopy(stored.bytes, stored.contentType) };
    },

    /** Where a bucket may serve that photo from: its copy without metadata (decision 0434). */
    async photoSource(userId: string, taskId: string, rawIndex: string): Promise<{ key: string }> {
      const copy = await partyCopyKey(storage, await readablePhotoKey(userId, taskId, rawIndex));
      if (!copy) throw notFound(text.notFound);
      return { key: copy };
    },
  };
}
