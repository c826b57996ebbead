import { sql, type SQL } from 'drizzle-orm';
import type { LatLng } from '@shared/domain/geo';
import type { ApplicationStatus } from '@shared/domain/enums';
import type { TaskSearchQuery, TaskSearchSort } from '@shared/schemas/discovery.schemas';
import type { Db } from '../../db/client';
import { tasks } from '../../db/schema';
import type { TaskRow } from '../tasks/tasks.repository';
import { clientNotSuspended } from '../task-lists/task-lists.repository';
import { earthBoxContains, haversineMilesSql, rowsOf } from './search-sql';

export type TaskFilters = Pick<TaskSearchQuery, 'category' | 'urgency' | 'budget_min' | 'budget_max' | 'due_before'>;

/** Who searches: roles and the expert's service location, by primary keys (one statement). */
export async function searchActor(db: Db, userId: string) {
  const [row] = rowsOf<{
    is_admin: boolean;
    is_expert: boolean;
    latitude: number | null;
    longitude: number | null;
    location: string | null;
  }>(
    await db.execute(sql`
      select exists (select 1 from user_roles r where r.user_id = ${userId} and r.role = 'admin') as is_admin,
             exists (select 1 from user_roles r where r.user_id = ${userId} and r.role = 'expert') as is_expert,
             e.latitude, e.longitude, e.location
      from (select 1) one left join expert_profiles e on e.id = ${userId}`),
  );
  return {
    isAdmin: Boolean(row?.is_admin),
    isExpert: Boolean(row?.is_expert),
    centre:
      row && row.latitude !== null && row.longitude !== null
        ? { latitude: Number(row.latitude), longitude: Number(row.longitude), label: row.location }
        : null,
  };
}

/** The end of the due_before day (UTC): a task due that day matches. */
const endOfDay = (day: Date) => new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() + 1));

function filterSql(filters: TaskFilters): SQL[] {
  const parts: SQL[] = [];
  if (filters.category) parts.push(sql`"tasks"."category" = ${filters.category}`);
  if (filters.urgency) parts.push(sql`"tasks"."urgency" = ${filters.urgency}`);
  if (filters.budget_min !== undefined) parts.push(sql`"tasks"."budget" >= ${filters.budget_min}`);
  if (filters.budget_max !== undefined) parts.push(sql`"tasks"."budget" <= ${filters.budget_max}`);
  if (filters.due_before) parts.push(sql`"tasks"."due_date" < ${endOfDay(filters.due_before).toISOString()}::timestamptz`);
  return parts;
}

const ORDER: Record<TaskSearchSort, SQL> = {
  newest: sql`created_at desc, id desc`,
  nearest: sql`miles asc, id desc`,
  budget: sql`budget desc, created_at desc, id desc`,
  due_date: sql`due_date asc nulls last, created_at desc, id desc`,
};

/**
 * The open tasks within `miles` of the origin that pass the filters. The region is read first through
 * tasks_open_earth_idx (GiST on ll_to_earth, open tasks only; `status = 'open'` is a literal so the
 * partial index matches), MATERIALIZED so the planner sorts only the region's rows; the haversine
 * then keeps the circle exactly. The other filters apply to the region's rows.
 */
export function openTasksWithinQuery(origin: LatLng, miles: number, filters: TaskFilters): SQL {
  const where = sql.join(
    [sql`"tasks"."status" = 'open'`, earthBoxContains('tasks', origin, miles), clientNotSuspended, ...filterSql(filters)],
    sql` and `,
  );
  return sql`select "tasks"."id" as id, "tasks"."created_at" as created_at, "tasks"."budget" as budget,
      "tasks"."due_date" as due_date, ${haversineMilesSql('tasks', origin)} as miles
    from "tasks" where ${where}`;
}

export interface SearchPage {
  rows: { task: TaskRow; miles: number; application_count: number; my_application_status: ApplicationStatus | null }[];
  total: number;
}

/** The search's page SQL (ids, distance, order and total): exported for the plan test and the bench. */
export function taskSearchPageQuery(
  origin: LatLng,
  miles: number,
  filters: TaskFilters,
  sort: TaskSearchSort,
  window: { limit: number; offset: number },
): SQL {
  return sql`with hits as materialized (${openTasksWithinQuery(origin, miles, filters)})
    select id, miles, (count(*) over ())::int as total, row_number() over (order by ${ORDER[sort]}) as ord
    from hits where miles <= ${miles}::float8
    order by ${ORDER[sort]} limit ${window.limit} offset ${window.offset}`;
}

export async function searchOpenTasks(
  db: Db,
  params: {
    origin: LatLng;
    miles: number;
    filters: TaskFilters;
    sort: TaskSearchSort;
    window: { limit: number; offset: number };
    expertId: string | null;
  },
): Promise<SearchPage> {
  const { origin, miles, filters, sort, window, expertId } = params;
  const page = sql`(${taskSearchPageQuery(origin, miles, filters, sort, window)}) as page`;
  const rows = await db
    .select({
      task: tasks,
      miles: sql<number>`page.miles`,
      total: sql<number>`page.total`,
      application_count: sql<number>`(select count(*)::int from task_applications a where a.task_id = "tasks"."id")`,
      my_application_status: expertId
        ? sql<ApplicationStatus | null>`(select a.status from task_applications a where a.task_id = "tasks"."id" and a.expert_id = ${expertId})`
        : sql<ApplicationStatus | null>`null`,
    })
    .from(page)
    .innerJoin(tasks, sql`${tasks.id} = page.id`)
    .orderBy(sql`page.ord`);
  let total = rows.length > 0 ? Number(rows[0].total) : 0;
  if (rows.length === 0 && window.offset > 0) {
    const [count] = rowsOf<{ total: number }>(
      await db.execute(sql`with hits as materialized (${openTasksWithinQuery(origin, miles, filters)})
        select count(*)::int as total from hits where miles <= ${miles}::float8`),
    );
    total = Number(count?.total ?? 0);
  }
  return {
    rows: rows.map((row) => ({
      task: row.task,
      miles: Number(row.miles),
      application_count: Number(row.application_count),
      my_application_status: row.my_application_status,
    })),
    total,
  };
}

/** The map's points: the nearest `limit` matching tasks and how many match in all. */
export async function searchTaskPoints(
  db: Db,
  params: { origin: LatLng; miles: number; filters: TaskFilters; limit: number },
) {
  const { origin, miles, filters, limit } = params;
  return rowsOf<{ id: string; title: string; latitude: number; longitude: number; budget: number; miles: number; total: number }>(
    await db.execute(sql`with hits as materialized (${openTasksWithinQuery(origin, miles, filters)}),
      inside as (select id, miles, (count(*) over ())::int as total from hits where miles <= ${miles}::float8
        order by miles asc, id desc limit ${limit})
      select t.id, t.title, t.latitude, t.longitude, t.budget, inside.miles, inside.total
      from inside join tasks t on t.id = inside.id order by inside.miles asc, t.id desc`),
  );
}
