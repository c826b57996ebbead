import {
  contestNoAccessSchema,
  noAccessContestedResponseSchema,
  noAccessReportedResponseSchema,
  noAccessReportResponseSchema,
} from '@shared/schemas/no-access.schemas';
import type { RouteDoc } from '../route-doc';

/** Proof of a no-show (issue 50, docs/decisions/0463). */
export const noAccessDocs: RouteDoc[] = [
  {
    route: 'GET /api/tasks/:id/no-access',
    summary: "The task's no-access report for its parties and admins: the window, the photos' checks, the fee and its deadline",
    access: 'user',
    responses: { 200: noAccessReportResponseSchema },
  },
  {
    route: 'POST /api/tasks/:id/no-access',
    summary:
      'The hired expert reports that nobody gave access (multipart `photos`, optional `note`): from the agreed start, each photo taken there in the window (± 30 min, within 0.5 mi) by its own metadata',
    access: 'user',
    upload: true,
    responses: { 201: noAccessReportedResponseSchema },
  },
  {
    route: 'POST /api/tasks/:id/no-access/contest',
    summary: 'The client contests the report within 48 hours: a dispute opens and no fee is taken until an admin decides',
    access: 'user',
    body: contestNoAccessSchema,
    responses: { 200: noAccessContestedResponseSchema },
  },
  {
    route: 'GET /api/tasks/:id/no-access/photos/:index',
    summary: 'One proof photo, without its metadata, for the parties and admins',
    access: 'user',
    produces: { status: 200, contentType: 'image/*', description: 'The photo, its metadata removed' },
  },
];
