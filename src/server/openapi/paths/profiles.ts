import { onboardingRequestSchema, pushTokenSchema, updateNamesSchema } from '@shared/schemas/me.schemas';
import type { RouteDoc } from '../route-doc';

export const profilesDocs: RouteDoc[] = [
  { route: 'GET /api/me', summary: 'Me: user, profile, roles and session', access: 'user' },
  { route: 'PATCH /api/me/profile', summary: 'Change my names', access: 'user', body: updateNamesSchema },
  {
    route: 'POST /api/me/onboarding',
    summary: 'Complete onboarding',
    access: 'user',
    body: onboardingRequestSchema,
  },
  {
    route: 'PUT /api/me/push-token',
    summary: 'Register my device for push',
    access: 'user',
    body: pushTokenSchema,
  },
];
