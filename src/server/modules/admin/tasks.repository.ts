import { aliasedTable, and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AdminTasksQuery } from '@shared/schemas/admin.schemas';
import { pageOffset } from '@shared/schemas/common.schemas';
import type { Db } from '../../db/client';
import { profiles, tasks } from '../../db/schema';
import { uuidPrefixRange } from './uuid-prefix';

const clients = aliasedTable(profiles, 'client');
const experts = aliasedTable(profiles, 'expert');

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const HEX_PREFIX = /^[0-9a-f-]{1,36}$/i;

/** The profiles' search text: the expression of profiles_search_trgm_idx, so that index serves it. */
const profileSearchText = (p: string) =>
  sql.raw(`(coalesce(${p}.first_name, '') || ' ' || coalesce(${p}.last_name, '') || ' ' || coalesce(${p}.email, ''))`);

/**
 * The ids of the tasks a search finds, as one union: each branch has its own index (the title's
 * trigram index, the primary key for an id prefix, the parties' trigram index then
 * tasks_client_created_idx / tasks_expert_created_idx), where one OR over a join would scan the table.
 */
function searchedTaskIds(search: string): SQL {
  const pattern = `%${escapeLike(search)}%`;
  const branches: SQL[] = [
    sql`select t.id from tasks t where t.title ilike ${pattern}`,
    sql`select t.id from tasks t join profiles p on p.id = t.client_id where ${profileSearchText('p')} ilike ${pattern}`,
    sql`select t.id from tasks t join profiles p on p.id = t.expert_id where ${profileSearchText('p')} ilike ${pattern}`,
  ];
  if (HEX_PREFIX.test(search) && search.replace(/-/g, '').length <= 32) {
    const [lowest, highest] = uuidPrefixRange(search);
    branches.push(sql`select t.id from tasks t where t.id between ${lowest}::uuid and ${highest}::uuid`);
  }
  return sql.join(branches, sql` union `);
}

function tasksWhere(query: Pick<AdminTasksQuery, 'search' | 'status'>): SQL | undefined {
  const filters: SQL[] = [];
  // Status and newest first: tasks_status_created_idx; all statuses: tasks_created_at_idx.
  if (query.status !== 'all') filters.push(eq(tasks.status, query.status));
  if (query.search) filters.push(sql`${tasks.id} in (${searchedTaskIds(query.search)})`);
  return filters.length ? and(...filters) : undefined;
}

const fullName = (p: typeof clients) =>
  sql<string | null>`nullif(trim(coalesce(${p.first_name}, '') || ' ' || coalesce(${p.last_name}, '')), '')`;

/** One page of tasks, newest first, with the client and the expert, and the exact count (issue 52). */
export async function listAdminTasks(db: Db, query: AdminTasksQuery) {
  const where = tasksWhere(query);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        id: tasks.id,
        title: tasks.title,
        status: tasks.status,
        payment_status: tasks.payment_status,
        budget: tasks.budget,
        client_id: tasks.client_id,
        client_name: fullName(clients),
        client_email: clients.email,
        expert_id: tasks.expert_id,
        expert_name: fullName(experts),
        expert_email: experts.email,
        created_at: tasks.created_at,
      })
      .from(tasks)
      .leftJoin(clients, eq(clients.id, tasks.client_id))
      .leftJoin(experts, eq(experts.id, tasks.expert_id))
      .where(where)
      .orderBy(desc(tasks.created_at), desc(tasks.id))
      .limit(query.pageSize)
      .offset(pageOffset(query)),
    db.select({ value: count() }).from(tasks).where(where),
  ]);
  return { rows, total: Number(totalRow?.value ?? 0) };
}
