import {
  reviewReportSchema,
  taskSearchQuerySchema,
  waitlistJoinSchema,
} from '@shared/schemas/discovery.schemas';
import {
  clientCardDtoSchema,
  clientReviewAnswerSchema,
  directoryPageDtoSchema,
  reviewReportListSchema,
  taskMapPointsDtoSchema,
  taskSearchDtoSchema,
  twoWayReviewsDtoSchema,
  waitlistEntryAnswerSchema,
  waitlistMineSchema,
  waitlistPlacesSchema,
} from '@shared/schemas/discovery-api.schemas';
import { createReviewSchema } from '@shared/schemas/reviews.schemas';
import { directoryQuerySchema, reviewModerationSchema } from '@shared/schemas/directory.schemas';
import { messageOnlySchema } from '@shared/schemas/task-api.schemas';
import type { RouteDoc } from '../route-doc';

export const discoveryDocs: RouteDoc[] = [
  {
    route: 'GET /api/search/experts',
    summary: 'The public expert directory near a place',
    access: 'public',
    query: directoryQuerySchema,
    responses: { 200: directoryPageDtoSchema },
  },
  {
    route: 'POST /api/admin/reviews/:id/hide',
    summary: 'Admin: hide a reported review, giving a reason',
    access: 'admin',
    body: reviewModerationSchema,
    responses: { 200: messageOnlySchema },
  },
  {
    route: 'POST /api/admin/reviews/:id/restore',
    summary: 'Admin: restore a hidden review, giving a reason',
    access: 'admin',
    body: reviewModerationSchema,
    responses: { 200: messageOnlySchema },
  },
  {
    route: 'GET /api/admin/review-reports',
    summary: 'Admin: reported reviews',
    access: 'admin',
    responses: { 200: reviewReportListSchema },
  },
  {
    route: 'GET /api/admin/waitlist',
    summary: 'Admin: the waitlist',
    access: 'admin',
    responses: { 200: waitlistPlacesSchema },
  },
  {
    route: 'GET /api/admin/waitlist/export',
    summary: 'Admin: export the waitlist as CSV',
    access: 'admin',
    produces: {
      status: 200,
      contentType: 'text/csv; charset=utf-8',
      description:
        'A download: location, latitude, longitude, waiting, oldest_at, newest_at, oldest_days, one row per place.',
    },
  },
  {
    route: 'GET /api/clients/:id/card',
    summary: "A client's card as an expert sees it",
    access: 'user',
    responses: { 200: clientCardDtoSchema },
  },
  {
    route: 'GET /api/search/tasks',
    summary: 'Search open tasks',
    access: 'user',
    query: taskSearchQuerySchema,
    responses: { 200: taskSearchDtoSchema },
  },
  {
    route: 'GET /api/search/tasks/points',
    summary: 'Open tasks as map points',
    access: 'user',
    query: taskSearchQuerySchema,
    responses: { 200: taskMapPointsDtoSchema },
  },
  {
    route: 'GET /api/tasks/:id/two-way-reviews',
    summary: 'Both reviews of a task',
    access: 'user',
    responses: { 200: twoWayReviewsDtoSchema },
  },
  {
    route: 'GET /api/waitlist/mine',
    summary: 'My waitlist entries',
    access: 'user',
    responses: { 200: waitlistMineSchema },
  },
  {
    route: 'POST /api/reviews/:id/report',
    summary: 'Report a review',
    access: 'user',
    body: reviewReportSchema,
    responses: { 201: messageOnlySchema },
  },
  {
    route: 'POST /api/tasks/:id/client-review',
    summary: 'Review the client of a task',
    access: 'user',
    body: createReviewSchema,
    responses: { 201: clientReviewAnswerSchema },
  },
  {
    route: 'POST /api/waitlist',
    summary: 'Join the waitlist for an area',
    access: 'user',
    body: waitlistJoinSchema,
    responses: { 201: waitlistEntryAnswerSchema },
  },
  {
    route: 'POST /api/waitlist/:id/restore',
    summary: 'Restore a waitlist entry',
    access: 'user',
    responses: { 200: waitlistEntryAnswerSchema },
  },
];
