import {
  markTaskNotificationsReadSchema,
  notificationIdParamsSchema,
} from '@shared/schemas/notifications.schemas';
import { successSchema } from '@shared/schemas/api-response-helpers';
import { markedReadSchema, notificationListSchema } from '@shared/schemas/notifications-api.schemas';
import type { RouteDoc } from '../route-doc';

export const notificationsDocs: RouteDoc[] = [
  {
    route: 'GET /api/notifications',
    summary: 'My notifications',
    access: 'user',
    responses: { 200: notificationListSchema },
  },
  {
    route: 'POST /api/notifications/:id/read',
    summary: 'Mark a notification read',
    access: 'user',
    params: notificationIdParamsSchema,
    responses: { 200: successSchema },
  },
  {
    route: 'POST /api/notifications/read-all',
    summary: 'Mark all my notifications read',
    access: 'user',
    body: markTaskNotificationsReadSchema,
    responses: { 200: markedReadSchema },
  },
];
