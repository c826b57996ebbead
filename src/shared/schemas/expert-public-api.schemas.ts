import { z } from 'zod';
import { VERIFICATION_LEVELS } from '../domain/enums';
import { isoDateSchema, same } from './api-response-helpers';
import type {
  ExpertPublicProfileDto,
  ExpertPublicProfileResponse,
  ExpertReviewDto,
  ExpertReviewsPageResponse,
  VerificationBadgeDto,
} from './expert-public.schemas';

/** The answers of an expert's public profile and reviews (issue 21), checked against expert-public.schemas.ts. */

export const verificationBadgeDtoSchema = z
  .object({
    level: z.enum(VERIFICATION_LEVELS),
    name: z.string(),
    verified: z.boolean(),
    description: z.string(),
  })
  .meta({ id: 'VerificationBadge' });

export const expertPublicProfileDtoSchema = z
  .object({
    id: z.string(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    avatar_url: z.string().nullable(),
    member_since: isoDateSchema,
    location: z.string().nullable(),
    bio: z.string(),
    expertise: z.array(z.string()),
    completed_tasks: z.number().int(),
    avg_rating: z.number().nullable(),
    review_count: z.number().int(),
    positive_review_count: z.number().int(),
    avg_response_time_mins: z.number().nullable(),
    success_rate: z.number().nullable(),
    completed_as_agreed: z.object({ percent: z.number().int(), of: z.number().int() }).nullable(),
    badges: z.array(verificationBadgeDtoSchema),
  })
  .meta({ id: 'ExpertPublicProfile' });

export const expertPublicProfileResponseSchema = z.object({ expert: expertPublicProfileDtoSchema });

export const expertReviewDtoSchema = z
  .object({
    id: z.string(),
    rating: z.number().int(),
    comment: z.string(),
    created_at: isoDateSchema,
    task_id: z.string(),
    task_title: z.string(),
    reviewer: z.object({ first_name: z.string().nullable(), avatar_url: z.string().nullable() }),
  })
  .meta({ id: 'ExpertReview' });

export const expertReviewsPageResponseSchema = z.object({
  reviews: z.array(expertReviewDtoSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  pageCount: z.number().int(),
});

same<z.output<typeof verificationBadgeDtoSchema>, VerificationBadgeDto>(true);
same<z.output<typeof expertPublicProfileDtoSchema>, ExpertPublicProfileDto>(true);
same<z.output<typeof expertPublicProfileResponseSchema>, ExpertPublicProfileResponse>(true);
same<z.output<typeof expertReviewDtoSchema>, ExpertReviewDto>(true);
same<z.output<typeof expertReviewsPageResponseSchema>, ExpertReviewsPageResponse>(true);
