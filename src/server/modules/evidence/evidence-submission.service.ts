import { eq } from 'drizzle-orm';
import { EVIDENCE } from '@shared/constants';
import { check } from '@shared/domain/permissions';
import { reviewWindowEnd, transitionFor } from '@shared/domain/task-status';
import { ruleText } from '@shared/domain/rule-texts';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import { submitEvidenceSchema } from '@shared/schemas/evidence.schemas';
import { idSchema } from '@shared/schemas/common.schemas';
import type { OverrideBody } from '@shared/schemas/admin-overrides.schemas';
import type { CaptureResultDto } from '@shared/schemas/task-api';
import { tasks } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { checkUpload } from '../../lib/file-checks';
import { validate } from '../../http/validation';
import type { StoredFile } from '../../providers/storage';
import { collectEvidenceFiles } from './evidence-files';
import { replaceEvidenceFacts } from './evidence-facts.repository';
import { storeEvidence } from './store-evidence';
import { uploadResolver, useUploadsOrConflict } from '../video-uploads/video-uploads.repository';
import { issueReportQuietly } from './reports.service';
import { clientCopy } from '../documents/strip-metadata';
import { partyCopyKey } from './party-copy';
import { thumbnailFor } from '../video-uploads/thumbnails';
import { closeDisputeOnConfirm } from '../tasks/task-disputes.repository';
import { reviewWindowHours } from '../tasks/review-window';
import { adminOverrideOf, recordOverride } from '../admin-overrides/admin-override';
import type { TransitionResult } from '../tasks/lifecycle.service';
import { loadTaskFor, loadVisibleTask } from '../tasks/task-access';
import { notify, taskNotification } from '../tasks/task-notifications';
import type { TasksServiceDeps } from '../tasks/tasks.deps';
import { toTaskDto } from '../tasks/tasks.dto';
import { findTask, updateTaskIf, type TaskRow } from '../tasks/tasks.repository';
import { errorField, log } from '../../ops/logger';
import { crashPoint } from '../../ops/crash-points';
import { enqueueCaptureRetry, OUTBOX_HEAD_START_MS } from '../payments/payment-retry-jobs';

const HOUR_MS = 60 * 60 * 1000;
const isUuid = (value: string) => idSchema.safeParse(value).success;

/** The multipart field names of POST /tasks/:id/evidence. */
export const EVIDENCE_FIELDS = { notes: 'completion_notes', files: 'files' } as const;

interface CheckedFile {
  bytes: Uint8Array;
  contentType: string;
  fileName: string;
}

/** Every file at most 5 MB and an image by its content (JPEG, PNG, WebP, GIF); the spec's texts. */
export async function checkEvidenceFiles(entries: FormDataEntryValue[]): Promise<CheckedFile[]> {
  const files = entries.filter((entry): entry is File => entry instanceof File && entry.size > 0);
  if (files.length < EVIDENCE.minFiles) throw badRequest(messages.evidence.filesRequired, { files: messages.evidence.filesRequired });
  if (files.length > EVIDENCE.maxFiles) {
    const text = format(messages.evidence.tooManyFiles, { max: EVIDENCE.maxFiles });
    throw badRequest(text, { files: text });
  }
  const checked: CheckedFile[] = [];
  for (const file of files) {
    if (file.size > EVIDENCE.maxFileBytes) {
      const text = format(messages.evidence.fileTooLarge, { name: file.name });
      throw badRequest(text, { files: text });
    }
    const bytes = new Uint8Array(await file.arrayBuffer());
    const result = checkUpload(bytes, file.name, { allowed: EVIDENCE.allowedTypes, maxBytes: EVIDENCE.maxFileBytes });
    if (!result.ok) {
      const text =
        result.reason === 'too_large'
          ? format(messages.evidence.fileTooLarge, { name: file.name })
          : format(messages.evidence.fileTypeInvalid, { name: file.name });
      throw badRequest(text, { files: text });
    }
    checked.push({ bytes, contentType: result.contentType, fileName: result.fileName });
  }
  return checked;
}

export const textOf = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : undefined;
};

export function createEvidenceService(deps: TasksServiceDeps) {
  const { db, clock, storage, payments } = deps;

  /** The storage key of evidence file `index` when the user may read it (parties and admins). */
  async function readableKey(userId: string, taskId: string, index: string) {
    const now = clock.now();
    const { actor, task, facts } = await loadVisibleTask(db, userId, taskId, now);
    const allowed = check(actor, 'view_evidence', facts, now);
    if (!allowed.ok) {
      if (allowed.reason === 'forbidden') throw forbidden(allowed.message);
      throw notFound(messages.evidence.fileNotFound);
    }
    const position = /^\d{1,3}$/.test(index) ? Number(index) : -1;
    const key = task.evidence_files[position];
    if (!key) throw notFound(messages.evidence.fileNotFound);
    return { isAdmin: actor.isAdmin, key };
  }

  return {
    /**
     * in_progress -> pending_approval by the assigned expert: the photos go to private storage under
     * evidence/{taskId}/, then one conditional update stores their keys, the notes and submitted_at
     * and asks the client (notification) to review within the admin's review window (review_window_hours).
     */
    async submit(userId: string, taskId: string, form: FormData): Promise<TransitionResult> {
      const now = clock.now();
      const { task } = await loadTaskFor(db, userId, taskId, 'submit_evidence', now);
      const { completion_notes } = validate(submitEvidenceSchema, { completion_notes: textOf(form, EVIDENCE_FIELDS.notes) });
      const files = await collectEvidenceFiles(task, form, checkEvidenceFiles, uploadResolver(db, { taskId: task.id, uploaderId: userId }));
      const windowHours = await reviewWindowHours(db);
      const windowEndsAt = reviewWindowEnd(now, windowHours, task.authorization_hold_expires_at);
      // The texts state the window this task gets: the setting, or fewer hours when the card hold
      // expires first and cuts it short (decision 0451).
      const statedHours = Math.min(windowHours, Math.max(1, Math.floor((windowEndsAt.getTime() - now.getTime()) / HOUR_MS)));
      // Nothing references the files unless the update below commits: on ANY failure (a storage
      // error halfway, a database error, a lost race) every key is removed. A failed clean-up only
      // leaves stray private files.
      const stored = await storeEvidence(storage, { taskId: task.id, files, now });
      const removeFiles = stored.remove;
      let submitted;
      try {
        submitted = await db.transaction(async (tx) => {
          const row = await updateTaskIf(
            tx,
            { id: task.id, from: ['in_progress'], expertId: userId },
            {
              status: 'pending_approval',
              evidence_files: stored.keys,
              completion_notes,
              submitted_at: now,
              review_window_ends_at: windowEndsAt,
              updated_at: now,
            },
          );
          if (!row) return undefined;
          await replaceEvidenceFacts(tx, { taskId: task.id, rows: stored.facts });
      await useUploadsOrConflict(tx, { ids: stored.uploadIds }, () => conflict(messages.tasks.statusChanged));
          await notify(tx, [taskNotification.evidenceSubmitted(task.client_id, task, statedHours)]);
          return row;
        });
      } catch (error) {
        await removeFiles();
        throw error;
      }
      if (!submitted) {
        await removeFiles();
        throw conflict(messages.tasks.statusChanged);
      }
      return { task: toTaskDto(submitted), message: ruleText(messages.evidence.submitted, { review_window_hours: statedHours }), payment_failed: false };
    },

    /** One evidence file, to the task's parties and admins only, from pending_approval on. */
    async file(userId: string, taskId: string, index: string): Promise<StoredFile> {
      const { isAdmin, key } = await readableKey(userId, taskId, index);
      const file = await storage.get(key);
      if (!file) throw notFound(messages.evidence.fileNotFound);
      // Admins get the original (raw metadata for disputes); the parties a copy without EXIF.
      return isAdmin ? file : { ...file, bytes: clientCopy(file.bytes, file.contentType) };
    },

    /**
     * A video evidence file as a stream source (range playback), with the same access rule; null when
     * the file is not a video (the route then answers with the whole photo as before).
     */
    async video(userId: string, taskId: string, index: string) {
      const { key } = await readableKey(userId, taskId, index);
      const stat = await storage.stat(key);
      if (!stat) throw notFound(messages.evidence.fileNotFound);
      if (!stat.contentType.startsWith('video/')) return null;
      return { ...stat, key, open: (range?: { start: number; end: number }) => storage.stream(key, range) };
    },

    /**
     * Where a bucket may serve the evidence file from, after the same access rule (decision 0434):
     * admins get the original as stored (raw metadata for disputes), the parties its copy without
     * EXIF, written to the bucket on the first view (party-copy.ts).
     */
    async bucketSource(userId: string, taskId: string, index: string): Promise<{ key: string }> {
      const { isAdmin, key } = await readableKey(userId, taskId, index);
      if (isAdmin) return { key };
      const copy = await partyCopyKey(storage, key);
      if (!copy) throw notFound(messages.evidence.fileNotFound);
      return { key: copy };
    },

    /** The file's thumbnail (a video's poster), with the same access rule; it carries no metadata. */
    async thumbnail(userId: string, taskId: string, index: string): Promise<StoredFile> {
      const { key } = await readableKey(userId, taskId, index);
      const thumbnail = await thumbnailFor(storage, key);
      if (!thumbnail) throw notFound(messages.evidence.fileNotFound);
      return thumbnail;
    },

    /**
     * pending_approval -> verified (the client, or an admin override): records the capture
     * authorization and completed_at in one conditional update, then captures the hold. A failed
     * capture leaves the task verified with payment authorized, which POST /payments/capture retries.
     */
    async confirm(
      userId: string,
      taskId: string,
      input: OverrideBody = {},
    ): Promise<TransitionResult & { capture: CaptureResultDto }> {
      const now = clock.now();
      // Pressed again (a lost answer, a crash after the commit): the work is confirmed, so make sure
      // its capture runs and answer as the first press would have (docs/decisions/0440).
      const again = await confirmedAwaitingCapture(userId, taskId, now);
      if (again) return finishConfirm(again, again);
      const { actor, task } = await loadTaskFor(db, userId, taskId, 'confirm_evidence', now);
      // An admin confirming in the client's place moves money: reason, audit and notices (decision 0210).
      const override = adminOverrideOf(actor, 'confirm_evidence', task, input.override_reason);
      const isOwner = task.client_id === actor.userId;
      const transition = transitionFor('confirm_evidence');
      const verified = await db.transaction(async (tx) => {
        const row = await updateTaskIf(
          tx,
          {
            id: task.id,
            from: isOwner ? transition.from : transition.adminFrom,
            extra: isOwner ? eq(tasks.client_id, actor.userId) : undefined,
          },
          { status: 'verified', client_capture_authorized_at: now, completed_at: now, updated_at: now },
        );
        if (!row) return undefined;
        await closeDisputeOnConfirm(tx, { taskId: task.id, now });
        await notify(tx, [task.expert_id ? taskNotification.taskVerified(task.expert_id, task) : null]);
        await recordOverride(tx, override, row, now);
        // The outbox: the capture is owed from this commit on, whatever happens to this request.
        if (row.stripe_payment_intent_id && row.payment_status === 'authorized') {
          await enqueueCaptureRetry(tx, { taskId: row.id, intentId: row.stripe_payment_intent_id, now, delayMs: OUTBOX_HEAD_START_MS });
        }
        return row;
      });
      if (!verified) throw conflict(messages.tasks.statusChanged);
      crashPoint('confirm.after_verified_commit');
      return finishConfirm(verified, task);
    },
  };

  /** The confirmed task of a client (or admin) whose capture is not recorded yet, or null. */
  async function confirmedAwaitingCapture(userId: string, taskId: string, now: Date) {
    const current = isUuid(taskId) ? await findTask(db, taskId) : undefined;
    if (!current || current.status !== 'verified' || current.payment_status !== 'authorized' || !current.stripe_payment_intent_id) {
      return null;
    }
    const { actor } = await loadVisibleTask(db, userId, taskId, now);
    if (actor.userId !== current.client_id && !actor.isAdmin) return null;
    await enqueueCaptureRetry(db, { taskId: current.id, intentId: current.stripe_payment_intent_id, now, delayMs: OUTBOX_HEAD_START_MS });
    return current;
  }

  /** Captures at once for a fast answer (the outbox job is the guarantee), then issues the report. */
  async function finishConfirm(verified: TaskRow, task: Pick<TaskRow, 'id'>): Promise<TransitionResult & { capture: CaptureResultDto }> {
    let capture: CaptureResultDto;
    try {
      capture = await payments.capture(verified);
    } catch (error) {
      // The contract says capture never throws for provider failures; anything else counts the same.
      log.error({ taskId: task.id, err: errorField(error) }, 'capture failed');
      capture = {
        success: false,
        payment_intent_id: verified.stripe_payment_intent_id,
        amount_captured: 0,
        error: error instanceof Error ? error.message : String(error),
      };
    }
    await issueReportQuietly({ db, clock, storage, publicUrl: deps.publicUrl ?? '' }, task.id);
    const current = (await findTask(db, task.id)) ?? verified;
    return {
      task: toTaskDto(current),
      message: capture.success ? messages.payment.captured : messages.evidence.captureFailed,
      payment_failed: !capture.success,
      capture,
    };
  }
}

export type EvidenceService = ReturnType<typeof createEvidenceService>;
