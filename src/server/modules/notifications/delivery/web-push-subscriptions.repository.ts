import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { webPushSubscriptions } from '../../../db/schema';

export type WebPushSubscriptionRow = typeof webPushSubscriptions.$inferSelect;

/**
 * Saves this browser's subscription for the user. The endpoint is one browser profile: if someone
 * else subscribed in it before (a shared computer), it now belongs to the one signed in.
 */
export async function upsertWebPushSubscription(
  db: Db,
  params: { userId: string; endpoint: string; p256dh: string; auth: string; userAgent: string | null; now: Date },
): Promise<WebPushSubscriptionRow> {
  const values = { user_id: params.userId, p256dh: params.p256dh, auth: params.auth, user_agent: params.userAgent };
  const [row] = await db
    .insert(webPushSubscriptions)
    .values({ ...values, endpoint: params.endpoint, created_at: params.now })
    .onConflictDoUpdate({ target: webPushSubscriptions.endpoint, set: { ...values, created_at: params.now } })
    .returning();
  return row;
}

/** Removes the user's own subscription of that endpoint; false when they have none there. */
export async function deleteWebPushSubscription(db: Db, params: { userId: string; endpoint: string }): Promise<boolean> {
  const removed = await db
    .delete(webPushSubscriptions)
    .where(and(eq(webPushSubscriptions.user_id, params.userId), eq(webPushSubscriptions.endpoint, params.endpoint)))
    .returning({ id: webPushSubscriptions.id });
  return removed.length > 0;
}

export async function findWebPushSubscription(db: Db, id: string): Promise<WebPushSubscriptionRow | undefined> {
  const [row] = await db.select().from(webPushSubscriptions).where(eq(webPushSubscriptions.id, id));
  return row;
}

/** The push service said the subscription is gone (404/410): forget it, by id and endpoint both. */
export async function removeGoneWebPushSubscription(db: Db, params: { id: string; endpoint: string }): Promise<void> {
  await db
    .delete(webPushSubscriptions)
    .where(and(eq(webPushSubscriptions.id, params.id), eq(webPushSubscriptions.endpoint, params.endpoint)));
}
