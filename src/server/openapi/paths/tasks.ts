import { clientReportSchema } from '@shared/schemas/client-reports.schemas';
import {
  createTaskSchema,
  listTasksQuerySchema,
  proximityCheckSchema,
  updateTaskSchema,
} from '@shared/schemas/tasks.schemas';
import { createApplicationSchema } from '@shared/schemas/applications.schemas';
import { assignWithReasonSchema } from '@shared/schemas/admin-overrides.schemas';
import { createReviewSchema } from '@shared/schemas/reviews.schemas';
import type { RouteDoc } from '../route-doc';

export const tasksDocs: RouteDoc[] = [
  { route: 'GET /api/tasks', summary: 'My tasks', access: 'user', query: listTasksQuerySchema },
  { route: 'GET /api/tasks/:id', summary: 'A task', access: 'user' },
  { route: 'GET /api/tasks/:id/evidence/:index', summary: 'One evidence photo', access: 'user' },
  { route: 'PATCH /api/tasks/:id', summary: 'Edit a task', access: 'user', body: updateTaskSchema },
  { route: 'POST /api/tasks', summary: 'Post a task', access: 'user', body: createTaskSchema },
  { route: 'POST /api/tasks/:id/abandon', summary: 'Abandon an assigned task (expert)', access: 'user' },
  { route: 'POST /api/tasks/:id/accept', summary: 'Accept the evidence (client)', access: 'user' },
  {
    route: 'POST /api/tasks/:id/applications',
    summary: 'Apply to a task',
    access: 'user',
    body: createApplicationSchema,
  },
  {
    route: 'POST /api/tasks/:id/applications/:appId/reject',
    summary: 'Reject an application',
    access: 'user',
  },
  {
    route: 'POST /api/tasks/:id/assign',
    summary: 'Hire an applicant',
    access: 'user',
    body: assignWithReasonSchema,
  },
  { route: 'POST /api/tasks/:id/cancel', summary: 'Cancel a task', access: 'user' },
  { route: 'POST /api/tasks/:id/decline', summary: 'Decline an assignment (expert)', access: 'user' },
  {
    route: 'POST /api/tasks/:id/evidence',
    summary: 'Upload evidence photos (multipart)',
    access: 'user',
    upload: true,
  },
  { route: 'POST /api/tasks/:id/evidence/confirm', summary: 'Submit the uploaded evidence', access: 'user' },
  {
    route: 'POST /api/tasks/:id/report-client',
    summary: 'Report a client',
    access: 'user',
    body: clientReportSchema,
  },
  {
    route: 'POST /api/tasks/:id/review',
    summary: 'Review the expert of a task',
    access: 'user',
    body: createReviewSchema,
  },
  {
    route: 'POST /api/tasks/check-location',
    summary: "Check that I am at a task's place",
    access: 'user',
    body: proximityCheckSchema,
  },
];
