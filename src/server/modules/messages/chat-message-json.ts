import { sql, type SQL } from 'drizzle-orm';
import { messages, profiles } from '../../db/schema';

/**
 * A chat message written by PostgreSQL as JSON text, in toMessageDto's fields and order
 * (messages.service.ts): a chat read no longer maps each row through drizzle into Dates and back into
 * strings, then serialises the page again, as the task lists stopped doing (task-list-json.ts).
 * `chat-message-json.test.ts` checks that each message parses to what toMessageDto gives for the same
 * row: text and files, images and documents, texts JSON must escape, microseconds, a sender without
 * a name or picture.
 */
export function chatMessageJsonSql(read: SQL | typeof messages.read): SQL<string> {
  const isAttachment = sql`${messages.is_file} and ${messages.attachment_url} is not null`;
  return sql<string>`json_build_object(
    'id', ${messages.id},
    'task_id', ${messages.task_id},
    'sender_id', ${messages.sender_id},
    'receiver_id', ${messages.receiver_id},
    'content', ${messages.content},
    'is_file', ${messages.is_file},
    'attachment_url', case when ${isAttachment} then '/api/tasks/' || ${messages.task_id} || '/messages/' || ${messages.id} || '/attachment' end,
    'attachment_type', case when ${isAttachment} then case when ${messages.attachment_url} ~ '\\.(jpg|png|webp|gif)$' then 'image' else 'document' end end,
    'read', ${read},
    'created_at', to_char(${messages.created_at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'sender', json_build_object('first_name', ${profiles.first_name}, 'avatar_url', ${profiles.avatar_url})
  )::text`;
}
