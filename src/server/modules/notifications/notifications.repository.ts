import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema';
import { NOTIFICATION_LIST_MAX } from './notifications.constants';
import { enqueueDeliveries } from '../../notify/delivery-enqueue';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;

/**
 * Writes notifications; call it with the transaction of the change that causes them. Their email
 * and push deliveries are enqueued in the same transaction (docs/notifications.md).
 */
export async function insertNotifications(db: Db, rows: NewNotification[]): Promise<void> {
  if (rows.length === 0) return;
  const inserted = await db.insert(notifications).values(rows).returning({ id: notifications.id, created_at: notifications.created_at });
  await enqueueDeliveries(db, inserted);
}

export async function listUnread(db: Db, userId: string): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.user_id, userId), eq(notifications.read, false)))
    .orderBy(desc(notifications.created_at))
    .limit(NOTIFICATION_LIST_MAX);
}

export async function countUnread(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(notifications)
    .where(and(eq(notifications.user_id, userId), eq(notifications.read, false)));
  return Number(row?.value ?? 0);
}

export async function markRead(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.id, id), eq(notifications.user_id, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function markAllRead(db: Db, userId: string, taskId?: string): Promise<number> {
  const conditions = [eq(notifications.user_id, userId), eq(notifications.read, false)];
  if (taskId) conditions.push(eq(notifications.task_id, taskId));
  const rows = await db
    .update(notifications)
    .set({ read: true })
    .where(and(...conditions))
    .returning({ id: notifications.id });
  return rows.length;
}
