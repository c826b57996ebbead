import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { definePreparedRead, jsonValueOf } from '../../db/prepared';

/**
 * The conversation list's reads as one statement (issue 55): whether the caller is an expert, the
 * tasks they are a chat party of (their own with an expert, or those assigned to them; newest first,
 * at most 500) each with its newest message, the other party's card and the caller's unread count,
 * and the tasks they applied to and were not accepted for. It was five statements in two round
 * trips, and each statement costs the server more CPU than the SQL costs the database.
 * Indexes: tasks_client_created_idx / tasks_expert_idx, messages_task_created_idx (the newest
 * message and the unread count of one task), task_applications' expert index.
 */
export interface ConversationListRead {
  is_expert: boolean;
  party: Array<{
    id: string;
    title: string;
    status: string;
    client_id: string;
    expert_id: string;
    updated_at: string;
    last: { content: string; is_file: boolean; created_at: string; sender_id: string } | null;
    other: { id: string; first_name: string | null; last_name: string | null; avatar_url: string | null } | null;
    unread: number;
  }>;
  applied: Array<{ id: string; title: string; status: string }>;
}

export async function readConversationList(db: Db, userId: string): Promise<ConversationListRead> {
  const [row] = await runConversationList(db, { userId });
  // A caller that is not a UUID has no tasks, roles or applications: the answer of an empty read.
  return row ? jsonValueOf(row.data) : { is_expert: false, party: [], applied: [] };
}

/**
 * The statement above, prepared once (db/prepared.ts): PostgreSQL planned it in about 2 ms on every
 * request, twice as long as it ran (1 ms, the load test's data).
 */
const runConversationList = definePreparedRead<'userId', { data: ConversationListRead | string }>('conversation_list_read', (db, name) =>
  db
    .select({ data: sql<ConversationListRead | string>`(${conversationListSql(sql`${sql.placeholder('userId')}::uuid`)})`.as('data') })
    .from(sql`(values (1)) as one (n)`)
    .prepare(name),
);

/** The read as a scalar subquery (a WITH inside parentheses), for `userId` a placeholder cast to uuid. */
const conversationListSql = (userId: SQL) => sql`with party as (
      select id, title, status, client_id, expert_id, updated_at from tasks
      where (client_id = ${userId} and expert_id is not null) or expert_id = ${userId}
      order by updated_at desc
      limit 500
    ), applied as (
      select a.task_id, a.created_at from task_applications a join tasks t on t.id = a.task_id
      where a.expert_id = ${userId} and (t.expert_id is null or t.expert_id <> ${userId})
      order by a.created_at desc
      limit 500
    )
    select jsonb_build_object(
      'is_expert', exists (select 1 from user_roles r where r.user_id = ${userId} and r.role = 'expert'),
      'party', coalesce((
        select jsonb_agg(jsonb_build_object(
          'id', p.id, 'title', p.title, 'status', p.status, 'client_id', p.client_id, 'expert_id', p.expert_id,
          'updated_at', p.updated_at,
          'last', (select jsonb_build_object('content', m.content, 'is_file', m.is_file, 'created_at', m.created_at, 'sender_id', m.sender_id)
                   from messages m where m.task_id = p.id order by m.created_at desc, m.seq desc limit 1),
          'other', (select jsonb_build_object('id', o.id, 'first_name', o.first_name, 'last_name', o.last_name, 'avatar_url', o.avatar_url)
                    from profiles o where o.id = case when p.client_id = ${userId} then p.expert_id else p.client_id end),
          'unread', (select count(*) from messages u where u.task_id = p.id and u.receiver_id = ${userId} and u.read = false)
        ) order by p.updated_at desc)
        from party p where p.status::text not in ('open', 'pending')), '[]'::jsonb),
      'applied', coalesce((
        select jsonb_agg(jsonb_build_object('id', t.id, 'title', t.title, 'status', t.status) order by a.created_at desc)
        from applied a join tasks t on t.id = a.task_id), '[]'::jsonb)
    )`;
