import { sendVerificationCodeSchema, verifyCodeSchema } from '@shared/schemas/phone.schemas';
import {
  phoneActionResultDtoSchema,
  phoneVerificationStatusDtoSchema,
} from '@shared/schemas/phone-api.schemas';
import type { RouteDoc } from '../route-doc';

export const phoneDocs: RouteDoc[] = [
  {
    route: 'GET /api/phone-verification',
    summary: 'My phone verification state',
    access: 'user',
    responses: { 200: phoneVerificationStatusDtoSchema },
  },
  {
    route: 'POST /api/phone-verification/send',
    summary: 'Send a phone verification code',
    access: 'user',
    body: sendVerificationCodeSchema,
    responses: { 200: phoneActionResultDtoSchema },
  },
  {
    route: 'POST /api/phone-verification/verify',
    summary: 'Check a phone verification code',
    access: 'user',
    body: verifyCodeSchema,
    responses: { 200: phoneActionResultDtoSchema },
  },
];
