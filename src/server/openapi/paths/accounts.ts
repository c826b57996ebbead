import { signUpSchema } from '@shared/schemas/accounts.schemas';
import { successMessageSchema } from '@shared/schemas/api-response-helpers';
import type { RouteDoc } from '../route-doc';

export const accountsDocs: RouteDoc[] = [
  {
    route: 'POST /api/accounts/sign-up',
    summary: 'Create an account (the confirmation email is sent)',
    access: 'public',
    body: signUpSchema,
    responses: { 201: successMessageSchema },
  },
];
