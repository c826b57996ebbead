import { describe, expect, it } from 'vitest';
import { fieldErrors } from './common.schemas';
import { createReviewSchema, reviewsQuerySchema } from './reviews.schemas';

const errorsOf = (value: unknown) => {
  const result = createReviewSchema.safeParse(value);
  return result.success ? {} : fieldErrors(result.error);
};

describe('createReviewSchema', () => {
  it.each([1, 2, 3, 4, 5])('accepts rating %i', (rating) => {
    expect(createReviewSchema.parse({ rating, comment: '  Great work, thanks!  ' })).toEqual({
      rating,
      comment: 'Great work, thanks!',
    });
  });

  it.each([undefined, null, 0, 6, 4.5, '5'])('rating %j -> Please select a rating', (rating) => {
    expect(errorsOf({ rating, comment: 'Great work, thanks!' }).rating).toBe('Please select a rating');
  });

  it.each([undefined, '', 'Too short', '   123456789   '])('comment %j is too short', (comment) => {
    expect(errorsOf({ rating: 5, comment }).comment).toBe('Comment must be at least 10 characters');
  });

  it('accepts exactly 10 characters and bounds long comments', () => {
    expect(createReviewSchema.safeParse({ rating: 5, comment: '1234567890' }).success).toBe(true);
    expect(errorsOf({ rating: 5, comment: 'x'.repeat(2_001) }).comment).toBe(
      'Comment must be at most 2000 characters',
    );
  });
});

describe('reviewsQuerySchema', () => {
  it('pages by 5 by default and accepts 3 for the profile', () => {
    expect(reviewsQuerySchema.parse({})).toEqual({ page: 1, pageSize: 5 });
    expect(reviewsQuerySchema.parse({ page: '2', pageSize: '3' })).toEqual({ page: 2, pageSize: 3 });
  });
});
