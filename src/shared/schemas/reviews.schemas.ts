import { z } from 'zod';
import { REVIEWS, TEXT_LIMITS } from '../constants';
import { messages } from '../messages';
import { paginationQuery } from './common.schemas';

const m = messages.reviews;

/** POST /tasks/:taskId/review: a whole rating 1-5 and a comment of at least 10 characters. */
export const createReviewSchema = z.object({
  rating: z
    .number({ error: m.ratingRequired })
    .int(m.ratingRequired)
    .min(REVIEWS.ratingMin, m.ratingRequired)
    .max(REVIEWS.ratingMax, m.ratingRequired),
  comment: z
    .string({ error: m.commentTooShort })
    .trim()
    .min(REVIEWS.commentMinLength, m.commentTooShort)
    .max(TEXT_LIMITS.reviewCommentMax, m.commentTooLong),
});
export type CreateReviewRequest = z.infer<typeof createReviewSchema>;

/** GET /experts/:id/reviews: 5 per page by default (the profile asks for 3). */
export const reviewsQuerySchema = paginationQuery(REVIEWS.pageSize);
export type ReviewsQuery = z.infer<typeof reviewsQuerySchema>;
