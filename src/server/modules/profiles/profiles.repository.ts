import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { expertProfiles, profiles, userRoles } from '../../db/schema';

export type ProfileRow = typeof profiles.$inferSelect;

/** create-profile-if-missing: inserts the profile row once; later calls leave it as it is. */
export async function ensureProfile(
  db: Db,
  input: { id: string; email: string; first_name: string | null; last_name: string | null },
): Promise<ProfileRow> {
  await db.insert(profiles).values(input).onConflictDoNothing({ target: profiles.id });
  const [row] = await db.select().from(profiles).where(eq(profiles.id, input.id));
  return row;
}

export async function findProfile(db: Db, id: string): Promise<ProfileRow | undefined> {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, id));
  return row;
}

/** check_is_admin and check_is_expert in one read: a user with no role row is a client. */
export async function rolesOf(db: Db, userId: string): Promise<{ isAdmin: boolean; isExpert: boolean }> {
  const rows = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.user_id, userId));
  return { isAdmin: rows.some((r) => r.role === 'admin'), isExpert: rows.some((r) => r.role === 'expert') };
}

export async function completeClientOnboarding(db: Db, userId: string, now: Date): Promise<ProfileRow | undefined> {
  const [row] = await db
    .update(profiles)
    .set({ onboarding_completed: true, role_selected_at: now, updated_at: now })
    .where(eq(profiles.id, userId))
    .returning();
  return row;
}

/**
 * Expert onboarding start: an empty expert profile (status pending, payment onboarding not complete),
 * the expert role, and role_selected_at, in one transaction.
 */
export async function startExpertOnboarding(db: Db, userId: string, now: Date): Promise<ProfileRow | undefined> {
  return db.transaction(async (tx) => {
    await tx
      .insert(expertProfiles)
      .values({
        id: userId,
        profile_id: userId,
        bio: '',
        expertise: [],
        stripe_onboarding_completed: false,
        verification_status: 'pending',
      })
      .onConflictDoNothing({ target: expertProfiles.id });
    await tx.insert(userRoles).values({ user_id: userId, role: 'expert' }).onConflictDoNothing();
    const [row] = await tx
      .update(profiles)
      .set({ role_selected_at: now, updated_at: now })
      .where(eq(profiles.id, userId))
      .returning();
    return row;
  });
}

export async function updateProfileFields(
  db: Db,
  userId: string,
  fields: Partial<Pick<ProfileRow, 'first_name' | 'last_name' | 'avatar_url' | 'fcm_token'>>,
  now: Date,
): Promise<ProfileRow | undefined> {
  const [row] = await db
    .update(profiles)
    .set({ ...fields, updated_at: now })
    .where(eq(profiles.id, userId))
    .returning();
  return row;
}

/** A device now signed in to `userId` must stop receiving another account's pushes. */
export async function releasePushTokenElsewhere(db: Db, userId: string, token: string, now: Date): Promise<number> {
  const rows = await db
    .update(profiles)
    .set({ fcm_token: null, updated_at: now })
    .where(and(eq(profiles.fcm_token, token), ne(profiles.id, userId)))
    .returning({ id: profiles.id });
  return rows.length;
}

export async function emailExists(db: Db, email: string): Promise<boolean> {
  const rows = await db.execute(sql`select 1 from auth_users where lower(email) = lower(${email}) limit 1`);
  return (rows as unknown as { rows: unknown[] }).rows.length > 0;
}

export async function hasRole(db: Db, userId: string, role: 'admin' | 'expert'): Promise<boolean> {
  const rows = await db
    .select({ id: userRoles.id })
    .from(userRoles)
    .where(and(eq(userRoles.user_id, userId), eq(userRoles.role, role)));
  return rows.length > 0;
}
