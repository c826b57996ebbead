import { z } from 'zod';
import { CHAT } from '../constants';
import { format } from '../format-message';
import { messages } from '../messages';
import { idSchema } from './common.schemas';

const chatText = messages.chat;

/** POST /tasks/:taskId/messages: trimmed, not empty; the receiver is the task's other party. */
export const sendMessageSchema = z.object({
  content: z
    .string({ error: chatText.messageEmpty })
    .trim()
    .min(1, chatText.messageEmpty)
    .max(CHAT.messageMaxLength, format(chatText.messageTooLong, { max: CHAT.messageMaxLength })),
});
export type SendMessageRequest = z.infer<typeof sendMessageSchema>;

/** GET /tasks/:taskId/messages: the newest page, or with `before` the page before that message. */
export const chatMessagesQuerySchema = z.object({ before: idSchema.optional() });
export type ChatMessagesQuery = z.infer<typeof chatMessagesQuerySchema>;

export { CHAT_ATTACHMENT_FIELD, chatAttachmentError } from '../domain/attachments';

export interface ChatMessageDto {
  id: string;
  task_id: string;
  sender_id: string;
  receiver_id: string;
  content: string;
  is_file: boolean;
  /** The authorized download path of a file message (never a storage URL); null for text. */
  attachment_url: string | null;
  /** The attachment's content type, so the chat can show images inline. */
  attachment_type: 'image' | 'document' | null;
  read: boolean;
  created_at: string;
  sender: { first_name: string | null; avatar_url: string | null };
}

export interface ChatThreadDto {
  task: { id: string; title: string; status: string; client_id: string; expert_id: string | null };
  /** The newest page (or the page asked for with `before`), oldest first: CHAT.pageSize at most. */
  messages: ChatMessageDto[];
  /** Whether earlier messages exist than the first one here (ask with `before` = its id). */
  has_earlier: boolean;
  /** False for closed tasks (read-only) and for admins, who may read but not write. */
  can_send: boolean;
  /** Why the caller cannot write, when they cannot (the spec's text). */
  read_only_reason: string | null;
}

export interface ConversationDto {
  task_id: string;
  title: string;
  status: string;
  /** party: the client or the accepted expert; applicant: an expert who applied and was not accepted. */
  access: 'party' | 'applicant';
  other_party: { id: string; first_name: string | null; last_name: string | null; avatar_url: string | null } | null;
  last_message: { content: string; is_file: boolean; created_at: string; sender_id: string } | null;
  unread_count: number;
  /** The text an applicant sees instead of the conversation. */
  notice: string | null;
}
