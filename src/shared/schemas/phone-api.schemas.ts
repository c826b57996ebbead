import { z } from 'zod';
import { isoDateSchema, same } from './api-response-helpers';
import type { PhoneActionResultDto, PhoneVerificationStatusDto } from './phone.schemas';

/** The answers of the phone verification routes (issue 21), checked against phone.schemas.ts. */

export const phoneVerificationStatusDtoSchema = z
  .object({
    phone_number: z.string().nullable(),
    is_verified: z.boolean(),
    code_pending: z.boolean(),
    code_expires_at: isoDateSchema.nullable(),
    can_resend_at: isoDateSchema.nullable(),
    resend_in_seconds: z.number().int(),
    attempts_remaining: z.number().int(),
  })
  .meta({ id: 'PhoneVerificationStatus' });

/** POST send and verify: the spec's text and the state after the action. */
export const phoneActionResultDtoSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  status: phoneVerificationStatusDtoSchema,
});

same<z.output<typeof phoneVerificationStatusDtoSchema>, PhoneVerificationStatusDto>(true);
same<z.output<typeof phoneActionResultDtoSchema>, PhoneActionResultDto>(true);
