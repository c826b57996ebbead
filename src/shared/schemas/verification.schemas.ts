import { z } from 'zod';
import { VERIFICATION_LEVELS } from '../domain/enums';
import { idSchema } from './common.schemas';
import type { VerificationBadgeDto } from './expert-public.schemas';

/** POST /verification/initiate: ask for a trust badge level. */
export const verificationInitiateSchema = z.object({
  level: z.enum(VERIFICATION_LEVELS),
  // Passed through to the provider as short key/value pairs: bounded so a caller cannot store megabytes.
  metadata: z
    .record(z.string().max(40), z.union([z.string().max(500), z.number(), z.boolean(), z.null()]))
    .refine((record) => Object.keys(record).length <= 20, { message: 'Too many metadata fields' })
    .optional(),
});
export type VerificationInitiateRequest = z.infer<typeof verificationInitiateSchema>;

/** GET /verification/status: an expert's badges; the caller's own when expert_id is absent. */
export const verificationStatusQuerySchema = z.object({ expert_id: idSchema.optional() });
export type VerificationStatusQuery = z.infer<typeof verificationStatusQuerySchema>;

export type BackgroundCheckState = 'none' | 'pending' | 'approved' | 'rejected' | 'canceled';

/** The spec's verification status (section 3), plus the state of the latest background check. */
export interface VerificationStatusDto {
  expert_id: string;
  badges: VerificationBadgeDto[];
  community_trusted: boolean;
  community_trusted_at: string | null;
  background_verified: boolean;
  background_verified_at: string | null;
  positive_review_count: number;
  /** The latest background check request: the web shows a toast when it turns approved or rejected. */
  background_check: BackgroundCheckState;
}

export interface VerificationProgressDto {
  percentage: number;
  completed: number;
  total: number;
}

export interface VerificationStatusResponse {
  success: true;
  error: null;
  status: VerificationStatusDto;
  progress: VerificationProgressDto;
}

export interface VerificationInitiateResponse {
  success: true;
  error: null;
  /** Where the expert continues on the provider's hosted page; null when nothing is left to do there. */
  hosted_apply_url: string | null;
}
