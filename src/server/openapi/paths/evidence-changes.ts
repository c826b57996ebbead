import {
  changesTransitionSchema,
  extensionAcceptedSchema,
  extensionAnswerSchema,
  lateWorkDtoSchema,
  requestChangesSchema,
  requestExtensionSchema,
} from '@shared/schemas/evidence-changes.schemas';
import type { RouteDoc } from '../route-doc';

/** Issue 50: changes requested instead of a dispute, and late work (docs/decisions/0465). */
export const evidenceChangesDocs: RouteDoc[] = [
  {
    route: 'POST /api/tasks/:id/evidence/request-changes',
    summary: 'Request changes to delivered evidence (the client; at most two rounds)',
    access: 'user',
    body: requestChangesSchema,
    responses: { 200: changesTransitionSchema },
  },
  {
    route: 'POST /api/tasks/:id/evidence/redeliver',
    summary: 'Deliver the requested items again (multipart: `item.<id>` files, or `files` without a checklist)',
    access: 'user',
    upload: true,
    responses: { 200: changesTransitionSchema },
  },
  {
    route: 'GET /api/tasks/:id/late-work',
    summary: 'Whether the task is overdue, its extension requests and the free cancel',
    access: 'user',
    responses: { 200: lateWorkDtoSchema },
  },
  {
    route: 'POST /api/tasks/:id/extensions',
    summary: 'Ask for more time on an overdue task (the assigned expert)',
    access: 'user',
    body: requestExtensionSchema,
    responses: { 201: extensionAnswerSchema },
  },
  {
    route: 'POST /api/tasks/:id/extensions/:extensionId/accept',
    summary: 'Accept a request for more time (the client): the due date moves',
    access: 'user',
    responses: { 200: extensionAcceptedSchema },
  },
  {
    route: 'POST /api/tasks/:id/extensions/:extensionId/decline',
    summary: 'Decline a request for more time (the client)',
    access: 'user',
    responses: { 200: extensionAnswerSchema },
  },
  {
    route: 'POST /api/tasks/:id/cancel-overdue',
    summary: 'Cancel a task over 24 hours past its due moment with nothing delivered: always free, the hold released in full',
    access: 'user',
    responses: { 200: changesTransitionSchema },
  },
];
