import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { CHAT } from '@shared/constants';
import type { Db } from '../../db/client';
import { defineNamedSql, defineShapedStatement } from '../../db/prepared';
import { decodeReturnedRow } from '../../db/returned-row';
import { messages, profiles } from '../../db/schema';
import { chatMessageJsonSql } from './chat-message-json';

export type MessageRow = typeof messages.$inferSelect;
export type MessageWithSender = MessageRow & { sender_first_name: string | null; sender_avatar_url: string | null };

/** One page of a chat, oldest first, each message as its answer's JSON text, and whether earlier messages exist. */
export interface MessagePage {
  messages: string[];
  hasEarlier: boolean;
}

/**
 * A chat is read newest first, one row more than a page (CHAT.pageSize) on the task's
 * (task_id, created_at, seq) index: the extra row says whether earlier messages exist and is dropped.
 */
const PAGE_READ = CHAT.pageSize + 1;
const newestFirst = [desc(messages.created_at), desc(messages.seq)] as const;

function toPage(newest: Array<{ json: string }>): MessagePage {
  const page = newest.slice(0, CHAT.pageSize).reverse();
  return { messages: page.map((row) => row.json), hasEarlier: newest.length > CHAT.pageSize };
}

/**
 * A task's newest page of messages with the sender's first name and avatar, or with `beforeId` (a
 * message of this task; the caller checks it) the page just before that message.
 */
export async function listTaskMessages(db: Db, taskId: string, beforeId?: string): Promise<MessagePage> {
  const before = beforeId
    ? sql`(${messages.created_at}, ${messages.seq}) < (select m.created_at, m.seq from ${messages} m where m.id = ${beforeId})`
    : undefined;
  const rows = await db
    .select({ json: chatMessageJsonSql(messages.read) })
    .from(messages)
    .leftJoin(profiles, eq(profiles.id, messages.sender_id))
    .where(and(eq(messages.task_id, taskId), before))
    .orderBy(...newestFirst)
    .limit(PAGE_READ);
  return toPage(rows);
}

/**
 * The newest page for a party of the chat, whose unread messages (all of them, not only this page's)
 * become read in the same statement (issue 55: a chat opened was three statements, the access read,
 * this UPDATE and the list). The list is read from the statement's snapshot, before the UPDATE, so a
 * message marked here is shown read through the CTE's ids. The messages trigger sees the UPDATE as
 * before (migration 0054).
 */
export async function readTaskMessagesMarkingRead(db: Db, params: { taskId: string; receiverId: string }): Promise<MessagePage> {
  return toPage(await runMarkingRead(db, 'one', params));
}

/** The statement above, built once and prepared by name (db/prepared.ts): every chat opened runs it. */
const runMarkingRead = defineShapedStatement('chat_marking_read', ['one'] as const, (db, _shape, name) => {
  const marked = db.$with('marked_read', {}).as(
    sql`update ${messages} set read = true
      where ${messages.task_id} = ${sql.placeholder('taskId')} and ${messages.receiver_id} = ${sql.placeholder('receiverId')}
        and ${messages.read} = false
      returning ${messages.id}`,
  );
  return db
    .with(marked)
    .select({ json: chatMessageJsonSql(sql`(${messages.read} or ${messages.id} in (select id from marked_read))`).as('json') })
    .from(messages)
    .leftJoin(profiles, eq(profiles.id, messages.sender_id))
    .where(eq(messages.task_id, sql.placeholder('taskId')))
    .orderBy(...newestFirst)
    .limit(PAGE_READ)
    .prepare(name);
});

export async function findMessage(db: Db, taskId: string, messageId: string): Promise<MessageRow | undefined> {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.task_id, taskId)));
  return row;
}

/** Marks the receiver's unread messages of a task read; returns how many changed. */
export async function markTaskMessagesRead(db: Db, params: { taskId: string; receiverId: string }): Promise<number> {
  const rows = await db
    .update(messages)
    .set({ read: true })
    .where(and(eq(messages.task_id, params.taskId), eq(messages.receiver_id, params.receiverId), eq(messages.read, false)))
    .returning({ id: messages.id });
  return rows.length;
}

/** What a message insert is given (messageInsert). */
export interface MessageInsertParams {
  taskId: string;
  senderId: string;
  receiverId: string;
  clientId: string;
  expertId: string;
  content: string;
  isFile: boolean;
  attachmentKey: string | null;
  now: Date;
}

/**
 * Inserts the message only while the task still has these two parties in a writable status: a
 * task cancelled or reassigned between the access check and the insert gets no message (null).
 * The sender's name and picture come back with it from the same statement (the answer's card).
 *
 * One statement, built once and run by name (defineNamedSql): `alsoWith` holds more CTEs after
 * `inserted` (the burst's job: chat-burst.ts), written with the placeholders `taskId`, `senderId`
 * and `receiverId`; the statuses are constants of the text.
 */
export function messageInsert(name: string, writableStatuses: readonly string[], alsoWith: SQL) {
  const statuses = sql.join(
    writableStatuses.map((status) => sql`${status}`),
    sql`, `,
  );
  const run = defineNamedSql<Record<string, unknown>>(name, () => sql`
    WITH inserted AS (
      INSERT INTO messages (task_id, sender_id, receiver_id, content, is_file, attachment_url, created_at)
      SELECT ${sql.placeholder('taskId')}, ${sql.placeholder('senderId')}, ${sql.placeholder('receiverId')},
             ${sql.placeholder('content')}, ${sql.placeholder('isFile')}, ${sql.placeholder('attachmentKey')},
             ${sql.placeholder('now')}::timestamptz
      WHERE EXISTS (
        SELECT 1 FROM tasks
        WHERE id = ${sql.placeholder('taskId')} AND client_id = ${sql.placeholder('clientId')}
          AND expert_id = ${sql.placeholder('expertId')} AND status::text IN (${statuses})
      )
      RETURNING *
    ), ${alsoWith}
    SELECT inserted.*, p.first_name AS sender_first_name, p.avatar_url AS sender_avatar_url
    FROM inserted LEFT JOIN profiles p ON p.id = inserted.sender_id`);
  return async function insertMessageIf(db: Db, params: MessageInsertParams): Promise<MessageWithSender | null> {
    const [raw] = await run(db, { ...params, now: params.now.toISOString() });
    if (!raw) return null;
    return {
      ...decodeReturnedRow(messages, raw),
      sender_first_name: (raw.sender_first_name as string | null) ?? null,
      sender_avatar_url: (raw.sender_avatar_url as string | null) ?? null,
    };
  };
}
