import { z } from 'zod';
import { CHAT } from '../constants';
import { format } from '../format-message';
import { messages } from '../messages';
import type { FileFacts } from './evidence.schemas';

const m = messages.chat;

/** POST /tasks/:taskId/messages: trimmed, not empty; the receiver is the task's other party. */
export const sendMessageSchema = z.object({
  content: z
    .string({ error: m.messageEmpty })
    .trim()
    .min(1, m.messageEmpty)
    .max(CHAT.messageMaxLength, format(m.messageTooLong, { max: CHAT.messageMaxLength })),
});
export type SendMessageRequest = z.infer<typeof sendMessageSchema>;

/** The problem with a chat attachment (5MB; images, PDF, DOC, DOCX), or null when acceptable. */
export function chatAttachmentError(file: Pick<FileFacts, 'size' | 'type'>): string | null {
  if (file.size > CHAT.attachmentMaxBytes) return m.fileTooLarge;
  if (!(CHAT.attachmentTypes as readonly string[]).includes(file.type)) return m.fileTypeInvalid;
  return null;
}
