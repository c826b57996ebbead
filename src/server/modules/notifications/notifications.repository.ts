import { and, count, desc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { defineNamedSql } from '../../db/prepared';
import { notifications } from '../../db/schema';
import { NOTIFICATION_LIST_MAX } from './notifications.constants';
import { deliveriesOfInserted, SET_CHUNK } from './delivery/delivery-enqueue';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;

/**
 * The columns insertNotifications' recordset lists (decision 0302). A column added to `notifications`
 * fails to compile here until it is added to this union and to the insert below; otherwise callers
 * setting it would be silently ignored.
 */
type InsertedColumn = 'id' | 'user_id' | 'type' | 'title' | 'message' | 'task_id' | 'data' | 'read' | 'created_at' | 'push_sent_at';
export const EVERY_NOTIFICATION_COLUMN_INSERTED: Exclude<keyof NotificationRow, InsertedColumn> extends never ? true : never = true;

/**
 * Writes notifications; call it with the transaction of the change that causes them. Their email
 * and push deliveries are enqueued in the same transaction (docs/notifications.md).
 */
export async function insertNotifications(db: Db, rows: NewNotification[]): Promise<void> {
  // Set-based, one JSON parameter per statement: a fan-out to 10,000 experts bound 60,000 parameters
  // row by row, which took longer than the insert itself. The deliveries go in with the same statement.
  for (let start = 0; start < rows.length; start += SET_CHUNK) {
    await runInsertNotifications(db, { rows: notificationsJson(rows.slice(start, start + SET_CHUNK)) });
  }
}

/**
 * The statement above, built once and prepared by name (defineNamedSql): its only value is the JSON
 * of the rows, so its text never changes, and PostgreSQL planned it on every notification.
 */
const runInsertNotifications = defineNamedSql('notifications_insert', () => sql`
  with inserted as (${insertFromJson(sql.placeholder('rows'))})
  ${deliveriesOfInserted()}`);

/** The value of a recordset placeholder (insertNotifications, notificationsIfChanged). */
export const notificationsJson = (rows: NewNotification[]): string => JSON.stringify(rows);

/**
 * Notifications as CTEs of the statement whose change causes them (`notified`, then its deliveries),
 * written only when the CTE named `when` returns a row: the change, its notifications and their
 * deliveries are one statement, with no transaction around them (issue 55). For a handful of rows:
 * a fan-out goes through insertNotifications. The rows are the statement's placeholder named
 * `placeholder`, whose value is notificationsJson(rows): the statement can be built once.
 */
export function notificationsIfChanged(placeholder: string, when: string): SQL {
  return sql`notified as (${insertFromJson(sql.placeholder(placeholder), sql`where exists (select 1 from ${sql.identifier(when)})`)}),
    notified_deliveries as (${deliveriesOfInserted('notified')})`;
}

function insertFromJson(json: SQLWrapper, condition: SQL = sql``): SQL {
  return sql`
    insert into notifications (id, user_id, type, title, message, task_id, data, read, created_at, push_sent_at)
    select coalesce(x.id, gen_random_uuid()), x.user_id, x.type, x.title, x.message, x.task_id, x.data, coalesce(x.read, false), coalesce(x.created_at, now()), x.push_sent_at
    from jsonb_to_recordset(${json}::jsonb)
      as x(id uuid, user_id uuid, type text, title text, message text, task_id uuid, data jsonb, read boolean, created_at timestamptz, push_sent_at timestamptz)
    ${condition}
    returning id, created_at`;
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
