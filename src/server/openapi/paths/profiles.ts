import {
  onboardingRequestSchema,
  pushTokenSchema,
  roleSwitchSchema,
  updateNamesSchema,
} from '@shared/schemas/me.schemas';
import {
  meDtoSchema,
  profileAnswerSchema,
  roleSwitchResponseSchema,
} from '@shared/schemas/profiles-api.schemas';
import { successSchema } from '@shared/schemas/api-response-helpers';
import type { RouteDoc } from '../route-doc';

export const profilesDocs: RouteDoc[] = [
  {
    route: 'GET /api/me',
    summary: 'Me: user, profile, roles and session',
    access: 'user',
    responses: { 200: meDtoSchema },
  },
  {
    route: 'POST /api/me/role',
    summary: 'Switch my role between client and expert',
    access: 'user',
    body: roleSwitchSchema,
    responses: { 200: roleSwitchResponseSchema },
  },
  {
    route: 'PATCH /api/me/profile',
    summary: 'Change my names',
    access: 'user',
    body: updateNamesSchema,
    responses: { 200: profileAnswerSchema },
  },
  {
    route: 'POST /api/me/onboarding',
    summary: 'Complete onboarding',
    access: 'user',
    body: onboardingRequestSchema,
    responses: { 200: profileAnswerSchema },
  },
  {
    route: 'PUT /api/me/push-token',
    summary: 'Register my device for push',
    access: 'user',
    body: pushTokenSchema,
    responses: { 200: successSchema },
  },
];
