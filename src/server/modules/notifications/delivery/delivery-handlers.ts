import { and, eq } from 'drizzle-orm';
import { BRAND_NAME } from '@shared/brand';
import { categoryOf, isMandatoryEmail } from '@shared/notify/notification-categories';
import type { Db } from '../../../db/client';
import { profiles } from '../../../db/schema';
import type { JobModule } from '../../../jobs/registry';
import type { JobHandler } from '../../../jobs/runner';
import type { EmailSender } from '../../../providers/email';
import { PushSendError, type PushSender } from '../../../providers/push';
import { DELIVERY_JOB_KINDS } from './delivery-enqueue';
import { notificationEmail } from './notification-email';
import type { WebPushSender } from '../../../providers/web-push';
import { createWebPushHandler, enqueueWebPushes } from './web-push-delivery';
import { loadDeliveryTarget } from './delivery-target.repository';

export interface DeliveryDeps {
  db: Db;
  publicUrl: string;
  /** Signs unsubscribe links. */
  secret: string;
  email: EmailSender;
  push: PushSender;
  /** Browser subscriptions (issue 19); left out, only the native device is pushed. */
  webPush?: WebPushSender;
}

type Outcome = 'sent' | 'skipped';

/** Mails one notification unless its category's email is off (money and security mails always go). */
/** A notification that states or changes a visit carries its calendar file in data.ics (issue 49). */
function calendarOf(data: unknown): { method: string; content: string } | null {
  const value = data as { ics?: unknown; ics_method?: unknown } | null;
  if (!value || typeof value.ics !== 'string' || typeof value.ics_method !== 'string') return null;
  return { method: value.ics_method, content: value.ics };
}

export async function deliverEmail(deps: DeliveryDeps, notificationId: string): Promise<Outcome> {
  const target = await loadDeliveryTarget(deps.db, { notificationId, channel: 'email' });
  if (!target?.email) return 'skipped';
  const { notification } = target;
  if (!isMandatoryEmail(notification.type) && !target.enabled(categoryOf(notification.type))) return 'skipped';
  // A provider error throws: the runner retries with back-off, then the job shows as failed to admins.
  const calendar = calendarOf(notification.data);
  const message = await notificationEmail(deps, notification, target.email);
  await deps.email.send(calendar ? { ...message, calendar } : message);
  return 'sent';
}

/**
 * Pushes one notification, if the category's push is on, to the user's browsers (one keyed job each)
 * and to their native device, if any.
 */
export async function deliverPush(deps: DeliveryDeps, notificationId: string): Promise<Outcome | 'token_cleared'> {
  const target = await loadDeliveryTarget(deps.db, { notificationId, channel: 'push' });
  if (!target) return 'skipped';
  const { notification } = target;
  if (!target.enabled(categoryOf(notification.type))) return 'skipped';
  // Before the native send: if that throws, the retry finds these already queued (keyed, never twice).
  const browsers = deps.webPush
    ? await enqueueWebPushes(deps.db, { notificationId, subscriptionIds: target.subscriptionIds, createdAt: notification.created_at })
    : 0;
  const token = target.token;
  if (!token) return browsers > 0 ? 'sent' : 'skipped';
  try {
    await deps.push.send({
      token,
      // The lock screen names the product (BRAND_NAME) before the notification's own title.
      title: `${BRAND_NAME}: ${notification.title}`,
      body: notification.message,
      data: { notification_id: notification.id, type: notification.type, ...(notification.task_id ? { task_id: notification.task_id } : {}) },
    });
    return 'sent';
  } catch (error) {
    if (error instanceof PushSendError && error.tokenGone) {
      // Only if it is still the stored token: the device may have registered a new one meanwhile.
      await deps.db
        .update(profiles)
        .set({ fcm_token: null })
        .where(and(eq(profiles.id, notification.user_id), eq(profiles.fcm_token, token)));
      return 'token_cleared';
    }
    throw error;
  }
}

const notificationIdOf = (payload: unknown) => (payload as { notificationId: string }).notificationId;

/** The job runner's handlers for outbound delivery (one job per notification and channel). */
export function createDeliveryHandlers(deps: DeliveryDeps): Record<string, JobHandler> {
  return {
    [DELIVERY_JOB_KINDS.email]: async (job) => void (await deliverEmail(deps, notificationIdOf(job.payload))),
    [DELIVERY_JOB_KINDS.push]: async (job) => void (await deliverPush(deps, notificationIdOf(job.payload))),
    ...(deps.webPush ? createWebPushHandler({ db: deps.db, publicUrl: deps.publicUrl, webPush: deps.webPush }) : {}),
  };
}

/** The notifications' job registration (jobs/registry.ts): every email, push and web push goes out as a keyed job (decision 0140). */
export function notificationDeliveryJobs(deps: DeliveryDeps): JobModule {
  return { name: 'notifications', handlers: createDeliveryHandlers(deps) };
}
