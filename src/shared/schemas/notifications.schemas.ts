import { z } from 'zod';

export interface NotificationDto {
  id: string;
  user_id: string;
  type: string;
  title: string;
  message: string;
  task_id: string | null;
  data: unknown;
  read: boolean;
  created_at: string;
}

export const notificationIdParamsSchema = z.object({ id: z.uuid() });
export const markTaskNotificationsReadSchema = z.object({ task_id: z.uuid().optional() });
