import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clientReviews, reviewReports, reviews } from '../../db/schema';
import { revealedClientRatingSql, rowsOf } from './client-rating.repository';

export type ClientReviewRow = typeof clientReviews.$inferSelect;

/** Inserts the expert's review of the client once: the unique task index turns a repeat into undefined. */
export async function insertClientReviewOnce(
  db: Db,
  input: { taskId: string; expertId: string; clientId: string; rating: number; comment: string; now: Date },
): Promise<ClientReviewRow | undefined> {
  const [row] = await db
    .insert(clientReviews)
    .values({
      task_id: input.taskId,
      expert_id: input.expertId,
      client_id: input.clientId,
      rating: input.rating,
      comment: input.comment,
      created_at: input.now,
    })
    .onConflictDoNothing({ target: clientReviews.task_id })
    .returning();
  return row;
}

/** Both sides of the task's reviews (reviews_task_reviewer_unique, client_reviews_task_unique). */
export async function reviewsOfTask(db: Db, taskId: string, clientId: string) {
  const [clientReview] = await db
    .select()
    .from(reviews)
    .where(and(eq(reviews.task_id, taskId), eq(reviews.reviewer_id, clientId)));
  const [expertReview] = await db.select().from(clientReviews).where(eq(clientReviews.task_id, taskId));
  return { clientReview, expertReview };
}

/**
 * The client card: profile, tasks posted, and the average and count of the client's revealed reviews
 * (client_reviews_client_created_idx; the reveal rule of src/shared/domain/two-way-reviews.ts in SQL).
 */
export async function clientCard(db: Db, clientId: string, now: Date) {
  const [row] = rowsOf<{
    id: string;
    first_name: string | null;
    last_name: string | null;
    avatar_url: string | null;
    created_at: string | Date;
    is_expert: boolean;
    tasks_posted: number;
    avg_rating: number | null;
    review_count: number;
  }>(
    await db.execute(sql`
      select p.id, p.first_name, p.last_name, p.avatar_url, p.created_at,
        exists (select 1 from user_roles r where r.user_id = p.id and r.role = 'expert') as is_expert,
        (select count(*)::int from tasks t where t.client_id = p.id) as tasks_posted,
        rated.avg_rating, coalesce(rated.review_count, 0) as review_count
      from profiles p
      left join lateral (${revealedClientRatingSql(sql`p.id`, now)}
      ) rated on true
      where p.id = ${clientId}`),
  );
  return row;
}

/** Who a review is about: the reviewee of an expert review or the client of a client review. */
export async function revieweeOf(db: Db, kind: 'expert' | 'client', reviewId: string): Promise<string | undefined> {
  if (kind === 'expert') {
    const [row] = await db.select({ id: reviews.reviewee_id }).from(reviews).where(eq(reviews.id, reviewId));
    return row?.id;
  }
  const [row] = await db.select({ id: clientReviews.client_id }).from(clientReviews).where(eq(clientReviews.id, reviewId));
  return row?.id;
}

export async function insertReviewReportOnce(
  db: Db,
  input: { reviewId: string; kind: 'expert' | 'client'; reporterId: string; reason: string; now: Date },
): Promise<boolean> {
  const rows = await db
    .insert(reviewReports)
    .values({ review_id: input.reviewId, review_kind: input.kind, reporter_id: input.reporterId, reason: input.reason, created_at: input.now })
    .onConflictDoNothing({ target: [reviewReports.review_id, reviewReports.reporter_id] })
    .returning({ id: reviewReports.id });
  return rows.length > 0;
}

/** The newest reports (review_reports_created_idx) with the review they name and whether an admin hid it (primary keys). */
export function listReviewReports(db: Db, limit: number) {
  return db
    .select({
      id: reviewReports.id,
      review_id: reviewReports.review_id,
      review_kind: reviewReports.review_kind,
      reporter_id: reviewReports.reporter_id,
      reason: reviewReports.reason,
      created_at: reviewReports.created_at,
      rating: sql<number | null>`coalesce(${reviews.rating}, ${clientReviews.rating})`,
      comment: sql<string | null>`coalesce(${reviews.comment}, ${clientReviews.comment})`,
      removed: sql<boolean>`coalesce(${reviews.removed_at}, ${clientReviews.removed_at}) is not null`,
    })
    .from(reviewReports)
    .leftJoin(reviews, and(eq(reviewReports.review_kind, 'expert'), eq(reviews.id, reviewReports.review_id)))
    .leftJoin(clientReviews, and(eq(reviewReports.review_kind, 'client'), eq(clientReviews.id, reviewReports.review_id)))
    .orderBy(desc(reviewReports.created_at))
    .limit(limit);
}
