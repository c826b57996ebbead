import {
  verificationInitiateSchema,
  verificationStatusQuerySchema,
} from '@shared/schemas/verification.schemas';
import {
  verificationInitiateResponseSchema,
  verificationStatusResponseSchema,
  verificationWebhookAnswerSchema,
} from '@shared/schemas/verification-api.schemas';
import type { RouteDoc } from '../route-doc';

export const verificationDocs: RouteDoc[] = [
  {
    route: 'GET /api/verification/status',
    summary: "An expert's identity verification status",
    access: 'public',
    query: verificationStatusQuerySchema,
    responses: { 200: verificationStatusResponseSchema },
  },
  {
    route: 'POST /api/verification/initiate',
    summary: 'Start identity verification',
    access: 'user',
    body: verificationInitiateSchema,
    responses: { 200: verificationInitiateResponseSchema },
  },
  {
    route: 'POST /api/webhooks/verification',
    summary: 'Identity provider webhooks (signature-checked)',
    access: 'public',
    responses: { 200: verificationWebhookAnswerSchema },
  },
];
