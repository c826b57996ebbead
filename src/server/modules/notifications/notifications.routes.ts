import { Hono } from 'hono';
import { messages } from '@shared/messages';
import type { NotificationDto } from '@shared/schemas/notifications.schemas';
import { markTaskNotificationsReadSchema, notificationIdParamsSchema } from '@shared/schemas/notifications.schemas';
import type { Db } from '../../db/client';
import { requireUser, type AppEnv } from '../../http/context';
import { jsonBody, pathParams } from '../../http/validation';
import { notFound } from '../../lib/errors';
import { readUnreadNotifications } from './notifications-read';
import { markAllRead, markRead, type NotificationRow } from './notifications.repository';

const toDto = (row: NotificationRow): NotificationDto => ({ ...row, created_at: row.created_at.toISOString() });

export function notificationsRoutes(db: Db) {
  return new Hono<AppEnv>()
    .get('/notifications', async (c) => {
      const user = requireUser(c);
      const { rows, unread } = await readUnreadNotifications(db, user.id);
      return c.json({ notifications: rows.map(toDto), unread_count: unread });
    })
    .post('/notifications/read-all', async (c) => {
      const user = requireUser(c);
      const { task_id } = await jsonBody(c, markTaskNotificationsReadSchema);
      return c.json({ updated: await markAllRead(db, user.id, task_id) });
    })
    .post('/notifications/:id/read', async (c) => {
      const user = requireUser(c);
      const { id } = pathParams(c, notificationIdParamsSchema);
      if (!(await markRead(db, user.id, id))) throw notFound(messages.common.notFound);
      return c.json({ success: true });
    });
}
