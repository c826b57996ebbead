import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { messages } from '@shared/messages';
import type { ReviewModerationRequest } from '@shared/schemas/directory.schemas';
import type { Db } from '../../db/client';
import { clientReviews, reviews } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { conflict, notFound } from '../../lib/errors';
import { recordAudit } from '../audit/audit.repository';
import { recomputeExpertRating } from './reviews.repository';
import type { ReviewHooks } from './review-hooks';

const directoryText = messages.directory;

/**
 * Admins hide or restore a reported review (issue 23, docs/decisions/0262). The change, the audit row
 * (actor, review, kind, reason) and, for a review of an expert, the recomputed average and badges are
 * one transaction; the conditional update makes a repeat or a parallel twin a 409 that changes nothing.
 */
export function createReviewModerationService(db: Db, clock: Clock, hooks: ReviewHooks) {
  async function moderate(adminId: string, reviewId: string, input: ReviewModerationRequest, hide: boolean) {
    const now = clock.now();
    const table = input.kind === 'expert' ? reviews : clientReviews;
    const state = hide ? isNull(table.removed_at) : isNotNull(table.removed_at);
    const changed = await db.transaction(async (tx) => {
      const [row] =
        input.kind === 'expert'
          ? await tx
              .update(reviews)
              .set({ removed_at: hide ? now : null, removed_reason: hide ? input.reason : null })
              .where(and(eq(reviews.id, reviewId), state))
              .returning({ task_id: reviews.task_id, reviewee_id: reviews.reviewee_id, rating: reviews.rating })
          : await tx
              .update(clientReviews)
              .set({ removed_at: hide ? now : null, removed_reason: hide ? input.reason : null })
              .where(and(eq(clientReviews.id, reviewId), state))
              .returning({ task_id: clientReviews.task_id, reviewee_id: clientReviews.client_id, rating: clientReviews.rating });
      if (!row) return false;
      if (input.kind === 'expert') {
        await recomputeExpertRating(tx, { expertId: row.reviewee_id, now });
        await hooks.expertReviewsChanged(tx, { expertId: row.reviewee_id, now });
      }
      await recordAudit(tx, {
        actor_id: adminId,
        action: hide ? 'review.hidden' : 'review.restored',
        target_type: 'review',
        target_id: reviewId,
        details: { kind: input.kind, task_id: row.task_id, reviewee_id: row.reviewee_id, rating: row.rating, reason: input.reason },
        created_at: now,
      });
      return true;
    });
    if (!changed) {
      const [exists] = await db.select({ id: table.id }).from(table).where(eq(table.id, reviewId));
      if (!exists) throw notFound(messages.discovery.reviewNotFound);
      throw conflict(hide ? directoryText.reviewAlreadyHidden : directoryText.reviewNotHidden);
    }
    return { message: hide ? directoryText.reviewHidden : directoryText.reviewRestored };
  }

  return {
    hide: (adminId: string, reviewId: string, input: ReviewModerationRequest) => moderate(adminId, reviewId, input, true),
    restore: (adminId: string, reviewId: string, input: ReviewModerationRequest) => moderate(adminId, reviewId, input, false),
  };
}
