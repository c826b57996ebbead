/**
 * Two-way, double-blind reviews (issue 23, docs/decisions/0183): after a task is verified each party
 * may review the other for 14 days; neither sees the other's review until both have submitted or the
 * window has closed.
 */
export const REVIEW_WINDOW_DAYS = 14;
const DAY_MS = 86_400_000;

export function reviewWindowEndsAt(completedAt: Date): Date {
  return new Date(completedAt.getTime() + REVIEW_WINDOW_DAYS * DAY_MS);
}

export function isReviewWindowOpen(completedAt: Date, now: Date): boolean {
  return now.getTime() < reviewWindowEndsAt(completedAt).getTime();
}

/** Both reviews are visible to both parties once both exist, or once the window has closed. */
export function reviewsRevealed(input: { clientReviewed: boolean; expertReviewed: boolean; completedAt: Date; now: Date }): boolean {
  return (input.clientReviewed && input.expertReviewed) || !isReviewWindowOpen(input.completedAt, input.now);
}
