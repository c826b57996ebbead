import { eq, sql } from 'drizzle-orm';
import type { NotificationCategory, NotificationChannel } from '@shared/notify/notification-categories';
import type { Db } from '../../../db/client';
import { defineShapedStatement, jsonValueOf } from '../../../db/prepared';
import { notifications, profiles } from '../../../db/schema';
import type { NotificationRow } from '../notifications.repository';

/** Everything one delivery job needs about its notification and recipient. */
export interface DeliveryTarget {
  notification: NotificationRow;
  email: string | null;
  /** The native device's push token, if any. */
  token: string | null;
  /** Whether the recipient left this channel on for the notification's category (absent choices are on). */
  enabled(category: NotificationCategory): boolean;
  /** The recipient's browser subscriptions, oldest first (read for the push channel only). */
  subscriptionIds: string[];
}

/**
 * The notification, its recipient's address and device, their choice for this channel and (for
 * push) their browser subscriptions, in one statement. Each delivery job used to make two or three
 * reads; notification deliveries were about a fifth of all statements under load
 * (docs/performance.md, "The load test made to measure the product").
 */
export async function loadDeliveryTarget(
  db: Db,
  params: { notificationId: string; channel: NotificationChannel },
): Promise<DeliveryTarget | undefined> {
  const [row] = await runDeliveryTarget(db, params.channel === 'push' ? 'push' : 'other', params);
  if (!row) return undefined;
  const turnedOff = new Set(row.turnedOff === null ? [] : jsonValueOf(row.turnedOff));
  return {
    notification: row.notification,
    email: row.email,
    token: row.token,
    enabled: (category) => !turnedOff.has(category),
    subscriptionIds: row.subscriptionIds === null ? [] : jsonValueOf(row.subscriptionIds),
  };
}

/**
 * The statement above, built once per shape and prepared by name (db/prepared.ts): one runs for
 * every delivery of every notification, and PostgreSQL planned it longer than it ran.
 */
const runDeliveryTarget = defineShapedStatement('delivery_target', ['push', 'other'] as const, (db, shape, name) =>
  db
    .select({
      notification: notifications,
      email: profiles.email,
      token: profiles.fcm_token,
      turnedOff: sql<string[] | null>`(select json_agg(p.category) from notification_preferences p
        where p.user_id = ${notifications.user_id} and p.channel = ${sql.placeholder('channel')} and not p.enabled)`,
      subscriptionIds:
        shape === 'push'
          ? sql<string[] | null>`(select json_agg(s.id order by s.created_at, s.id) from web_push_subscriptions s
              where s.user_id = ${notifications.user_id})`
          : sql<null>`null`,
    })
    .from(notifications)
    .innerJoin(profiles, eq(profiles.id, notifications.user_id))
    .where(eq(notifications.id, sql.placeholder('notificationId')))
    .prepare(name),
);
