import { signUpSchema } from '@shared/schemas/accounts.schemas';
import type { RouteDoc } from '../route-doc';

export const accountsDocs: RouteDoc[] = [
  { route: 'POST /api/accounts/sign-up', summary: 'Create an account', access: 'public', body: signUpSchema },
];
