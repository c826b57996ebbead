import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../lib/errors';
import { recordAudit } from '../audit/audit.repository';
import { insertNotifications } from '../notifications/notifications.repository';
import { liftPause, profileExists } from './reliability.repository';

const text = messages.reliability;

/**
 * An admin lifts an expert's application pause (issue 50): one conditional update, the audit row
 * with the reason and the expert's notification in the same transaction. 409 when no pause is in
 * force (it ran out, or a parallel lift won).
 */
export async function liftApplicationPause(
  db: Db,
  params: { adminId: string; expertId: string; reason: string; now: Date },
): Promise<{ message: string }> {
  await db.transaction(async (tx) => {
    if (!(await profileExists(tx, params.expertId))) throw notFound(text.expertNotFound);
    const lifted = await liftPause(tx, params);
    if (!lifted) throw conflict(text.noPause);
    await recordAudit(tx, {
      actor_id: params.adminId,
      action: 'reliability.pause_lifted',
      target_type: 'user',
      target_id: params.expertId,
      details: { reason: params.reason, paused_until: lifted.paused_until.toISOString() },
      created_at: params.now,
    });
    await insertNotifications(tx, [
      {
        user_id: params.expertId,
        type: 'applications_resumed',
        title: text.notifyLiftedTitle,
        message: format(text.notifyLifted, { reason: params.reason }),
        data: {},
      },
    ]);
  });
  return { message: text.liftDone };
}
