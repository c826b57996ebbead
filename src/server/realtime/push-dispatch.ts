import { and, eq, isNull } from 'drizzle-orm';
import { BRAND_NAME } from '@shared/brand';
import type { Db } from '../db/client';
import { notifications, profiles } from '../db/schema';
import type { Clock } from '../lib/clock';
import { PushSendError, type PushSender } from '../providers/push';
import type { ChangeBus, ChangeEvent } from './change-bus';
import { errorField, log } from '../ops/logger';

/**
 * Sends each new notification once to its user's device token. Every instance hears the insert;
 * the one whose conditional UPDATE sets push_sent_at first sends it. A token the provider reports
 * as gone is cleared (only if it is still the stored one).
 */
export async function deliverNotificationPush(
  deps: { db: Db; clock: Clock; push: PushSender },
  notificationId: string,
): Promise<'sent' | 'no_token' | 'already_claimed' | 'token_cleared' | 'failed'> {
  const { db, clock, push } = deps;
  const [claimed] = await db
    .update(notifications)
    .set({ push_sent_at: clock.now() })
    .where(and(eq(notifications.id, notificationId), isNull(notifications.push_sent_at)))
    .returning();
  if (!claimed) return 'already_claimed';
  const [profile] = await db
    .select({ token: profiles.fcm_token })
    .from(profiles)
    .where(eq(profiles.id, claimed.user_id));
  const token = profile?.token;
  if (!token) return 'no_token';
  try {
    await push.send({
      token,
      // The lock screen names the product (BRAND_NAME) before the notification's own title.
      title: `${BRAND_NAME}: ${claimed.title}`,
      body: claimed.message,
      data: { notification_id: claimed.id, type: claimed.type, ...(claimed.task_id ? { task_id: claimed.task_id } : {}) },
    });
    return 'sent';
  } catch (error) {
    if (error instanceof PushSendError && error.tokenGone) {
      await db
        .update(profiles)
        .set({ fcm_token: null })
        .where(and(eq(profiles.id, claimed.user_id), eq(profiles.fcm_token, token)));
      return 'token_cleared';
    }
    log.error({ notificationId: claimed.id, err: errorField(error) }, 'push failed');
    return 'failed';
  }
}

export function startPushDispatch(deps: { db: Db; clock: Clock; push: PushSender; bus: ChangeBus }): () => void {
  return deps.bus.subscribe({
    onChange(event: ChangeEvent) {
      if (event.table !== 'notifications' || event.op !== 'insert') return;
      deliverNotificationPush(deps, event.id).catch((error: unknown) => log.error({ err: errorField(error) }, 'push dispatch failed'));
    },
  });
}
