import { and, count, desc, eq, sql } from 'drizzle-orm';
import { VERIFICATION } from '@shared/constants';
import type { Db } from '../../db/client';
import { defineShapedStatement, isUuid } from '../../db/prepared';
import { expertProfiles, profiles, reviews, tasks } from '../../db/schema';
import { visibleReview, visibleReviewSql } from '../reviews/review-visibility';

/**
 * The public profile in one query: the expert and the person (primary keys), the finished-task count
 * (tasks_expert_ended_idx) and the review aggregates in one pass (reviews_reviewee_rating_idx); only
 * visible reviews count: revealed by the double-blind rule and not hidden by an admin (issue 23).
 * Only public columns are selected: no email, phone, document, coordinates or payment field.
 */
export async function findPublicProfile(db: Db, expertId: string) {
  // Not a UUID: no expert (and PostgreSQL would refuse the parameter).
  if (!isUuid(expertId)) return undefined;
  const [row] = await runPublicProfile(db, 'one', { expertId });
  return row;
}

/** The statement above, built once and prepared by name (db/prepared.ts): every profile page and document reads it. */
const runPublicProfile = defineShapedStatement('public_profile', ['one'] as const, (db, _shape, name) =>
  db
    .select({
      id: expertProfiles.id,
      first_name: profiles.first_name,
      last_name: profiles.last_name,
      avatar_url: profiles.avatar_url,
      member_since: profiles.created_at,
      location: expertProfiles.location,
      bio: expertProfiles.bio,
      expertise: expertProfiles.expertise,
      avg_response_time_mins: expertProfiles.avg_response_time_mins,
      success_rate: expertProfiles.success_rate,
      community_trusted_at: expertProfiles.community_trusted_at,
      background_verified_at: expertProfiles.background_verified_at,
      completed_tasks: sql<number>`(
        select count(*)::int from ${tasks}
        where ${tasks.expert_id} = ${expertProfiles.id} and ${tasks.status} in ('completed', 'verified')
      )`,
      review_stats: sql<{ n: number; avg: number | null; positive: number }>`(
        select json_build_object(
          'n', count(*),
          'avg', avg(${reviews.rating}),
          'positive', count(*) filter (where ${reviews.rating} >= ${VERIFICATION.positiveReviewMinRating})
        )
        from ${reviews} where ${reviews.reviewee_id} = ${expertProfiles.id} and ${visibleReviewSql('reviews')}
      )`,
    })
    .from(expertProfiles)
    .innerJoin(profiles, eq(profiles.id, expertProfiles.profile_id))
    .where(eq(expertProfiles.id, sql.placeholder('expertId')))
    .prepare(name),
);

export type PublicProfileRow = NonNullable<Awaited<ReturnType<typeof findPublicProfile>>>;

export async function countExpertReviews(db: Db, expertId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(reviews)
    .where(and(eq(reviews.reviewee_id, expertId), visibleReview()));
  return Number(row?.value ?? 0);
}

/** One page of the expert's reviews, newest first (reviews_reviewee_created_idx), with reviewer and task title. */
export async function listExpertReviews(db: Db, expertId: string, page: { limit: number; offset: number }) {
  return db
    .select({
      id: reviews.id,
      rating: reviews.rating,
      comment: reviews.comment,
      created_at: reviews.created_at,
      task_id: reviews.task_id,
      task_title: tasks.title,
      reviewer_first_name: profiles.first_name,
      reviewer_avatar_url: profiles.avatar_url,
    })
    .from(reviews)
    .innerJoin(tasks, eq(tasks.id, reviews.task_id))
    .innerJoin(profiles, eq(profiles.id, reviews.reviewer_id))
    .where(and(eq(reviews.reviewee_id, expertId), visibleReview()))
    .orderBy(desc(reviews.created_at), desc(reviews.id))
    .limit(page.limit)
    .offset(page.offset);
}
