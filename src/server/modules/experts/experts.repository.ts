import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { expertProfiles, profiles, userRoles } from '../../db/schema';

export type ExpertProfileRow = typeof expertProfiles.$inferSelect;

export async function findExpertProfile(db: Db, userId: string): Promise<ExpertProfileRow | undefined> {
  const [row] = await db.select().from(expertProfiles).where(eq(expertProfiles.id, userId));
  return row;
}

export async function findExpertByAccountId(db: Db, accountId: string): Promise<ExpertProfileRow | undefined> {
  const [row] = await db.select().from(expertProfiles).where(eq(expertProfiles.stripe_account_id, accountId));
  return row;
}

export interface ExpertApplicationFields {
  bio: string;
  expertise: string[];
  location: string;
  latitude: number;
  longitude: number;
  document_url: string;
}

/**
 * Upserts the expert profile on its id (= the user id) with the application and the accepted terms,
 * marks the application verified, ensures the expert role and that the role counts as selected.
 * Returns the row and the document key it replaced (if any), so the caller can remove the old file.
 */
export async function saveExpertApplication(
  db: Db,
  userId: string,
  fields: ExpertApplicationFields,
  now: Date,
): Promise<{ row: ExpertProfileRow; previousDocument: string | null }> {
  return db.transaction(async (tx) => {
    const [previous] = await tx
      .select({ document_url: expertProfiles.document_url })
      .from(expertProfiles)
      .where(eq(expertProfiles.id, userId))
      .for('update');
    const values = {
      ...fields,
      verification_status: 'verified' as const,
      lpca_terms_accepted: true,
      lpca_terms_accepted_at: now,
      updated_at: now,
    };
    const [row] = await tx
      .insert(expertProfiles)
      .values({ id: userId, profile_id: userId, ...values })
      .onConflictDoUpdate({ target: expertProfiles.id, set: values })
      .returning();
    await tx.insert(userRoles).values({ user_id: userId, role: 'expert' }).onConflictDoNothing();
    await tx
      .update(profiles)
      .set({ role_selected_at: sql`coalesce(${profiles.role_selected_at}, ${now})`, updated_at: now })
      .where(eq(profiles.id, userId));
    const previousDocument = previous?.document_url && previous.document_url !== fields.document_url ? previous.document_url : null;
    return { row, previousDocument };
  });
}

/** Stores the connected account id once; a concurrent second request keeps the first id. */
export async function setAccountIdIfMissing(
  db: Db,
  userId: string,
  accountId: string,
  now: Date,
): Promise<ExpertProfileRow | undefined> {
  const [row] = await db
    .update(expertProfiles)
    .set({ stripe_account_id: accountId, updated_at: now })
    .where(and(eq(expertProfiles.id, userId), isNull(expertProfiles.stripe_account_id)))
    .returning();
  return row;
}

export async function setOnboardingUrl(db: Db, userId: string, url: string, now: Date): Promise<void> {
  await db
    .update(expertProfiles)
    .set({ stripe_onboarding_url: url, updated_at: now })
    .where(eq(expertProfiles.id, userId));
}

export interface PaymentStatusFields {
  stripe_onboarding_completed: boolean;
  stripe_account_status: 'pending' | 'active' | 'restricted';
}

export async function updatePaymentStatusByAccount(
  db: Db,
  accountId: string,
  fields: PaymentStatusFields,
  now: Date,
): Promise<ExpertProfileRow | undefined> {
  const [row] = await db
    .update(expertProfiles)
    .set({ ...fields, updated_at: now })
    .where(eq(expertProfiles.stripe_account_id, accountId))
    .returning();
  return row;
}
