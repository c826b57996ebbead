import {
  applicationDtoSchema,
  messageOnlySchema,
  reviewDtoSchema,
  taskDetailsDtoSchema,
  taskDtoSchema,
  taskListDtoSchema,
  taskTransitionSchema,
} from '@shared/schemas/task-api.schemas';
import { z } from 'zod';
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
import {
  cancellationEventDtoSchema,
  cancellationQuoteDtoSchema,
  clientCancelSchema,
  expertCancelSchema,
} from '@shared/schemas/cancellations.schemas';
import type { RouteDoc } from '../route-doc';

export const tasksDocs: RouteDoc[] = [
  {
    route: 'GET /api/tasks',
    summary: 'My tasks',
    access: 'user',
    query: listTasksQuerySchema,
    responses: { 200: taskListDtoSchema },
  },
  {
    route: 'GET /api/tasks/:id',
    summary: 'A task',
    access: 'user',
    responses: { 200: z.object({ task: taskDetailsDtoSchema }) },
  },
  {
    route: 'GET /api/tasks/:id/evidence/:index',
    summary: 'One evidence photo',
    access: 'user',
    produces: {
      status: 200,
      contentType: '*/*',
      description:
        'The file with its own content type: a photo (image/*, metadata stripped for the parties) or a video (video/*; a Range request answers 206 with Content-Range).',
    },
  },
  {
    route: 'PATCH /api/tasks/:id',
    summary: 'Edit a task',
    access: 'user',
    body: updateTaskSchema,
    responses: { 200: z.object({ task: taskDtoSchema, warnings: z.array(z.string()), message: z.string() }) },
  },
  {
    route: 'POST /api/tasks',
    summary: 'Post a task',
    access: 'user',
    body: createTaskSchema,
    responses: { 201: z.object({ task: taskDtoSchema, warnings: z.array(z.string()), message: z.string() }) },
  },
  {
    route: 'POST /api/tasks/:id/abandon',
    summary: 'Abandon a task in progress (the hired expert, with a reason)',
    access: 'user',
    body: expertCancelSchema,
    responses: { 200: taskTransitionSchema },
  },
  {
    route: 'POST /api/tasks/:id/accept',
    summary: 'Accept the evidence (client)',
    access: 'user',
    responses: { 200: taskTransitionSchema },
  },
  {
    route: 'POST /api/tasks/:id/applications',
    summary: 'Apply to a task',
    access: 'user',
    body: createApplicationSchema,
    responses: { 201: z.object({ application: applicationDtoSchema }) },
  },
  {
    route: 'POST /api/tasks/:id/applications/:appId/reject',
    summary: 'Reject an application',
    access: 'user',
    responses: { 200: z.object({ application: applicationDtoSchema }) },
  },
  {
    route: 'POST /api/tasks/:id/assign',
    summary: 'Hire an applicant',
    access: 'user',
    body: assignWithReasonSchema,
    responses: { 200: taskTransitionSchema },
  },
  {
    route: 'POST /api/tasks/:id/cancel',
    summary: 'Cancel a task (client, or an admin with a reason); a late cancel takes the call-out fee from the hold',
    access: 'user',
    body: clientCancelSchema,
    responses: { 200: taskTransitionSchema },
  },
  {
    route: 'POST /api/tasks/:id/expert-cancel',
    summary: 'Cancel a booking (the hired expert, with a reason): the hold is voided and the task reopens',
    access: 'user',
    body: expertCancelSchema,
    responses: { 200: taskTransitionSchema },
  },
  {
    route: 'GET /api/tasks/:id/cancellation-quote',
    summary: "What the caller's cancel would cost now (call-out fee, platform fee, released amount)",
    access: 'user',
    responses: { 200: cancellationQuoteDtoSchema },
  },
  {
    route: 'GET /api/tasks/:id/cancellations',
    summary: "The task's cancellations (who, the reason, the fee) for its timeline",
    access: 'user',
    responses: { 200: z.object({ cancellations: z.array(cancellationEventDtoSchema) }) },
  },
  {
    route: 'POST /api/tasks/:id/decline',
    summary: 'Decline an assignment (the hired expert, with a reason)',
    access: 'user',
    body: expertCancelSchema,
    responses: { 200: taskTransitionSchema },
  },
  {
    route: 'POST /api/tasks/:id/evidence',
    summary: 'Upload evidence photos (multipart)',
    access: 'user',
    upload: true,
    responses: { 200: taskTransitionSchema },
  },
  {
    route: 'POST /api/tasks/:id/evidence/confirm',
    summary: 'Submit the uploaded evidence',
    access: 'user',
    responses: { 200: taskTransitionSchema },
  },
  {
    route: 'POST /api/tasks/:id/report-client',
    summary: 'Report a client',
    access: 'user',
    body: clientReportSchema,
    responses: { 201: messageOnlySchema },
  },
  {
    route: 'POST /api/tasks/:id/review',
    summary: 'Review the expert of a task',
    access: 'user',
    body: createReviewSchema,
    responses: { 201: z.object({ review: reviewDtoSchema, message: z.string() }) },
  },
  {
    route: 'POST /api/tasks/check-location',
    summary: "Check that I am at a task's place",
    access: 'user',
    body: proximityCheckSchema,
    responses: { 200: z.object({ ok: z.literal(true) }) },
  },
];
