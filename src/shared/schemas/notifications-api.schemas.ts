import { z } from 'zod';
import { isoDateSchema, same } from './api-response-helpers';
import type { NotificationDto } from './notifications.schemas';

/** The answers of /api/notifications (issue 21), checked against the interface the web app reads. */

export const notificationDtoSchema = z
  .object({
    id: z.string(),
    user_id: z.string(),
    type: z.string(),
    title: z.string(),
    message: z.string(),
    task_id: z.string().nullable(),
    data: z.unknown(),
    read: z.boolean(),
    created_at: isoDateSchema,
  })
  .meta({ id: 'Notification' });

export const notificationListSchema = z.object({
  notifications: z.array(notificationDtoSchema),
  unread_count: z.number().int(),
});

/** POST /api/notifications/read-all: how many were unread. */
export const markedReadSchema = z.object({ updated: z.number().int() });

same<z.output<typeof notificationDtoSchema>, NotificationDto>(true);
