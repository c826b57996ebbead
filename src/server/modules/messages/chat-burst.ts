import { and, count, eq, gte, sql, type SQL } from 'drizzle-orm';
import { format } from '@shared/format-message';
import { reachMessages as reachText } from '@shared/messages/reach';
import type { Db } from '../../db/client';
import { messages, profiles, tasks } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { finishJobIn, type JobRow } from '../../jobs/jobs.repository';
import type { JobModule } from '../../jobs/registry';
import type { JobHandler } from '../../jobs/runner';
import { insertNotifications } from '../notifications/notifications.repository';

export const CHAT_BURST_JOB_KIND = 'chat-unread';
/** A message still unread this long after the burst began is worth a mail (issue 19). */
export const CHAT_UNREAD_DELAY_MS = 10 * 60 * 1000;
const CHAT_BURST_MAX_ATTEMPTS = 5;

/**
 * After a message is sent: the receiver's oldest unread message of this conversation names the
 * burst. Every message of the burst computes the same key, so the burst gets one job (once across
 * instances, by the unique key), due 10 minutes after its first message. Reading the chat ends the
 * burst; the next message starts a new one.
 *
 * Written as CTEs of the statement that inserts the message (CTE `inserted`, messageInsert): the
 * message and its burst's job commit together as one statement, with no transaction around two
 * (issue 55). The statement does not see its own insert in `messages`, so the new message joins the
 * candidates from `inserted`; a message that was not inserted schedules nothing. The conversation is
 * the insert's placeholders (`taskId`, `senderId`, `receiverId`): the statement is built once.
 */
export function chatBurstOfInserted(): SQL {
  const params = { taskId: sql.placeholder('taskId'), senderId: sql.placeholder('senderId'), receiverId: sql.placeholder('receiverId') };
  const keyPrefix = `${CHAT_BURST_JOB_KIND}:`;
  return sql`burst_first AS (
      SELECT id, created_at + ${CHAT_UNREAD_DELAY_MS}::int * interval '1 millisecond' AS due_at FROM (
        SELECT id, created_at, seq FROM messages
        WHERE receiver_id = ${params.receiverId} AND read = false AND task_id = ${params.taskId} AND sender_id = ${params.senderId}
        UNION ALL
        SELECT id, created_at, seq FROM inserted
      ) unread
      ORDER BY created_at, seq
      LIMIT 1
    ),
    burst_job AS (
      INSERT INTO jobs (kind, key, payload, run_at, created_at, max_attempts)
      SELECT ${CHAT_BURST_JOB_KIND}::text, ${keyPrefix}::text || first.id::text, jsonb_build_object('messageId', first.id),
             first.due_at, first.due_at, ${CHAT_BURST_MAX_ATTEMPTS}::int
      FROM burst_first first
      WHERE EXISTS (SELECT 1 FROM inserted)
      ON CONFLICT (key) DO NOTHING
    )`;
}

/**
 * The burst's job: nothing when its first message was read meanwhile (or is gone); otherwise one
 * notification (bell, email, push under "Messages") counting the burst's unread messages. It never
 * quotes a message: the mail says who wrote and about which task, the chat shows the rest.
 */
export async function sendChatBurst(
  deps: { db: Db; clock: Clock },
  messageId: string,
  job?: Pick<JobRow, 'id' | 'key'>,
): Promise<boolean> {
  // The mail's notification and the job's completion commit together: a second worker after a
  // lost lease rolls back instead of mailing twice.
  return deps.db.transaction(async (db) => {
    const sent = await burstIn(db, messageId);
    if (job) await finishJobIn(db, job, deps.clock.now());
    return sent;
  });
}

async function burstIn(db: Db, messageId: string): Promise<boolean> {
  const [first] = await db.select().from(messages).where(eq(messages.id, messageId));
  if (!first || first.read) return false;
  const [unread] = await db
    .select({ value: count() })
    .from(messages)
    .where(
      and(
        eq(messages.receiver_id, first.receiver_id),
        eq(messages.read, false),
        eq(messages.task_id, first.task_id),
        eq(messages.sender_id, first.sender_id),
        gte(messages.created_at, first.created_at),
      ),
    );
  const [context] = await db
    .select({ title: tasks.title, sender: profiles.first_name })
    .from(tasks)
    .innerJoin(profiles, eq(profiles.id, first.sender_id))
    .where(eq(tasks.id, first.task_id));
  if (!context) return false;
  await insertNotifications(db, [
    {
      user_id: first.receiver_id,
      type: 'chat_unread',
      title: reachText.chatUnreadTitle,
      message: format(reachText.chatUnread, {
        name: context.sender || 'Someone',
        count: Number(unread?.value ?? 1),
        title: context.title,
      }),
      task_id: first.task_id,
      data: { task_id: first.task_id, message_id: first.id },
    },
  ]);
  return true;
}

export function createChatBurstHandlers(deps: { db: Db; clock: Clock }): Record<string, JobHandler> {
  return {
    [CHAT_BURST_JOB_KIND]: async (job) =>
      void (await sendChatBurst(deps, (job.payload as { messageId: string }).messageId, job)),
  };
}

/** Issue 19: the unread-chat mail, a keyed job per burst of messages (jobs/registry.ts). */
export function chatBurstJobs(deps: { db: Db; clock: Clock }): JobModule {
  return { name: 'messages', handlers: createChatBurstHandlers(deps) };
}
