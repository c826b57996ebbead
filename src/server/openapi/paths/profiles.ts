import {
  onboardingRequestSchema,
  pushTokenSchema,
  roleSwitchSchema,
  updateNamesSchema,
} from '@shared/schemas/me.schemas';
import type { RouteDoc } from '../route-doc';

export const profilesDocs: RouteDoc[] = [
  { route: 'GET /api/me', summary: 'Me: user, profile, roles and session', access: 'user' },
  {
    route: 'POST /api/me/role',
    summary: 'Switch my role between client and expert',
    access: 'user',
    body: roleSwitchSchema,
  },
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
