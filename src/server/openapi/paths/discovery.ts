import {
  reviewReportSchema,
  taskSearchQuerySchema,
  waitlistJoinSchema,
} from '@shared/schemas/discovery.schemas';
import { createReviewSchema } from '@shared/schemas/reviews.schemas';
import { directoryQuerySchema, reviewModerationSchema } from '@shared/schemas/directory.schemas';
import type { RouteDoc } from '../route-doc';

export const discoveryDocs: RouteDoc[] = [
  {
    route: 'GET /api/search/experts',
    summary: 'The public expert directory near a place',
    access: 'public',
    query: directoryQuerySchema,
  },
  {
    route: 'POST /api/admin/reviews/:id/hide',
    summary: 'Admin: hide a reported review, giving a reason',
    access: 'admin',
    body: reviewModerationSchema,
  },
  {
    route: 'POST /api/admin/reviews/:id/restore',
    summary: 'Admin: restore a hidden review, giving a reason',
    access: 'admin',
    body: reviewModerationSchema,
  },
  { route: 'GET /api/admin/review-reports', summary: 'Admin: reported reviews', access: 'admin' },
  { route: 'GET /api/admin/waitlist', summary: 'Admin: the waitlist', access: 'admin' },
  { route: 'GET /api/admin/waitlist/export', summary: 'Admin: export the waitlist as CSV', access: 'admin' },
  { route: 'GET /api/clients/:id/card', summary: "A client's card as an expert sees it", access: 'user' },
  {
    route: 'GET /api/search/tasks',
    summary: 'Search open tasks',
    access: 'user',
    query: taskSearchQuerySchema,
  },
  {
    route: 'GET /api/search/tasks/points',
    summary: 'Open tasks as map points',
    access: 'user',
    query: taskSearchQuerySchema,
  },
  { route: 'GET /api/tasks/:id/two-way-reviews', summary: 'Both reviews of a task', access: 'user' },
  { route: 'GET /api/waitlist/mine', summary: 'My waitlist entries', access: 'user' },
  {
    route: 'POST /api/reviews/:id/report',
    summary: 'Report a review',
    access: 'user',
    body: reviewReportSchema,
  },
  {
    route: 'POST /api/tasks/:id/client-review',
    summary: 'Review the client of a task',
    access: 'user',
    body: createReviewSchema,
  },
  {
    route: 'POST /api/waitlist',
    summary: 'Join the waitlist for an area',
    access: 'user',
    body: waitlistJoinSchema,
  },
  { route: 'POST /api/waitlist/:id/restore', summary: 'Restore a waitlist entry', access: 'user' },
];
