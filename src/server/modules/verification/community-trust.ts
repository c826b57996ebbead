import { VERIFICATION } from '@shared/constants';
import { messages } from '@shared/messages';
import type { Db } from '../../db/client';
import { insertNotifications } from '../notifications/notifications.repository';
import type { ReviewHooks } from '../reviews/review-hooks';
import { findTrustFacts, insertDecidedRecord, setCommunityTrustedAt, type TrustFacts } from './verification.repository';

/** The rule of docs/decisions/0081: at least 5 reviews rated 4 or 5, and an average of 4.0 or more. */
export function meetsCommunityTrustRule(facts: Pick<TrustFacts, 'positiveReviewCount' | 'averageRating'>): boolean {
  return (
    facts.positiveReviewCount >= VERIFICATION.communityTrustPositiveReviews &&
    facts.averageRating !== null &&
    facts.averageRating >= VERIFICATION.communityTrustMinAverageRating
  );
}

/**
 * Grants or withdraws the community trust badge after a review, in the review's transaction (the
 * expert row is locked, so parallel reviews recompute one after another). A change writes an
 * expert_verification_records row; a grant also notifies the expert. Returns the change, if any.
 */
export async function recomputeCommunityTrust(
  tx: Db,
  input: { expertId: string; now: Date },
): Promise<'granted' | 'withdrawn' | null> {
  const facts = await findTrustFacts(tx, input.expertId, { lock: true });
  if (!facts) return null;
  const eligible = meetsCommunityTrustRule(facts);
  const trusted = facts.communityTrustedAt !== null;
  if (eligible === trusted) return null;
  await setCommunityTrustedAt(tx, input.expertId, eligible ? input.now : null, input.now);
  await insertDecidedRecord(tx, {
    expertId: input.expertId,
    level: 'community_trust',
    status: eligible ? 'approved' : 'rejected',
    provider: 'rule',
    now: input.now,
  });
  if (eligible) {
    await insertNotifications(tx, [
      {
        user_id: input.expertId,
        type: 'verification_approved',
        title: messages.verification.communityTrustedTitle,
        message: messages.verification.communityTrusted,
        data: { level: 'community_trust' },
        created_at: input.now,
      },
    ]);
  }
  return eligible ? 'granted' : 'withdrawn';
}

/** The reviews module's hooks (review-hooks.ts): a change of an expert's visible reviews recomputes the badge. */
export const communityTrustReviewHooks: ReviewHooks = { expertReviewsChanged: recomputeCommunityTrust };
