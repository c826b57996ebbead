import { Hono } from 'hono';
import { z } from 'zod';
import { CHAT } from '@shared/constants';
import { messages as texts } from '@shared/messages';
import { CHAT_ATTACHMENT_FIELD, chatMessagesQuerySchema, sendMessageSchema } from '@shared/schemas/chat.schemas';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { FileStorage } from '../../providers/storage';
import { requireUser, type AppEnv } from '../../http/context';
import { formData, jsonBody, queryParams } from '../../http/validation';
import { notFound } from '../../lib/errors';
import { sanitizeFileName } from '../../providers/storage';
import { bucketRedirect } from '../../http/bucket-redirect';
import { jsonText } from '../../http/json-text';
import { createMessagesService } from './messages.service';

const uuid = z.uuid();

/** Conversation list, task chat (text and files), read state and the private file reads. */
export function messagesRoutes(deps: { db: Db; clock: Clock; providers: { storage: FileStorage } }) {
  const service = createMessagesService({ db: deps.db, clock: deps.clock, storage: deps.providers.storage });
  return new Hono<AppEnv>()
    .get('/conversations', async (c) => {
      const user = requireUser(c);
      return c.json({ conversations: await service.conversations(user.id) });
    })
    .get('/tasks/:id/messages', async (c) => {
      const user = requireUser(c);
      const { before } = queryParams(c, chatMessagesQuerySchema);
      return jsonText(c, await service.threadJson(user.id, c.req.param('id'), before));
    })
    .post('/tasks/:id/messages/read', async (c) => {
      const user = requireUser(c);
      return c.json(await service.markRead(user.id, c.req.param('id')));
    })
    .post('/tasks/:id/messages/attachments', async (c) => {
      const user = requireUser(c);
      const form = await formData(c, CHAT.attachmentMaxBytes);
      const message = await service.sendFile(user.id, c.req.param('id'), form.get(CHAT_ATTACHMENT_FIELD));
      return c.json({ message }, 201);
    })
    .post('/tasks/:id/messages', async (c) => {
      const user = requireUser(c);
      const { content } = await jsonBody(c, sendMessageSchema);
      return c.json({ message: await service.sendText(user.id, c.req.param('id'), content) }, 201);
    })
    // Chat files are private: this authorized read only, never inline script, never sniffed.
    .get('/tasks/:id/messages/:messageId/attachment', async (c) => {
      const user = requireUser(c);
      const messageId = c.req.param('messageId');
      if (!uuid.safeParse(messageId).success) throw notFound(texts.common.notFound);
      if (deps.providers.storage.presignGet) {
        // S3: after the same check, the bucket serves the file by a short-lived URL (decision 0434).
        const source = await service.attachmentSource(user.id, c.req.param('id'), messageId);
        const stat = await deps.providers.storage.stat(source.key);
        if (!stat) throw notFound(texts.common.notFound);
        const redirect = await bucketRedirect(c, deps.providers.storage, source.key, {
          disposition: service.inlineType(stat.contentType) ? 'inline' : 'attachment',
          fileName: sanitizeFileName(source.fileName),
          now: deps.clock.now(),
        });
        if (redirect) return redirect;
      }
      const file = await service.attachment(user.id, c.req.param('id'), messageId);
      const name = sanitizeFileName(file.fileName);
      return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': file.contentType,
        'Content-Disposition': `${file.inline ? 'inline' : 'attachment'}; filename="${name}"`,
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'none'; sandbox",
      });
    });
}
