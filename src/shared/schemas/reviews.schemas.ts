import { z } from 'zod';
import { REVIEWS, TEXT_LIMITS } from '../constants';
import { messages } from '../messages';
import { paginationQuery } from './common.schemas';

const reviewsText = messages.reviews;

/** POST /tasks/:taskId/review: a whole rating 1-5 and a comment of at least 10 characters. */
export const createReviewSchema = z.object({
  rating: z
    .number({ error: reviewsText.ratingRequired })
    .int(reviewsText.ratingRequired)
    .min(REVIEWS.ratingMin, reviewsText.ratingRequired)
    .max(REVIEWS.ratingMax, reviewsText.ratingRequired),
  comment: z
    .string({ error: reviewsText.commentTooShort })
    .trim()
    .min(REVIEWS.commentMinLength, reviewsText.commentTooShort)
    .max(TEXT_LIMITS.reviewCommentMax, reviewsText.commentTooLong),
});
export type CreateReviewRequest = z.infer<typeof createReviewSchema>;

/** GET /experts/:id/reviews: 5 per page by default (the profile asks for 3). */
export const reviewsQuerySchema = paginationQuery(REVIEWS.pageSize);
export type ReviewsQuery = z.infer<typeof reviewsQuerySchema>;
