import { messages } from '@shared/messages';
import type { ClientReportInput } from '@shared/schemas/client-reports.schemas';
import type { CreateReviewRequest } from '@shared/schemas/reviews.schemas';
import type { ReviewDto } from '@shared/schemas/task-api';
import { AppError, conflict } from '../../lib/errors';
import { findProfile } from '../profiles/profiles.repository';
import { insertNotifications } from '../notifications/notifications.repository';
import { applyRevealedReview, blindNotice, expertReviewedClient, hiddenUntilFor, lockTaskForReview, revealedNotice } from './blind-reviews';
import { loadTaskFor } from '../tasks/task-access';
import type { TasksServiceDeps } from '../tasks/tasks.deps';
import type { ReviewHooks } from './review-hooks';
import { toReviewDto } from '../tasks/tasks.dto';
import { insertClientFlag, insertReviewOnce } from './reviews.repository';

/** `hooks`: what a revealed review sets off above this module (review-hooks.ts). */
export function createReviewsService(deps: TasksServiceDeps, hooks: ReviewHooks) {
  const { db, clock } = deps;

  return {
    /**
     * The task's client reviews the expert of a completed or verified task, once. Double-blind (issue
     * 23, decision 0260): unless the expert has already reviewed the client (or the 14-day window has
     * closed), the review is stored hidden until the window end; the expert is only told that a review
     * exists, and the running average, badges and public list do not move until it is revealed. A
     * revealed review moves the average and sends review_received in the same transaction; a parallel
     * second review writes nothing and counts nothing.
     */
    async review(userId: string, taskId: string, input: CreateReviewRequest): Promise<{ review: ReviewDto; message: string }> {
      const now = clock.now();
      const { task } = await loadTaskFor(db, userId, taskId, 'write_review', now);
      const expertId = task.expert_id!;
      const review = await db.transaction(async (tx) => {
        await lockTaskForReview(tx, task.id);
        const expertReviewed = await expertReviewedClient(tx, task.id);
        const row = await insertReviewOnce(tx, {
          taskId: task.id,
          revieweeId: expertId,
          reviewerId: userId,
          rating: input.rating,
          comment: input.comment,
          now,
          hiddenUntil: hiddenUntilFor(task, expertReviewed, now),
        });
        if (!row) return undefined;
        if (row.hidden_until === null) {
          await applyRevealedReview(tx, { review: row, task, now }, hooks);
          if (expertReviewed) await insertNotifications(tx, [revealedNotice(userId, task)]);
        } else {
          await insertNotifications(tx, [blindNotice(expertId, task)]);
        }
        return row;
      });
      if (!review) throw conflict(messages.reviews.alreadyReviewed);
      const reviewer = await findProfile(db, userId);
      if (!reviewer) throw new AppError('internal', messages.reviews.submitFailed);
      return { review: toReviewDto(review, reviewer, task.title), message: messages.reviews.submitted };
    },

    /** The assigned expert reports the client while payment is not authorized or the hold expired. */
    async reportClient(userId: string, taskId: string, input: ClientReportInput): Promise<{ message: string }> {
      const now = clock.now();
      const { task } = await loadTaskFor(db, userId, taskId, 'report_client', now);
      const inserted = await insertClientFlag(db, {
        expertId: userId,
        clientId: task.client_id,
        taskId: task.id,
        reason: input.reason,
        severity: input.severity,
        now,
      });
      if (!inserted) throw conflict(messages.reports.alreadyReported);
      return { message: messages.reports.submitted };
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
