import { z } from 'zod';
import { VERIFICATION_LEVELS } from '../domain/enums';
import { idSchema } from './common.schemas';

/** POST /verification/initiate: ask for a trust badge level. */
export const verificationInitiateSchema = z.object({
  level: z.enum(VERIFICATION_LEVELS),
  metadata: z.record(z.string(), z.unknown()).optional(),
});
export type VerificationInitiateRequest = z.infer<typeof verificationInitiateSchema>;

/** GET /verification/status: an expert's badges; the caller's own when expert_id is absent. */
export const verificationStatusQuerySchema = z.object({ expert_id: idSchema.optional() });
export type VerificationStatusQuery = z.infer<typeof verificationStatusQuerySchema>;
