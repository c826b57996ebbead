import { count, desc, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { AdminNotificationsQuery } from '@shared/schemas/admin.schemas';
import { pageOffset } from '@shared/schemas/common.schemas';
import type { Db } from '../../db/client';
import { notifications, profiles, userRoles } from '../../db/schema';

/** One page of every user's notifications, newest first, with the recipient's name. */
/** profiles.id, table-qualified: drizzle writes a bare "id" in single-table queries, which a subquery on user_roles would read as its own id. */
const PROFILE_ID = sql.raw('"profiles"."id"');

export async function listAllNotifications(db: Db, query: AdminNotificationsQuery) {
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        id: notifications.id,
        user_id: notifications.user_id,
        first_name: profiles.first_name,
        last_name: profiles.last_name,
        avatar_url: profiles.avatar_url,
        type: notifications.type,
        title: notifications.title,
        message: notifications.message,
        task_id: notifications.task_id,
        read: notifications.read,
        created_at: notifications.created_at,
      })
      .from(notifications)
      .leftJoin(profiles, eq(profiles.id, notifications.user_id))
      .orderBy(desc(notifications.created_at), desc(notifications.id))
      .limit(query.pageSize)
      .offset(pageOffset(query)),
    db.select({ value: count() }).from(notifications),
  ]);
  return { rows, total: Number(totalRow?.value ?? 0) };
}

/** Mark All Read: every unread notification of every user. */
export async function markAllNotificationsRead(db: Db): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ read: true })
    .where(eq(notifications.read, false))
    .returning({ id: notifications.id });
  return rows.length;
}

/** The ids of the users a notification goes to: one user, everyone with a role (client: no role row), or all. */
export async function recipientIds(
  db: Db,
  audience: { kind: 'user'; userId: string } | { kind: 'role'; role: 'client' | 'admin' | 'expert' } | { kind: 'all' },
): Promise<string[]> {
  if (audience.kind === 'user') {
    const rows = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, audience.userId));
    return rows.map((r) => r.id);
  }
  if (audience.kind === 'all') return (await db.select({ id: profiles.id }).from(profiles)).map((r) => r.id);
  if (audience.role === 'client') {
    const rows = await db
      .select({ id: profiles.id })
      .from(profiles)
      .where(notExists(sql`(select 1 from ${userRoles} where ${userRoles.user_id} = ${PROFILE_ID})`));
    return rows.map((r) => r.id);
  }
  const rows = await db
    .select({ id: userRoles.user_id })
    .from(userRoles)
    .where(inArray(userRoles.role, [audience.role]));
  return rows.map((r) => r.id);
}
