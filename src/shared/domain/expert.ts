import { EXPERT_DISPLAY, REVIEWS, VERIFICATION } from '../constants';
import { format } from '../format-message';
import { messages } from '../messages';
import { countText } from '../plural';
import type { StripeAccountStatus, VerificationStatus } from './enums';

/** Flags and display texts derived from an expert profile (spec 000 sections 3-4, spec 001 section 2). */

export interface PayoutFacts {
  stripe_onboarding_completed: boolean;
  stripe_account_status: StripeAccountStatus | string | null;
}

/** Payable (and "verified" in the payment sense): onboarding completed and the account active. */
export function isPayable(expert: PayoutFacts | null | undefined): boolean {
  return !!expert && expert.stripe_onboarding_completed === true && expert.stripe_account_status === 'active';
}

/** The spec calls the same flag isVerified. */
export const isVerified = isPayable;

export function expertStatusText(expert: PayoutFacts | null | undefined): string {
  if (!expert) return messages.expert.statusNotExpert;
  if (isPayable(expert)) return messages.expert.statusVerified;
  if (expert.stripe_account_status === 'restricted') return messages.expert.statusRestricted;
  return messages.expert.statusIncomplete;
}

export type PaymentSetupState = 'not_started' | 'incomplete' | 'complete_active' | 'complete_under_review';

export function paymentSetupState(
  expert: PayoutFacts & { stripe_account_id: string | null | undefined },
): PaymentSetupState {
  if (!expert.stripe_account_id) return 'not_started';
  if (!expert.stripe_onboarding_completed) return 'incomplete';
  return expert.stripe_account_status === 'active' ? 'complete_active' : 'complete_under_review';
}

/** Badge display state of verification_status: anything but verified or rejected shows as pending. */
export function verificationBadgeState(
  status: VerificationStatus | string | null | undefined,
): VerificationStatus {
  return status === 'verified' || status === 'rejected' ? status : 'pending';
}

/** Comma-separated expertise to a list: trimmed, empty entries dropped. */
export function parseExpertise(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}

/** A bio is empty when absent, blank, or the placeholder "New Expert". */
export function isBioEmpty(bio: string | null | undefined): boolean {
  const trimmed = (bio ?? '').trim();
  return trimmed === '' || trimmed === EXPERT_DISPLAY.bioPlaceholder;
}

const hasData = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0;

/** Minutes under 60, else rounded hours, else "Not enough data yet". */
export function formatResponseTime(minutes: number | null | undefined): string {
  if (!hasData(minutes)) return messages.expert.notEnoughData;
  const roundedMinutes = Math.round(minutes);
  if (roundedMinutes < EXPERT_DISPLAY.responseTimeHoursFromMinutes) {
    return countText(roundedMinutes, { one: messages.expert.responseMinute, other: messages.expert.responseMinutes });
  }
  const hours = Math.round(minutes / 60);
  return countText(hours, { one: messages.expert.responseHour, other: messages.expert.responseHours });
}

/** A success rate (percent, 0-100) with one decimal, else "Not enough data yet". */
export function formatSuccessRate(rate: number | null | undefined): string {
  if (!hasData(rate)) return messages.expert.notEnoughData;
  return `${rate.toFixed(EXPERT_DISPLAY.successRateDecimals)}%`;
}

export type StarKind = 'full' | 'half' | 'empty';

/** Five stars for a rating: full stars, one half star when the fraction is at least 0.5, the rest empty. */
export function starRating(rating: number | null | undefined, max: number = REVIEWS.ratingMax): StarKind[] {
  const value = hasData(rating) ? Math.min(rating, max) : 0;
  const full = Math.floor(value);
  const half = value - full >= REVIEWS.halfStarFrom ? 1 : 0;
  return Array.from({ length: max }, (_, index): StarKind => {
    if (index < full) return 'full';
    if (index < full + half) return 'half';
    return 'empty';
  });
}

/** "4.5 (12)" with the count when given, "4.5" without; "No ratings yet" when there is no rating. */
export function ratingSummary(average: number | null | undefined, count?: number | null): string {
  if (!hasData(average) || average === 0 || count === 0) return messages.reviews.noRatings;
  const text = average.toFixed(1);
  return count === undefined || count === null ? text : `${text} (${count})`;
}

/** The reviewer's display name: first name, or "User". */
export function reviewerName(firstName: string | null | undefined): string {
  return firstName?.trim() || messages.reviews.fallbackReviewerName;
}

/** The expert's display name: first and last name, or "Expert". */
export function expertDisplayName(
  firstName: string | null | undefined,
  lastName: string | null | undefined,
): string {
  return (
    [firstName, lastName]
      .map((part) => part?.trim())
      .filter(Boolean)
      .join(' ') || messages.expert.fallbackName
  );
}

/** Community trust becomes available at 5 positive reviews. */
export function isCommunityTrustAvailable(positiveReviewCount: number): boolean {
  return positiveReviewCount >= VERIFICATION.communityTrustPositiveReviews;
}

/** The badges to show (3 by default) and the "+N more" text for the rest, or null. */
export function visibleBadges<T>(
  badges: readonly T[],
  limit: number = VERIFICATION.badgesVisible,
): { shown: T[]; moreText: string | null } {
  const rest = badges.length - limit;
  return {
    shown: badges.slice(0, limit),
    moreText: rest > 0 ? format(messages.verification.moreBadges, { count: rest }) : null,
  };
}

/** Bios longer than 150 characters get Show more. */
export function needsShowMore(bio: string | null | undefined): boolean {
  return (bio ?? '').length > EXPERT_DISPLAY.bioShowMoreAbove;
}
