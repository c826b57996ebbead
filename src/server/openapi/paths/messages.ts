import { sendMessageSchema } from '@shared/schemas/chat.schemas';
import type { RouteDoc } from '../route-doc';

export const messagesDocs: RouteDoc[] = [
  { route: 'GET /api/conversations', summary: 'My conversations', access: 'user' },
  { route: 'GET /api/tasks/:id/messages', summary: 'The messages of a task', access: 'user' },
  {
    route: 'GET /api/tasks/:id/messages/:messageId/attachment',
    summary: 'A message attachment',
    access: 'user',
  },
  {
    route: 'POST /api/tasks/:id/messages',
    summary: 'Send a message on a task',
    access: 'user',
    body: sendMessageSchema,
  },
  {
    route: 'POST /api/tasks/:id/messages/attachments',
    summary: 'Upload a message attachment',
    access: 'user',
    upload: true,
  },
  { route: 'POST /api/tasks/:id/messages/read', summary: "Mark a task's messages read", access: 'user' },
];
