import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { ApiKeyScope } from '@shared/constants';
import type { Db } from '../../db/client';
import { apiKeys, authUsers, userRoles } from '../../db/schema';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export async function insertApiKey(
  db: Db,
  params: { userId: string; name: string; prefix: string; keyHash: string; scopes: ApiKeyScope[]; expiresAt: Date | null; now: Date },
): Promise<ApiKeyRow> {
  const [row] = await db
    .insert(apiKeys)
    .values({
      user_id: params.userId,
      name: params.name,
      prefix: params.prefix,
      key_hash: params.keyHash,
      scopes: params.scopes,
      expires_at: params.expiresAt,
      created_at: params.now,
    })
    .returning();
  return row!;
}

/** The user's keys, newest first (api_keys_user_idx). */
export function listApiKeysOf(db: Db, params: { userId: string }): Promise<ApiKeyRow[]> {
  return db.select().from(apiKeys).where(eq(apiKeys.user_id, params.userId)).orderBy(desc(apiKeys.created_at), desc(apiKeys.id));
}

export async function countActiveKeysOf(db: Db, params: { userId: string }): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(apiKeys)
    .where(and(eq(apiKeys.user_id, params.userId), isNull(apiKeys.revoked_at)));
  return row?.n ?? 0;
}

/** Revokes the user's key; undefined when it is not theirs (or unknown). A second revoke keeps the first time. */
export async function revokeApiKey(db: Db, params: { userId: string; id: string; now: Date }): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .update(apiKeys)
    .set({ revoked_at: sql`coalesce(${apiKeys.revoked_at}, ${params.now.toISOString()}::timestamptz)` })
    .where(and(eq(apiKeys.id, params.id), eq(apiKeys.user_id, params.userId)))
    .returning();
  return row;
}

/** A key by its hash with what decides whether it may act: its owner's account state and admin role. */
export async function findKeyByHash(db: Db, params: { keyHash: string }) {
  const [row] = await db
    .select({
      key: apiKeys,
      email: authUsers.email,
      emailVerified: authUsers.emailVerified,
      name: authUsers.name,
      suspendedAt: authUsers.suspendedAt,
      deletedAt: authUsers.deletedAt,
      isAdmin: sql<boolean>`exists (select 1 from ${userRoles} where ${userRoles.user_id} = ${apiKeys.user_id} and ${userRoles.role} = 'admin')`,
    })
    .from(apiKeys)
    .innerJoin(authUsers, eq(authUsers.id, apiKeys.user_id))
    .where(eq(apiKeys.key_hash, params.keyHash));
  return row;
}

/**
 * Counts one request in the key's fixed window, in one statement so that instances never lose a count,
 * and moves last_used_at only when it is older than `lastUsedResolutionMs`. Every right-hand side reads
 * the row as it was before the update.
 */
export async function countKeyRequest(
  db: Db,
  params: { id: string; now: Date; windowMs: number; lastUsedResolutionMs: number },
): Promise<{ count: number; windowStart: Date } | undefined> {
  const now = sql`${params.now.toISOString()}::timestamptz`;
  const windowOpen = sql`(${apiKeys.window_start} is not null and ${apiKeys.window_start} > ${now} - make_interval(secs => ${params.windowMs / 1000}))`;
  const [row] = await db
    .update(apiKeys)
    .set({
      window_count: sql`case when ${windowOpen} then ${apiKeys.window_count} + 1 else 1 end`,
      window_start: sql`case when ${windowOpen} then ${apiKeys.window_start} else ${now} end`,
      last_used_at: sql`case when ${apiKeys.last_used_at} is null or ${apiKeys.last_used_at} <= ${now} - make_interval(secs => ${params.lastUsedResolutionMs / 1000}) then ${now} else ${apiKeys.last_used_at} end`,
    })
    .where(eq(apiKeys.id, params.id))
    .returning({ count: apiKeys.window_count, windowStart: apiKeys.window_start });
  return row ? { count: row.count, windowStart: row.windowStart! } : undefined;
}
