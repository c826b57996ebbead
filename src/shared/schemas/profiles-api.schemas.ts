import { z } from 'zod';
import { isoDateSchema, same } from './api-response-helpers';
import type { MeDto, ProfileDto, RoleSwitchResponse } from './me.schemas';

/** The answers of /api/me and its writes (issue 21), checked against the interfaces the web app reads. */

export const profileDtoSchema = z
  .object({
    id: z.string(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    avatar_url: z.string().nullable(),
    email: z.string().nullable(),
    onboarding_completed: z.boolean(),
    role_selected_at: isoDateSchema.nullable(),
    created_at: isoDateSchema,
    updated_at: isoDateSchema,
  })
  .meta({ id: 'Profile' });

const rolesSchema = z.object({ isAdmin: z.boolean(), isExpert: z.boolean() });

export const meDtoSchema = z
  .object({
    user: z.object({ id: z.string(), email: z.string() }),
    profile: profileDtoSchema,
    roles: rolesSchema,
    session: z.object({ expiresAt: isoDateSchema }),
  })
  .meta({ id: 'Me' });

/** POST /api/me/onboarding and PATCH /api/me/profile. */
export const profileAnswerSchema = z.object({ profile: profileDtoSchema });

export const roleSwitchResponseSchema = z.object({ changed: z.boolean(), roles: rolesSchema });

same<z.output<typeof profileDtoSchema>, ProfileDto>(true);
same<z.output<typeof meDtoSchema>, MeDto>(true);
same<z.output<typeof roleSwitchResponseSchema>, RoleSwitchResponse>(true);
