import {
  markTaskNotificationsReadSchema,
  notificationIdParamsSchema,
} from '@shared/schemas/notifications.schemas';
import type { RouteDoc } from '../route-doc';

export const notificationsDocs: RouteDoc[] = [
  { route: 'GET /api/notifications', summary: 'My notifications', access: 'user' },
  {
    route: 'POST /api/notifications/:id/read',
    summary: 'Mark a notification read',
    access: 'user',
    params: notificationIdParamsSchema,
  },
  {
    route: 'POST /api/notifications/read-all',
    summary: 'Mark all my notifications read',
    access: 'user',
    body: markTaskNotificationsReadSchema,
  },
];
