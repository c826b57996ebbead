import { and, asc, eq, isNotNull, lte } from 'drizzle-orm';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import { reviewsRevealed, reviewWindowEndsAt } from '@shared/domain/two-way-reviews';
import type { Db } from '../../db/client';
import { clientReviews, reviews, tasks } from '../../db/schema';
import type { JobModule } from '../../jobs/registry';
import type { ReviewHooks } from './review-hooks';
import { applyRatingToExpert } from './reviews.repository';
import { notify, taskNotification } from '../tasks/task-notifications';
import type { TaskRow } from '../tasks/tasks.repository';

/** When the 14-day window started: verification (completed_at); a completed task without it counts from its last change. */
export const reviewWindowStart = (task: Pick<TaskRow, 'completed_at' | 'updated_at'>): Date => task.completed_at ?? task.updated_at;

/**
 * Double-blind reviews (issue 23, docs/decisions/0183): the assigned expert sees the client's review on
 * the task page only once they have reviewed the client too, or the 14-day window has closed.
 */
export async function clientReviewHiddenFromExpert(db: Db, task: TaskRow, now: Date): Promise<boolean> {
  const [own] = await db.select({ id: clientReviews.id }).from(clientReviews).where(eq(clientReviews.task_id, task.id));
  return !reviewsRevealed({ clientReviewed: true, expertReviewed: Boolean(own), completedAt: reviewWindowStart(task), now });
}

/**
 * Both parties' review writes lock the task row first, so a client and an expert reviewing at the same
 * moment run one after the other: the second always sees the first and reveals both (decision 0260).
 */
export async function lockTaskForReview(tx: Db, taskId: string): Promise<void> {
  await tx.select({ id: tasks.id }).from(tasks).where(eq(tasks.id, taskId)).for('update');
}

/** Whether the expert already reviewed the client on this task (client_reviews_task_unique). */
export async function expertReviewedClient(tx: Db, taskId: string): Promise<boolean> {
  const rows = await tx.select({ id: clientReviews.id }).from(clientReviews).where(eq(clientReviews.task_id, taskId)).limit(1);
  return rows.length > 0;
}

/** Until when a new client review stays hidden: the window end, or null (visible) when it ends now or has ended. */
export function hiddenUntilFor(task: Pick<TaskRow, 'completed_at' | 'updated_at'>, expertReviewed: boolean, now: Date): Date | null {
  const end = reviewWindowEndsAt(reviewWindowStart(task));
  return expertReviewed || end.getTime() <= now.getTime() ? null : end;
}

/**
 * The effects of a revealed client review of the expert, in the reveal's transaction: the running
 * average and the badges move, and the expert gets the spec's review_received (with the rating, now
 * that it may be seen).
 */
export async function applyRevealedReview(
  tx: Db,
  input: { review: { id: string; rating: number; reviewee_id: string }; task: { id: string; title: string }; now: Date },
  hooks: ReviewHooks,
): Promise<void> {
  const expertId = input.review.reviewee_id;
  await applyRatingToExpert(tx, { expertId, rating: input.review.rating, now: input.now });
  await hooks.expertReviewsChanged(tx, { expertId, now: input.now });
  await notify(tx, [taskNotification.reviewReceived(expertId, input.task, input.review)]);
}

/** The expert has just reviewed the client: reveals the client's hidden review of this task, if any. */
export async function revealClientReviewOfTask(tx: Db, task: { id: string; title: string }, now: Date, hooks: ReviewHooks) {
  const [row] = await tx
    .update(reviews)
    .set({ hidden_until: null })
    .where(and(eq(reviews.task_id, task.id), isNotNull(reviews.hidden_until)))
    .returning();
  if (row) await applyRevealedReview(tx, { review: row, task, now }, hooks);
  return row;
}

/**
 * The window-end sweep (run by the job runner's schedule): reveals the hidden reviews whose window has
 * closed, a batch at a time (reviews_hidden_until_idx). Each is cleared by a conditional update, so two
 * workers never apply one review twice. Returns how many were revealed.
 */
export async function revealDueReviews(db: Db, now: Date, hooks: ReviewHooks, limit = 100): Promise<number> {
  const due = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(isNotNull(reviews.hidden_until), lte(reviews.hidden_until, now)))
    .orderBy(asc(reviews.hidden_until))
    .limit(limit);
  let revealed = 0;
  for (const { id } of due) {
    const done = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(reviews)
        .set({ hidden_until: null })
        .where(and(eq(reviews.id, id), isNotNull(reviews.hidden_until)))
        .returning();
      if (!row) return false;
      const [task] = await tx.select({ id: tasks.id, title: tasks.title }).from(tasks).where(eq(tasks.id, row.task_id));
      if (task) await applyRevealedReview(tx, { review: row, task, now }, hooks);
      return true;
    });
    if (done) revealed += 1;
  }
  return revealed;
}

export const revealedNotice = (to: string, task: { id: string; title: string }) => ({
  user_id: to,
  type: 'reviews_revealed' as const,
  title: messages.discovery.revealedTitle,
  message: format(messages.discovery.revealed, { title: task.title }),
  task_id: task.id,
  data: { task_id: task.id },
});

/** The other party reviewed you: that a review exists, never its rating (the double-blind rule). */
export const blindNotice = (to: string, task: { id: string; title: string }) => ({
  user_id: to,
  type: 'review_received_blind' as const,
  title: messages.discovery.blindReviewTitle,
  message: format(messages.discovery.blindReview, { title: task.title }),
  task_id: task.id,
  data: { task_id: task.id },
});

/** Issue 23: double-blind reviews whose 14-day window closed are revealed on each runner pass (decision 0260). */
export function reviewRevealJobs(deps: { db: Db; hooks: ReviewHooks }): JobModule {
  return {
    name: 'reviews',
    schedule: async (now) => {
      await revealDueReviews(deps.db, now, deps.hooks);
    },
  };
}
