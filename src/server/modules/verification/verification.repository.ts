import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import { VERIFICATION } from '@shared/constants';
import type { VerificationLevel, VerificationRecordStatus } from '@shared/domain/enums';
import type { Db } from '../../db/client';
import { expertProfiles, expertVerificationRecords, reviews } from '../../db/schema';
import { visibleReview } from '../reviews/review-visibility';

export type VerificationRecordRow = typeof expertVerificationRecords.$inferSelect;

export interface TrustFacts {
  expertId: string;
  communityTrustedAt: Date | null;
  backgroundVerifiedAt: Date | null;
  positiveReviewCount: number;
  reviewCount: number;
  averageRating: number | null;
}

/**
 * The expert's badge columns and review aggregates (reviews_reviewee_rating_idx). With `lock`, the
 * expert row is locked so that recomputations of one expert apply one after another.
 */
export async function findTrustFacts(db: Db, expertId: string, options: { lock?: boolean } = {}): Promise<TrustFacts | null> {
  const base = db
    .select({ id: expertProfiles.id, community: expertProfiles.community_trusted_at, background: expertProfiles.background_verified_at })
    .from(expertProfiles)
    .where(eq(expertProfiles.id, expertId));
  const [expert] = options.lock ? await base.for('update') : await base;
  if (!expert) return null;
  const [stats] = await db
    .select({
      positive: sql<number>`count(*) filter (where ${reviews.rating} >= ${VERIFICATION.positiveReviewMinRating})::int`,
      total: sql<number>`count(*)::int`,
      average: sql<string | null>`avg(${reviews.rating})`,
    })
    .from(reviews)
    .where(and(eq(reviews.reviewee_id, expertId), visibleReview()));
  return {
    expertId,
    communityTrustedAt: expert.community,
    backgroundVerifiedAt: expert.background,
    positiveReviewCount: Number(stats?.positive ?? 0),
    reviewCount: Number(stats?.total ?? 0),
    averageRating: stats?.average === null || stats?.average === undefined ? null : Number(stats.average),
  };
}

export async function setCommunityTrustedAt(db: Db, expertId: string, at: Date | null, now: Date): Promise<void> {
  await db.update(expertProfiles).set({ community_trusted_at: at, updated_at: now }).where(eq(expertProfiles.id, expertId));
}

/** Sets the background badge once: a repeated approval keeps the first date. */
export async function setBackgroundVerified(db: Db, expertId: string, now: Date): Promise<void> {
  await db
    .update(expertProfiles)
    .set({ background_verified_at: now, updated_at: now })
    .where(and(eq(expertProfiles.id, expertId), isNull(expertProfiles.background_verified_at)));
}

export async function insertDecidedRecord(
  db: Db,
  input: { expertId: string; level: VerificationLevel; status: VerificationRecordStatus; provider: string; now: Date },
): Promise<void> {
  await db.insert(expertVerificationRecords).values({
    expert_id: input.expertId,
    verification_level: input.level,
    status: input.status,
    provider: input.provider,
    decided_at: input.now,
    created_at: input.now,
    updated_at: input.now,
  });
}

/** The open request of a level, creating it when there is none (the partial unique index decides races). */
export async function findOrCreatePendingRecord(
  db: Db,
  input: { expertId: string; level: VerificationLevel; metadata: string | null; now: Date; staleBefore: Date },
): Promise<VerificationRecordRow> {
  // A request nobody finished within the provider's idempotency window is given up.
  await db
    .update(expertVerificationRecords)
    .set({ status: 'canceled', updated_at: input.now })
    .where(
      and(
        eq(expertVerificationRecords.expert_id, input.expertId),
        eq(expertVerificationRecords.verification_level, input.level),
        eq(expertVerificationRecords.status, 'pending'),
        lt(expertVerificationRecords.created_at, input.staleBefore),
      ),
    );
  const [created] = await db
    .insert(expertVerificationRecords)
    .values({
      expert_id: input.expertId,
      verification_level: input.level,
      status: 'pending',
      metadata: input.metadata,
      created_at: input.now,
      updated_at: input.now,
    })
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  const [existing] = await db
    .select()
    .from(expertVerificationRecords)
    .where(
      and(
        eq(expertVerificationRecords.expert_id, input.expertId),
        eq(expertVerificationRecords.verification_level, input.level),
        eq(expertVerificationRecords.status, 'pending'),
      ),
    );
  return existing;
}

export async function setRecordReference(
  db: Db,
  input: { id: string; provider: string; reference: string; now: Date },
): Promise<void> {
  await db
    .update(expertVerificationRecords)
    .set({ provider: input.provider, provider_reference: input.reference, updated_at: input.now })
    .where(and(eq(expertVerificationRecords.id, input.id), isNull(expertVerificationRecords.provider_reference)));
}

export async function findRecordByReference(db: Db, provider: string, reference: string) {
  const [row] = await db
    .select()
    .from(expertVerificationRecords)
    .where(and(eq(expertVerificationRecords.provider, provider), eq(expertVerificationRecords.provider_reference, reference)));
  return row;
}

/** Decides a pending request once; a second delivery or a late event finds nothing to change. */
export async function decidePendingRecord(
  db: Db,
  input: { id: string; status: VerificationRecordStatus; now: Date },
): Promise<VerificationRecordRow | undefined> {
  const [row] = await db
    .update(expertVerificationRecords)
    .set({ status: input.status, decided_at: input.now, updated_at: input.now })
    .where(and(eq(expertVerificationRecords.id, input.id), eq(expertVerificationRecords.status, 'pending')))
    .returning();
  return row;
}

export async function latestRecord(db: Db, expertId: string, level: VerificationLevel) {
  const [row] = await db
    .select()
    .from(expertVerificationRecords)
    .where(and(eq(expertVerificationRecords.expert_id, expertId), eq(expertVerificationRecords.verification_level, level)))
    .orderBy(desc(expertVerificationRecords.created_at))
    .limit(1);
  return row;
}
