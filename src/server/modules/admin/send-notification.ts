import type { SendNotificationInput } from '@shared/schemas/admin.schemas';
import { messages } from '@shared/messages';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../lib/errors';
import { recordAudit } from '../audit/audit.repository';
import { insertNotifications } from '../notifications/notifications.repository';
import { recipientIds } from './notifications.repository';

const INSERT_BATCH = 1_000;

/**
 * Send Notification: one row per recipient through insertNotifications (so it is delivered like any
 * other notification: the bell, live events and push), and one audit entry, in one transaction.
 */
export async function sendAdminNotification(
  db: Db,
  params: { actorId: string; input: SendNotificationInput; now: Date },
): Promise<{ recipients: number }> {
  const { input, now } = params;
  return db.transaction(async (tx) => {
    const audience =
      input.audience === 'user'
        ? ({ kind: 'user', userId: input.user_id! } as const)
        : input.audience === 'role'
          ? ({ kind: 'role', role: input.role! } as const)
          : ({ kind: 'all' } as const);
    const ids = await recipientIds(tx, audience);
    if (ids.length === 0) {
      if (input.audience === 'user') throw notFound(messages.admin.userNotFound);
      throw badRequest(messages.admin.notificationNoRecipients);
    }
    for (let start = 0; start < ids.length; start += INSERT_BATCH) {
      await insertNotifications(
        tx,
        ids.slice(start, start + INSERT_BATCH).map((userId) => ({
          user_id: userId,
          type: 'admin_message' as const,
          title: input.title,
          message: input.message,
          data: { sent_by: params.actorId },
          created_at: now,
        })),
      );
    }
    await recordAudit(tx, {
      actor_id: params.actorId,
      action: 'notification.sent',
      target_type: input.audience === 'user' ? 'user' : 'audience',
      target_id: input.audience === 'user' ? input.user_id : input.audience === 'role' ? input.role : 'all',
      details: { title: input.title, message: input.message, recipients: ids.length },
      created_at: now,
    });
    return { recipients: ids.length };
  });
}
