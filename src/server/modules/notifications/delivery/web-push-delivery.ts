import { BRAND_NAME } from '@shared/brand';
import type { Db } from '../../../db/client';
import { notifications } from '../../../db/schema';
import { enqueueJobs } from '../../../jobs/jobs.repository';
import { eq } from 'drizzle-orm';
import type { JobHandler } from '../../../jobs/runner';
import { findWebPushSubscription, removeGoneWebPushSubscription } from './web-push-subscriptions.repository';
import { WebPushSendError, type WebPushSender } from '../../../providers/web-push';
import { DELIVERY_MAX_ATTEMPTS } from './delivery-enqueue';
import { notificationLink } from './notification-email';

/** One job per notification and browser subscription, so one browser's failures never resend to the others. */
export const WEB_PUSH_JOB_KIND = 'deliver-webpush';

export const webPushJobKey = (notificationId: string, subscriptionId: string) => `deliver:webpush:${notificationId}:${subscriptionId}`;

const DUE_NOW = new Date(0);

/**
 * Called by the push job once the user's push preference allowed it, with the user's subscriptions
 * (read with the job's target, delivery-target.repository.ts): enqueues a keyed job per subscription
 * (a retried push job enqueues nothing twice). Returns how many browsers were queued.
 */
export async function enqueueWebPushes(
  db: Db,
  params: { notificationId: string; subscriptionIds: string[]; createdAt: Date },
): Promise<number> {
  if (params.subscriptionIds.length === 0) return 0;
  await enqueueJobs(
    db,
    params.subscriptionIds.map((subscriptionId) => ({
      kind: WEB_PUSH_JOB_KIND,
      key: webPushJobKey(params.notificationId, subscriptionId),
      payload: { notificationId: params.notificationId, subscriptionId },
      runAt: DUE_NOW,
      createdAt: params.createdAt,
      maxAttempts: DELIVERY_MAX_ATTEMPTS,
    })),
  );
  return params.subscriptionIds.length;
}

export type WebPushOutcome = 'sent' | 'skipped' | 'subscription_removed';

/** Sends one notification to one browser subscription; 404/410 forget the subscription, other errors retry. */
export async function deliverWebPush(
  deps: { db: Db; publicUrl: string; webPush: WebPushSender },
  params: { notificationId: string; subscriptionId: string },
): Promise<WebPushOutcome> {
  const subscription = await findWebPushSubscription(deps.db, params.subscriptionId);
  const [notification] = await deps.db.select().from(notifications).where(eq(notifications.id, params.notificationId));
  // Unsubscribed, or moved to another user's browser session, since the job was queued.
  if (!subscription || !notification || subscription.user_id !== notification.user_id) return 'skipped';
  const link = notificationLink(deps.publicUrl, notification);
  try {
    await deps.webPush.send(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      {
        title: `${BRAND_NAME}: ${notification.title}`,
        body: notification.message,
        // A path: the service worker opens it on its own origin.
        url: link.url.startsWith(deps.publicUrl) ? link.url.slice(deps.publicUrl.length) || '/' : '/dashboard',
        tag: notification.id,
      },
    );
    return 'sent';
  } catch (error) {
    if (error instanceof WebPushSendError && error.subscriptionGone) {
      await removeGoneWebPushSubscription(deps.db, { id: subscription.id, endpoint: subscription.endpoint });
      return 'subscription_removed';
    }
    throw error;
  }
}

export function createWebPushHandler(deps: { db: Db; publicUrl: string; webPush: WebPushSender }): Record<string, JobHandler> {
  return {
    [WEB_PUSH_JOB_KIND]: async (job) => void (await deliverWebPush(deps, job.payload as { notificationId: string; subscriptionId: string })),
  };
}
