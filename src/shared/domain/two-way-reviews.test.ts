import { describe, expect, it } from 'vitest';
import { isReviewWindowOpen, reviewsRevealed, reviewWindowEndsAt } from './two-way-reviews';

const done = new Date('2026-11-01T12:00:00Z');
const at = (days: number) => new Date(done.getTime() + days * 86_400_000);

describe('the two-way review window', () => {
  it('is open for 14 days after verification, closed from the last instant on', () => {
    expect(reviewWindowEndsAt(done).toISOString()).toBe('2026-11-15T12:00:00.000Z');
    expect(isReviewWindowOpen(done, at(13.999))).toBe(true);
    expect(isReviewWindowOpen(done, at(14))).toBe(false);
  });

  it('reveals when both reviewed or when the window closes, never for one review inside it', () => {
    expect(reviewsRevealed({ clientReviewed: true, expertReviewed: false, completedAt: done, now: at(1) })).toBe(false);
    expect(reviewsRevealed({ clientReviewed: true, expertReviewed: true, completedAt: done, now: at(1) })).toBe(true);
    expect(reviewsRevealed({ clientReviewed: false, expertReviewed: true, completedAt: done, now: at(14) })).toBe(true);
  });
});
