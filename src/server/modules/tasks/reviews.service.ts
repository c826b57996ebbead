import { messages } from '@shared/messages';
import type { ClientReportInput } from '@shared/schemas/client-reports.schemas';
import type { CreateReviewRequest } from '@shared/schemas/reviews.schemas';
import type { ReviewDto } from '@shared/schemas/task-api';
import { AppError, conflict } from '../../lib/errors';
import { findProfile } from '../profiles/profiles.repository';
import { recomputeCommunityTrust } from '../verification/community-trust';
import { loadTaskFor } from './task-access';
import { notify, taskNotification } from './task-notifications';
import type { TasksServiceDeps } from './tasks.deps';
import { toReviewDto } from './tasks.dto';
import { applyRatingToExpert, insertClientFlag, insertReviewOnce } from './reviews.repository';

export function createReviewsService(deps: TasksServiceDeps) {
  const { db, clock } = deps;

  return {
    /**
     * The task's client reviews the expert of a completed or verified task, once. The review, the
     * expert's running average and the review_received notification are one transaction; a parallel
     * second review writes nothing and counts nothing.
     */
    async review(userId: string, taskId: string, input: CreateReviewRequest): Promise<{ review: ReviewDto; message: string }> {
      const now = clock.now();
      const { task } = await loadTaskFor(db, userId, taskId, 'write_review', now);
      const expertId = task.expert_id!;
      const review = await db.transaction(async (tx) => {
        const row = await insertReviewOnce(tx, {
          taskId: task.id,
          revieweeId: expertId,
          reviewerId: userId,
          rating: input.rating,
          comment: input.comment,
          now,
        });
        if (!row) return undefined;
        await applyRatingToExpert(tx, { expertId, rating: input.rating, now });
        await recomputeCommunityTrust(tx, { expertId, now });
        await notify(tx, [taskNotification.reviewReceived(expertId, task, row)]);
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
