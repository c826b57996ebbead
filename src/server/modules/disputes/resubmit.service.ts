import { nextDeliveryRound } from '@shared/domain/evidence-changes';
import { reviewWindowEnd } from '@shared/domain/task-status';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import { submitEvidenceSchema } from '@shared/schemas/evidence.schemas';
import type { Db } from '../../db/client';
import { validate } from '../../http/validation';
import type { Clock } from '../../lib/clock';
import { conflict } from '../../lib/errors';
import type { FileStorage } from '../../providers/storage';
import { collectEvidenceFiles } from '../evidence/evidence-files';
import { appendEvidenceFacts } from '../evidence/change-requests.repository';
import { listEvidenceFacts } from '../evidence/evidence-facts.repository';
import { storeEvidence } from '../evidence/store-evidence';
import { uploadResolver, useUploadsOrConflict } from '../video-uploads/video-uploads.repository';
import { recordAudit } from '../audit/audit.repository';
import { insertNotifications } from '../notifications/notifications.repository';
import { reviewWindowHours } from '../holds/holds.repository';
import { moneyNotification } from '../holds/money-notifications';
import { checkEvidenceFiles, EVIDENCE_FIELDS, textOf } from '../evidence/evidence-submission.service';
import { loadTaskFor } from '../tasks/task-access';
import { updateTaskIf } from '../tasks/tasks.repository';
import { findOpenDispute, markResubmitted } from './disputes.repository';

const disputesText = messages.disputes;

/**
 * disputed -> pending_approval: the expert's one resubmission. New photos and notes replace the
 * old ones as the final set; the old files stay, as earlier versions both parties and the admin who
 * rules can still open. The review window starts again, and the dispute waits for the client's answer.
 */
export async function resubmitEvidence(
  deps: { db: Db; clock: Clock; storage: FileStorage },
  userId: string,
  taskId: string,
  form: FormData,
) {
  const { db, clock, storage } = deps;
  const now = clock.now();
  const { task } = await loadTaskFor(db, userId, taskId, 'resubmit_evidence', now);
  const dispute = await findOpenDispute(db, task.id);
  if (!dispute) throw conflict(disputesText.notOpen);
  if (dispute.status !== 'open') throw conflict(disputesText.alreadyResubmitted);
  const { completion_notes } = validate(submitEvidenceSchema, { completion_notes: textOf(form, EVIDENCE_FIELDS.notes) });
  const files = await collectEvidenceFiles(task, form, checkEvidenceFiles, uploadResolver(db, { taskId: task.id, uploaderId: userId }));
  const stored = await storeEvidence(storage, { taskId: task.id, files, now, prefix: 'r' });
  // Positions continue after the earlier files; the new delivery replaces all of them (issue 50).
  const earlier = await listEvidenceFacts(db, { taskId: task.id });
  const round = nextDeliveryRound(earlier);
  const offset = task.evidence_files.length;
  const facts = stored.facts.map((fact) => ({ ...fact, position: fact.position + offset, round, replaces_earlier: true }));
  const keys = stored.keys;
  const windowEnds = reviewWindowEnd(now, await reviewWindowHours(db), task.authorization_hold_expires_at);
  const updated = await db.transaction(async (tx) => {
    const marked = await markResubmitted(tx, { id: dispute.id, now });
    if (!marked) return undefined;
    const row = await updateTaskIf(
      tx,
      { id: task.id, from: ['disputed'], expertId: userId },
      { status: 'pending_approval', evidence_files: [...task.evidence_files, ...keys], completion_notes, submitted_at: now, review_window_ends_at: windowEnds, updated_at: now },
    );
    if (!row) throw conflict(messages.tasks.statusChanged);
    await appendEvidenceFacts(tx, { rows: facts });
    await useUploadsOrConflict(tx, { ids: stored.uploadIds }, () => conflict(messages.tasks.statusChanged));
    await insertNotifications(tx, [
      moneyNotification(task.client_id, 'evidence_resubmitted', disputesText.resubmittedTitle, format(disputesText.resubmittedMessage, { title: task.title }), task, now, {
        dispute_id: dispute.id,
      }),
    ]);
    await recordAudit(tx, { actor_id: userId, action: 'dispute.evidence_resubmitted', target_type: 'task', target_id: task.id, details: { dispute_id: dispute.id, files: keys.length }, created_at: now });
    return row;
  }).catch(async (error: unknown) => {
    await stored.remove();
    throw error;
  });
  if (!updated) {
    await stored.remove();
    throw conflict(disputesText.alreadyResubmitted);
  }
  return { task: updated, message: disputesText.resubmitted };
}
