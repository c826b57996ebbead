import { z } from 'zod';
import { STRIPE_ACCOUNT_STATUSES, VERIFICATION_STATUSES } from '../domain/enums';
import { isoDateSchema, same } from './api-response-helpers';
import type {
  AvatarUploadResponse,
  ExpertApplicationResponse,
  MyExpertProfileDto,
  MyExpertProfileResponse,
} from './expert-onboarding.schemas';

/** The answers of the caller's expert profile, the application and the avatar upload (issue 21). */

export const myExpertProfileDtoSchema = z
  .object({
    id: z.string(),
    profile_id: z.string(),
    bio: z.string(),
    expertise: z.array(z.string()),
    location: z.string().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    document_path: z.string().nullable(),
    verification_status: z.enum(VERIFICATION_STATUSES),
    stripe_account_id: z.string().nullable(),
    stripe_onboarding_completed: z.boolean(),
    stripe_account_status: z.enum(STRIPE_ACCOUNT_STATUSES),
    lpca_terms_accepted: z.boolean(),
    lpca_terms_accepted_at: isoDateSchema.nullable(),
    created_at: isoDateSchema,
    updated_at: isoDateSchema,
    is_verified: z.boolean(),
    status_text: z.string(),
    payment_setup_state: z.enum(['not_started', 'incomplete', 'complete_active', 'complete_under_review']),
    application_submitted: z.boolean(),
  })
  .meta({ id: 'MyExpertProfile' });

/** GET /api/experts/me: null for a user without an expert profile. */
export const myExpertProfileResponseSchema = z.object({ expert: myExpertProfileDtoSchema.nullable() });

export const expertApplicationResponseSchema = z.object({ expert: myExpertProfileDtoSchema });

export const avatarUploadResponseSchema = z.object({ avatar_url: z.string() });

same<z.output<typeof myExpertProfileDtoSchema>, MyExpertProfileDto>(true);
same<z.output<typeof myExpertProfileResponseSchema>, MyExpertProfileResponse>(true);
same<z.output<typeof expertApplicationResponseSchema>, ExpertApplicationResponse>(true);
same<z.output<typeof avatarUploadResponseSchema>, AvatarUploadResponse>(true);
