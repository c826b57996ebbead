import { z } from 'zod';
import { isoDateSchema, same } from './api-response-helpers';
import { verificationBadgeDtoSchema } from './expert-public-api.schemas';
import type {
  VerificationInitiateResponse,
  VerificationStatusDto,
  VerificationStatusResponse,
} from './verification.schemas';

/** The answers of the identity verification routes (issue 21), checked against verification.schemas.ts. */

export const verificationStatusDtoSchema = z
  .object({
    expert_id: z.string(),
    badges: z.array(verificationBadgeDtoSchema),
    community_trusted: z.boolean(),
    community_trusted_at: isoDateSchema.nullable(),
    background_verified: z.boolean(),
    background_verified_at: isoDateSchema.nullable(),
    positive_review_count: z.number().int(),
    background_check: z.enum(['none', 'pending', 'approved', 'rejected', 'canceled']),
  })
  .meta({ id: 'VerificationStatus' });

export const verificationStatusResponseSchema = z.object({
  success: z.literal(true),
  error: z.null(),
  status: verificationStatusDtoSchema,
  progress: z.object({ percentage: z.number(), completed: z.number().int(), total: z.number().int() }),
});

export const verificationInitiateResponseSchema = z.object({
  success: z.literal(true),
  error: z.null(),
  hosted_apply_url: z.string().nullable(),
});

/** POST /api/webhooks/verification: the event was taken (a repeated event id says duplicate). */
export const verificationWebhookAnswerSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });

same<z.output<typeof verificationStatusDtoSchema>, VerificationStatusDto>(true);
same<z.output<typeof verificationStatusResponseSchema>, VerificationStatusResponse>(true);
same<z.output<typeof verificationInitiateResponseSchema>, VerificationInitiateResponse>(true);
