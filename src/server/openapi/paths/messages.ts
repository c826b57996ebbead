import { chatMessagesQuerySchema, sendMessageSchema } from '@shared/schemas/chat.schemas';
import {
  chatThreadDtoSchema,
  conversationListSchema,
  markedReadSchema,
  sentMessageSchema,
} from '@shared/schemas/messages-api.schemas';
import type { RouteDoc } from '../route-doc';

export const messagesDocs: RouteDoc[] = [
  {
    route: 'GET /api/conversations',
    summary: 'My conversations',
    access: 'user',
    responses: { 200: conversationListSchema },
  },
  {
    route: 'GET /api/tasks/:id/messages',
    summary: 'The messages of a task: the newest page, or with `before` the page before that message',
    access: 'user',
    query: chatMessagesQuerySchema,
    responses: { 200: chatThreadDtoSchema },
  },
  {
    route: 'GET /api/tasks/:id/messages/:messageId/attachment',
    summary: 'A message attachment',
    access: 'user',
    produces: {
      status: 200,
      contentType: '*/*',
      description:
        'The file as stored, with its own content type (an image, PDF, DOC or DOCX); images inline, documents as a download.',
    },
  },
  {
    route: 'POST /api/tasks/:id/messages',
    summary: 'Send a message on a task',
    access: 'user',
    body: sendMessageSchema,
    responses: { 201: sentMessageSchema },
  },
  {
    route: 'POST /api/tasks/:id/messages/attachments',
    summary: 'Upload a message attachment',
    access: 'user',
    upload: true,
    responses: { 201: sentMessageSchema },
  },
  {
    route: 'POST /api/tasks/:id/messages/read',
    summary: "Mark a task's messages read",
    access: 'user',
    responses: { 200: markedReadSchema },
  },
];
