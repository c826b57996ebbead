import { sendVerificationCodeSchema, verifyCodeSchema } from '@shared/schemas/phone.schemas';
import type { RouteDoc } from '../route-doc';

export const phoneDocs: RouteDoc[] = [
  { route: 'GET /api/phone-verification', summary: 'My phone verification state', access: 'user' },
  {
    route: 'POST /api/phone-verification/send',
    summary: 'Send a phone verification code',
    access: 'user',
    body: sendVerificationCodeSchema,
  },
  {
    route: 'POST /api/phone-verification/verify',
    summary: 'Check a phone verification code',
    access: 'user',
    body: verifyCodeSchema,
  },
];
