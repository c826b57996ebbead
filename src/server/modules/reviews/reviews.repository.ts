import { and, eq, sql } from 'drizzle-orm';
import type { FlagSeverity } from '@shared/domain/enums';
import type { Db } from '../../db/client';
import { clientFlags, expertProfiles, reviews } from '../../db/schema';
import { visibleReview } from './review-visibility';
import type { ReviewRow } from '../tasks/task-details.repository';

/** Inserts the review once: the unique (task, reviewer) index turns a repeat into undefined. */
export async function insertReviewOnce(
  db: Db,
  input: { taskId: string; revieweeId: string; reviewerId: string; rating: number; comment: string; now: Date; hiddenUntil?: Date | null },
): Promise<ReviewRow | undefined> {
  const [row] = await db
    .insert(reviews)
    .values({
      task_id: input.taskId,
      reviewee_id: input.revieweeId,
      reviewer_id: input.reviewerId,
      rating: input.rating,
      comment: input.comment,
      created_at: input.now,
      hidden_until: input.hiddenUntil ?? null,
    })
    .onConflictDoNothing({ target: [reviews.task_id, reviews.reviewer_id] })
    .returning();
  return row;
}

/**
 * The spec's running average, under a row lock on the expert profile so parallel reviews of one
 * expert apply one after another: the profile is read (locked), the expert's reviews counted (this
 * one included; only visible reviews count, issue 23), and avg_rating moves from the old average by the new
 * rating: new = (old * (count - 1) + rating) / count. review_count is the count.
 */
export async function applyRatingToExpert(
  db: Db,
  input: { expertId: string; rating: number; now: Date },
): Promise<{ avg_rating: number; review_count: number } | undefined> {
  const [profile] = await db
    .select({ avg_rating: expertProfiles.avg_rating })
    .from(expertProfiles)
    .where(eq(expertProfiles.id, input.expertId))
    .for('update');
  if (!profile) return undefined;
  const [counted] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(reviews)
    .where(and(eq(reviews.reviewee_id, input.expertId), visibleReview()));
  const count = Math.max(1, Number(counted?.value ?? 1));
  const previous = profile.avg_rating === null ? null : Number(profile.avg_rating);
  const average = previous === null || count === 1 ? input.rating : (previous * (count - 1) + input.rating) / count;
  const rounded = Math.round(average * 100) / 100;
  await db
    .update(expertProfiles)
    .set({ avg_rating: rounded, review_count: count, updated_at: input.now })
    .where(eq(expertProfiles.id, input.expertId));
  return { avg_rating: rounded, review_count: count };
}

/** The expert's one report of this task's client; false when they already reported it (unique index). */
export async function insertClientFlag(
  db: Db,
  input: { expertId: string; clientId: string; taskId: string; reason: string; severity: FlagSeverity; now: Date },
): Promise<boolean> {
  const rows = await db
    .insert(clientFlags)
    .values({
      expert_id: input.expertId,
      client_id: input.clientId,
      task_id: input.taskId,
      reason: input.reason,
      severity: input.severity,
      created_at: input.now,
    })
    .onConflictDoNothing({ target: [clientFlags.task_id, clientFlags.expert_id] })
    .returning({ id: clientFlags.id });
  return rows.length > 0;
}

/**
 * Recomputes the expert's average and count from their visible reviews, under the same row lock as
 * applyRatingToExpert: used when an admin hides or restores a review (issue 23, decision 0262).
 */
export async function recomputeExpertRating(db: Db, input: { expertId: string; now: Date }): Promise<void> {
  await db.select({ id: expertProfiles.id }).from(expertProfiles).where(eq(expertProfiles.id, input.expertId)).for('update');
  const [stats] = await db
    .select({ n: sql<number>`count(*)::int`, avg: sql<string | null>`avg(${reviews.rating})` })
    .from(reviews)
    .where(and(eq(reviews.reviewee_id, input.expertId), visibleReview()));
  const average = stats?.avg === null || stats?.avg === undefined ? null : Math.round(Number(stats.avg) * 100) / 100;
  await db
    .update(expertProfiles)
    .set({ avg_rating: average, review_count: Number(stats?.n ?? 0), updated_at: input.now })
    .where(eq(expertProfiles.id, input.expertId));
}
