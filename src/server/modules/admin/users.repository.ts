import { and, count, desc, eq, exists, ilike, notExists, sql, type SQL } from 'drizzle-orm';
import type { AppRole } from '@shared/domain/enums';
import type { AdminUsersQuery } from '@shared/schemas/admin.schemas';
import type { AdminAccountStatus } from '@shared/schemas/admin-dto';
import { pageOffset } from '@shared/schemas/common.schemas';
import type { Db } from '../../db/client';
import { authUsers, profiles, userRoles } from '../../db/schema';

/** profiles.id, table-qualified: drizzle writes a bare "id" in single-table queries, which a subquery on user_roles would read as its own id. */
const PROFILE_ID = sql.raw('"profiles"."id"');

export interface AdminUserRow {
  id: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  avatar_url: string | null;
  created_at: Date;
  roles: AppRole[];
  account_status: AdminAccountStatus;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function hasRole(role: AppRole) {
  return exists(
    sql`(select 1 from ${userRoles} where ${userRoles.user_id} = ${PROFILE_ID} and ${userRoles.role} = ${role})`,
  );
}

/** The filters of the users list: a user id, or a case-insensitive match over names and email; and the role. */
function usersWhere(query: Pick<AdminUsersQuery, 'search' | 'role'>): SQL | undefined {
  const filters: SQL[] = [];
  // A whole user id (the links from the task, transaction and dispute lists, issue 52): that user.
  if (query.search && UUID.test(query.search)) filters.push(eq(profiles.id, query.search.toLowerCase()));
  else if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    // The same expression as profiles_search_trgm_idx, so the trigram index serves the search.
    filters.push(
      ilike(
        sql`(coalesce(${profiles.first_name}, '') || ' ' || coalesce(${profiles.last_name}, '') || ' ' || coalesce(${profiles.email}, ''))`,
        pattern,
      ),
    );
  }
  if (query.role === 'admin' || query.role === 'expert') filters.push(hasRole(query.role));
  if (query.role === 'client')
    filters.push(notExists(sql`(select 1 from ${userRoles} where ${userRoles.user_id} = ${PROFILE_ID})`));
  return filters.length ? and(...filters) : undefined;
}

/** One page of profiles, newest first, with each user's roles and the exact count. */
export async function listAdminUsers(db: Db, query: AdminUsersQuery): Promise<{ rows: AdminUserRow[]; total: number }> {
  const where = usersWhere(query);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        id: profiles.id,
        first_name: profiles.first_name,
        last_name: profiles.last_name,
        email: profiles.email,
        avatar_url: profiles.avatar_url,
        created_at: profiles.created_at,
        roles: sql<AppRole[]>`coalesce((select array_agg(${userRoles.role}::text order by ${userRoles.role}) from ${userRoles} where ${userRoles.user_id} = ${PROFILE_ID}), '{}')`,
        // Issue 52: the admin sees a suspended or deleted account as such and is offered what fits it.
        account_status: sql<AdminAccountStatus>`coalesce((select case when au.deleted_at is not null then 'deleted' when au.suspended_at is not null then 'suspended' else 'active' end from auth_users au where au.id = ${PROFILE_ID}), 'active')`,
      })
      .from(profiles)
      .where(where)
      .orderBy(desc(profiles.created_at), desc(profiles.id))
      .limit(query.pageSize)
      .offset(pageOffset(query)),
    db.select({ value: count() }).from(profiles).where(where),
  ]);
  return { rows, total: Number(totalRow?.value ?? 0) };
}

export async function profileExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, id));
  return Boolean(row);
}

/** Whether the account was deleted (its profile stays for the history; it takes no new role). */
export async function accountDeleted(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ deletedAt: authUsers.deletedAt }).from(authUsers).where(eq(authUsers.id, id));
  return Boolean(row?.deletedAt);
}

/** Adds a role; false when the user already had it (the unique constraint decides under races). */
export async function insertRole(db: Db, userId: string, role: AppRole): Promise<boolean> {
  const rows = await db
    .insert(userRoles)
    .values({ user_id: userId, role })
    .onConflictDoNothing()
    .returning({ id: userRoles.id });
  return rows.length > 0;
}

/**
 * Every admin row, locked: two admins removing each other's role at once queue here, and the
 * second sees one admin left.
 */
export async function lockAdminRows(db: Db): Promise<string[]> {
  const rows = await db
    .select({ user_id: userRoles.user_id })
    .from(userRoles)
    .where(eq(userRoles.role, 'admin'))
    .for('update');
  return rows.map((r) => r.user_id);
}

export async function deleteRole(db: Db, userId: string, role: AppRole): Promise<boolean> {
  const rows = await db
    .delete(userRoles)
    .where(and(eq(userRoles.user_id, userId), eq(userRoles.role, role)))
    .returning({ id: userRoles.id });
  return rows.length > 0;
}
