import { and, desc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authSessions } from '../../db/schema';

export async function listUserSessions(db: Db, userId: string, now: Date) {
  const rows = await db
    .select({
      id: authSessions.id,
      userAgent: authSessions.userAgent,
      ipAddress: authSessions.ipAddress,
      createdAt: authSessions.createdAt,
      updatedAt: authSessions.updatedAt,
      expiresAt: authSessions.expiresAt,
    })
    .from(authSessions)
    .where(eq(authSessions.userId, userId))
    .orderBy(desc(authSessions.updatedAt));
  return rows.filter((row) => row.expiresAt > now);
}

/**
 * Deletes one session of the user; its token (whose copy in the secondary storage must go too), or
 * null when it is not theirs (or already gone).
 */
export async function deleteUserSession(db: Db, params: { userId: string; sessionId: string }): Promise<string | null> {
  const rows = await db
    .delete(authSessions)
    .where(and(eq(authSessions.id, params.sessionId), eq(authSessions.userId, params.userId)))
    .returning({ token: authSessions.token });
  return rows[0]?.token ?? null;
}

/** Every session of the user but `keepSessionId` (all of them without it); their tokens. */
export async function deleteUserSessions(db: Db, params: { userId: string; keepSessionId?: string }): Promise<string[]> {
  const rows = await db
    .delete(authSessions)
    .where(
      params.keepSessionId
        ? and(eq(authSessions.userId, params.userId), ne(authSessions.id, params.keepSessionId))
        : eq(authSessions.userId, params.userId),
    )
    .returning({ token: authSessions.token });
  return rows.map((row) => row.token);
}
