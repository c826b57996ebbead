import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema';
import { NOTIFICATION_LIST_MAX } from './notifications.constants';
import type { NotificationRow } from './notifications.repository';

function buildStatement(db: Db) {
  return db
    .select({
      ...getTableColumns(notifications),
      // The window runs before LIMIT: the count of every unread row, in the same statement.
      unread_total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(notifications)
    .where(and(eq(notifications.user_id, sql.placeholder('userId')), eq(notifications.read, false)))
    .orderBy(desc(notifications.created_at))
    .limit(NOTIFICATION_LIST_MAX)
    .prepare('notifications_unread');
}

const statements = new WeakMap<object, ReturnType<typeof buildStatement>>();

/**
 * The unread notifications (newest first, at most NOTIFICATION_LIST_MAX) and how many are unread in
 * all, in one round trip over notifications_user_read_created_idx (docs/decisions/0101).
 */
export async function readUnreadNotifications(db: Db, userId: string): Promise<{ rows: NotificationRow[]; unread: number }> {
  let statement = statements.get(db);
  if (!statement) statements.set(db, (statement = buildStatement(db)));
  const result = await statement.execute({ userId });
  const rows = result.map(({ unread_total: _total, ...row }) => row as NotificationRow);
  return { rows, unread: result[0]?.unread_total ?? 0 };
}
