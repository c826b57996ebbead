import {
  verificationInitiateSchema,
  verificationStatusQuerySchema,
} from '@shared/schemas/verification.schemas';
import type { RouteDoc } from '../route-doc';

export const verificationDocs: RouteDoc[] = [
  {
    route: 'GET /api/verification/status',
    summary: "An expert's identity verification status",
    access: 'public',
    query: verificationStatusQuerySchema,
  },
  {
    route: 'POST /api/verification/initiate',
    summary: 'Start identity verification',
    access: 'user',
    body: verificationInitiateSchema,
  },
  {
    route: 'POST /api/webhooks/verification',
    summary: 'Identity provider webhooks (signature-checked)',
    access: 'public',
  },
];
