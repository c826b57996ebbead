import { z } from 'zod';
import type { ChatMessageDto, ChatThreadDto, ConversationDto } from './chat.schemas';

/**
 * The chat responses as zod schemas (issue 21): the OpenAPI document describes the answers with them and
 * the API suite checks every answer against them; the `same` checks below fail the build when a schema
 * and the interface the web app reads (chat.schemas.ts) drift apart.
 */

const isoDate = z.string().meta({ format: 'date-time' });

export const chatMessageDtoSchema = z
  .object({
    id: z.string(),
    task_id: z.string(),
    sender_id: z.string(),
    receiver_id: z.string(),
    content: z.string(),
    is_file: z.boolean(),
    attachment_url: z.string().nullable(),
    attachment_type: z.enum(['image', 'document']).nullable(),
    read: z.boolean(),
    created_at: isoDate,
    sender: z.object({ first_name: z.string().nullable(), avatar_url: z.string().nullable() }),
  })
  .meta({ id: 'ChatMessage' });

export const chatThreadDtoSchema = z
  .object({
    task: z.object({
      id: z.string(),
      title: z.string(),
      status: z.string(),
      client_id: z.string(),
      expert_id: z.string().nullable(),
    }),
    messages: z.array(chatMessageDtoSchema),
    has_earlier: z.boolean(),
    can_send: z.boolean(),
    read_only_reason: z.string().nullable(),
  })
  .meta({ id: 'ChatThread' });

export const conversationDtoSchema = z
  .object({
    task_id: z.string(),
    title: z.string(),
    status: z.string(),
    access: z.enum(['party', 'applicant']),
    other_party: z
      .object({
        id: z.string(),
        first_name: z.string().nullable(),
        last_name: z.string().nullable(),
        avatar_url: z.string().nullable(),
      })
      .nullable(),
    last_message: z
      .object({ content: z.string(), is_file: z.boolean(), created_at: isoDate, sender_id: z.string() })
      .nullable(),
    unread_count: z.number().int(),
    notice: z.string().nullable(),
  })
  .meta({ id: 'Conversation' });

export const conversationListSchema = z.object({ conversations: z.array(conversationDtoSchema) });
export const sentMessageSchema = z.object({ message: chatMessageDtoSchema });
export const markedReadSchema = z.object({ updated: z.number().int() });

// Compile-time: each schema's output is exactly the interface the web app reads.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const same = <A, B>(check: Same<A, B>) => check;
same<z.output<typeof chatMessageDtoSchema>, ChatMessageDto>(true);
same<z.output<typeof chatThreadDtoSchema>, ChatThreadDto>(true);
same<z.output<typeof conversationDtoSchema>, ConversationDto>(true);
