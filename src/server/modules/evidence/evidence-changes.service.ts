import { eq } from 'drizzle-orm';
import { check } from '@shared/domain/permissions';
import { hasChecklist, type ChecklistItem } from '@shared/domain/checklist';
import { nextDeliveryRound } from '@shared/domain/evidence-changes';
import { reviewWindowEnd } from '@shared/domain/task-status';
import { ruleText } from '@shared/domain/rule-texts';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import type { RequestChangesRequest } from '@shared/schemas/evidence-changes.schemas';
import { submitEvidenceSchema } from '@shared/schemas/evidence.schemas';
import { validate } from '../../http/validation';
import { tasks } from '../../db/schema';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { badRequest, conflict } from '../../lib/errors';
import type { FileStorage } from '../../providers/storage';
import { recordAudit } from '../audit/audit.repository';
import { insertNotifications, type NewNotification } from '../notifications/notifications.repository';
import { uploadResolver, useUploadsOrConflict } from '../video-uploads/video-uploads.repository';
import { reviewWindowHours } from '../tasks/review-window';
import { enforce, loadTaskFor, loadVisibleTask } from '../tasks/task-access';
import { toTaskDto } from '../tasks/tasks.dto';
import { updateTaskIf, type TaskRow } from '../tasks/tasks.repository';
import type { TransitionResult } from '../tasks/lifecycle.service';
import { appendEvidenceFacts, insertChangeRequest, listChangeRequests, markRedelivered, openChangeRequest } from './change-requests.repository';
import { collectEvidenceFiles, ITEM_FIELD_PREFIX } from './evidence-files';
import { checkEvidenceFiles, EVIDENCE_FIELDS, textOf } from './evidence-submission.service';
import { listEvidenceFacts } from './evidence-facts.repository';
import { storeEvidence } from './store-evidence';

const HOUR_MS = 60 * 60 * 1000;
const changesText = messages.evidenceChanges;

export interface EvidenceChangesDeps {
  db: Db;
  clock: Clock;
  storage: FileStorage;
}

const fail = (text: string, field: string) => badRequest(text, { [field]: text });

const labelsOf = (task: Pick<TaskRow, 'checklist'>, itemIds: string[]) =>
  itemIds.length === 0
    ? changesText.wholeDelivery
    : itemIds.map((id) => task.checklist?.find((item) => item.id === id)?.label ?? id).join(', ');

function note(to: string, type: NewNotification['type'], title: string, message: string, task: Pick<TaskRow, 'id'>, now: Date, data: Record<string, unknown>): NewNotification {
  return { user_id: to, type, title, message, task_id: task.id, data: { task_id: task.id, ...data }, created_at: now };
}

/** The picked items: known checklist ids, at least one, each once; none on a task without a checklist. */
function checkedItems(task: Pick<TaskRow, 'checklist'>, itemIds: string[]): string[] {
  const unique = [...new Set(itemIds)];
  if (!hasChecklist(task.checklist)) {
    if (unique.length > 0) throw fail(changesText.itemsNotAllowed, 'item_ids');
    return [];
  }
  if (unique.length === 0) throw fail(changesText.itemsRequired, 'item_ids');
  const known = new Set(task.checklist.map((item) => item.id));
  if (unique.some((id) => !known.has(id))) throw fail(changesText.itemUnknown, 'item_ids');
  return unique;
}

/**
 * Changes requested instead of a dispute (issue 50, docs/decisions/0465): the client names the items
 * to deliver again, the review window stops; the expert re-delivers them, the window starts again.
 */
export function createEvidenceChangesService(deps: EvidenceChangesDeps) {
  const { db, clock, storage } = deps;

  /** pending_approval -> changes_requested by the client, at most CHANGE_REQUESTS.maxRounds times. */
  async function request(userId: string, taskId: string, body: RequestChangesRequest & { note: string }): Promise<TransitionResult> {
    const now = clock.now();
    const { actor, task, facts } = await loadVisibleTask(db, userId, taskId, now);
    const rounds = await listChangeRequests(db, { taskId: task.id });
    enforce(check(actor, 'request_changes', { ...facts, changeRounds: rounds.length }, now));
    const itemIds = checkedItems(task, body.item_ids ?? []);
    const round = rounds.length + 1;
    const changed = await db.transaction(async (tx) => {
      const row = await updateTaskIf(
        tx,
        { id: task.id, from: ['pending_approval'], extra: eq(tasks.client_id, actor.userId) },
        { status: 'changes_requested', review_window_ends_at: null, updated_at: now },
      );
      if (!row) return undefined;
      const created = await insertChangeRequest(tx, { taskId: task.id, round, itemIds, note: body.note, requestedBy: actor.userId, now });
      if (!created) throw conflict(messages.tasks.statusChanged);
      if (task.expert_id) {
        const message = format(changesText.requestedMessage, { title: task.title, items: labelsOf(task, itemIds), note: body.note });
        await insertNotifications(tx, [note(task.expert_id, 'changes_requested', changesText.requestedTitle, message, task, now, { round, item_ids: itemIds })]);
      }
      await recordAudit(tx, { actor_id: actor.userId, action: 'evidence.changes_requested', target_type: 'task', target_id: task.id, details: { round, item_ids: itemIds }, created_at: now });
      return row;
    });
    if (!changed) throw conflict(messages.tasks.statusChanged);
    return { task: toTaskDto(changed), message: changesText.requested, payment_failed: false };
  }

  /** changes_requested -> pending_approval by the assigned expert: the requested items again, a new review window. */
  async function redeliver(userId: string, taskId: string, form: FormData): Promise<TransitionResult> {
    const now = clock.now();
    const { task } = await loadTaskFor(db, userId, taskId, 'redeliver_evidence', now);
    const open = await openChangeRequest(db, { taskId: task.id });
    if (!open) throw conflict(changesText.noOpenRequest);
    // New notes are optional on a re-delivery: when sent, they replace the earlier ones.
    const notesText = textOf(form, EVIDENCE_FIELDS.notes);
    const notes = notesText?.trim() ? validate(submitEvidenceSchema, { completion_notes: notesText }).completion_notes : null;
    const files = await collectRedelivery(task, open.item_ids, form, userId);
    const windowHours = await reviewWindowHours(db);
    const windowEndsAt = reviewWindowEnd(now, windowHours, task.authorization_hold_expires_at);
    const statedHours = Math.min(windowHours, Math.max(1, Math.floor((windowEndsAt.getTime() - now.getTime()) / HOUR_MS)));
    const stored = await storeEvidence(storage, { taskId: task.id, files, now, prefix: `c${open.round}-` });
    // Positions continue after the earlier files, which stay readable as earlier versions.
    const offset = task.evidence_files.length;
    const round = nextDeliveryRound(await listEvidenceFacts(db, { taskId: task.id }));
    const facts = stored.facts.map((fact) => ({ ...fact, position: fact.position + offset, round }));
    const delivered = await db
      .transaction(async (tx) => {
        const row = await updateTaskIf(
          tx,
          { id: task.id, from: ['changes_requested'], expertId: userId },
          {
            status: 'pending_approval',
            evidence_files: [...task.evidence_files, ...stored.keys],
            ...(notes ? { completion_notes: notes } : {}),
            submitted_at: now,
            review_window_ends_at: windowEndsAt,
            updated_at: now,
          },
        );
        if (!row) return undefined;
        if (!(await markRedelivered(tx, { id: open.id, now }))) throw conflict(messages.tasks.statusChanged);
        await appendEvidenceFacts(tx, { rows: facts });
        await useUploadsOrConflict(tx, { ids: stored.uploadIds }, () => conflict(messages.tasks.statusChanged));
        const message = format(changesText.redeliveredMessage, { title: task.title });
        await insertNotifications(tx, [
          note(task.client_id, 'evidence_redelivered', changesText.redeliveredTitle, message, task, now, { round: open.round, review_within_hours: statedHours }),
        ]);
        await recordAudit(tx, { actor_id: userId, action: 'evidence.redelivered', target_type: 'task', target_id: task.id, details: { round: open.round, files: stored.keys.length }, created_at: now });
        return row;
      })
      .catch(async (error: unknown) => {
        await stored.remove();
        throw error;
      });
    if (!delivered) {
      await stored.remove();
      throw conflict(messages.tasks.statusChanged);
    }
    return { task: toTaskDto(delivered), message: ruleText(changesText.redelivered, { review_window_hours: statedHours }), payment_failed: false };
  }

  /**
   * The re-delivered files: only the requested items, each at least once (checked as on the first
   * delivery); on a task without a checklist, a new set of photos under `files`.
   */
  async function collectRedelivery(task: TaskRow, itemIds: string[], form: FormData, userId: string) {
    const resolve = uploadResolver(db, { taskId: task.id, uploaderId: userId });
    if (!hasChecklist(task.checklist) || itemIds.length === 0) return collectEvidenceFiles({ checklist: null }, form, checkEvidenceFiles, resolve);
    const requested = new Set(itemIds);
    const items: ChecklistItem[] = task.checklist.filter((item) => requested.has(item.id)).map((item) => ({ ...item, required: true }));
    const labels = items.map((item) => item.label).join(', ');
    const extra = [...new Set([...form.keys()])].some((field) => {
      if (!field.startsWith(ITEM_FIELD_PREFIX) || requested.has(field.slice(ITEM_FIELD_PREFIX.length))) return false;
      return form.getAll(field).some((entry) => (typeof entry === 'string' ? entry.trim() !== '' : entry.size > 0));
    });
    if (extra) throw fail(format(changesText.redeliverOnlyRequested, { items: labels }), 'files');
    return collectEvidenceFiles({ checklist: items }, form, checkEvidenceFiles, resolve);
  }

  /** The rounds of a task, for the evidence view and the report. */
  async function rounds(taskId: string) {
    return listChangeRequests(db, { taskId });
  }

  return { request, redeliver, rounds };
}

export type EvidenceChangesService = ReturnType<typeof createEvidenceChangesService>;
