import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { longitudeRanges, type BoundingBox } from '@shared/domain/geo';
import type { ApplicationStatus } from '@shared/domain/enums';
import type { TaskStatus } from '@shared/domain/task-status';
import type { Db } from '../../db/client';
import { taskApplications, tasks } from '../../db/schema';
import { clientRatingFrom, revealedClientRatingSql, type ClientRating } from '../discovery/client-rating.repository';
import type { TaskRow } from './tasks.repository';

export interface TaskListRow {
  task: TaskRow;
  application_count: number;
  my_application_status: ApplicationStatus | null;
  /** The expert's applications list only: the client's revealed rating (issue 23). */
  client_rating?: ClientRating;
}

export interface TaskPage {
  rows: TaskListRow[];
  total: number;
}

export interface PageWindow {
  limit: number;
  offset: number;
}

// "tasks"."id" is written out: drizzle drops the table name of columns in a one-table select, and a
// bare "id" would mean the application's id inside the subquery.
export const applicationCount = sql<number>`(select count(*)::int from task_applications a where a.task_id = "tasks"."id")`;

/** Every matching row's count, computed before LIMIT/OFFSET: the page carries the list's total. */
const totalOfAllRows = sql<number>`(count(*) over ())::int`;

const myApplicationStatus = (expertId: string | null) =>
  expertId
    ? sql<ApplicationStatus | null>`(select a.status from task_applications a where a.task_id = "tasks"."id" and a.expert_id = ${expertId})`
    : sql<ApplicationStatus | null>`null`;

/**
 * Open tasks of a suspended client are hidden from experts (issue 22); auth_users_suspended_idx is a
 * partial index of the few suspended accounts, so this is a probe of a tiny index per task.
 */
export const clientNotSuspended = sql`not exists (select 1 from auth_users su where su.id = ${tasks.client_id} and su.suspended_at is not null)`;

/**
 * The box as written in the partial index's terms: `status = 'open'` is a literal so the planner can
 * match tasks_open_lat_lng_idx (a bound parameter would not prove the index predicate).
 */
function openInBox(box: BoundingBox | null): SQL {
  const open = and(sql`${tasks.status} = 'open'`, clientNotSuspended)!;
  if (!box) return open;
  const longitudes = longitudeRanges(box).map(
    ([min, max]) => sql`${tasks.longitude} between ${min} and ${max}`,
  );
  return and(open, sql`${tasks.latitude} between ${box.minLat} and ${box.maxLat}`, or(...longitudes))!;
}

/**
 * The page and the total as one statement: `count(*) over ()` is computed before the LIMIT, so
 * every row of the page carries the total (decision 0101). Only a page past the end has no row to
 * carry it; then a count answers.
 */
async function pageOf(db: Db, where: SQL, expertId: string | null, window: PageWindow): Promise<TaskPage> {
  const rows = await db
    .select({
      task: tasks,
      application_count: applicationCount,
      my_application_status: myApplicationStatus(expertId),
      total: totalOfAllRows,
    })
    .from(tasks)
    .where(where)
    .orderBy(desc(tasks.created_at), desc(tasks.id))
    .limit(window.limit)
    .offset(window.offset);
  const total = rows.length > 0 ? Number(rows[0].total) : await countPastTheEnd(db, where, window);
  return { rows: rows.map(normalize), total };
}

/** The total when the page is empty: zero unless the page starts past the end. */
async function countPastTheEnd(db: Db, where: SQL, window: PageWindow): Promise<number> {
  if (window.offset === 0) return 0;
  const [count] = await db.select({ value: sql<number>`count(*)::int` }).from(tasks).where(where);
  return Number(count?.value ?? 0);
}

/** The list row without the page's total, with the count as a number (node-postgres may send text). */
export const normalize = (
  row: Omit<TaskListRow, 'client_rating'> & { total?: number; client_rating?: ClientRating | string | null },
): TaskListRow => ({
  task: row.task,
  application_count: Number(row.application_count),
  my_application_status: row.my_application_status,
  ...(row.client_rating ? { client_rating: clientRatingFrom(row.client_rating) } : {}),
});

const withStatus = (condition: SQL, status: TaskStatus | undefined): SQL =>
  status ? and(condition, eq(tasks.status, status))! : condition;

/** The client's own tasks, newest first (tasks_client_created_idx). */
export function listClientTasks(db: Db, clientId: string, status: TaskStatus | undefined, window: PageWindow) {
  return pageOf(db, withStatus(eq(tasks.client_id, clientId), status), null, window);
}

/** The tasks assigned to the expert, newest first (tasks_expert_created_idx). */
export function listAssignedTasks(db: Db, expertId: string, status: TaskStatus | undefined, window: PageWindow) {
  return pageOf(db, withStatus(eq(tasks.expert_id, expertId), status), expertId, window);
}

/**
 * Open tasks inside the box, newest first, or every open task when there is no centre
 * (tasks_status_created_idx, read newest first).
 *
 * With a box, the box is read first (tasks_open_lat_lng_idx) and only its rows are sorted: a
 * MATERIALIZED CTE keeps the planner from walking the created_at index over every open task in the
 * country when the box is sparse (its row estimate for a lat/lng box is poor), so the cost follows
 * the number of open tasks near the expert, not the size of the table. The same pass counts them.
 */
export async function listOpenTasks(
  db: Db,
  box: BoundingBox | null,
  expertId: string | null,
  window: PageWindow,
): Promise<TaskPage> {
  if (!box) return pageOf(db, openInBox(null), expertId, window);
  // One statement: the page of ids with the box's total (openTasksInBoxQuery) as a derived table,
  // joined to its task rows by primary key, in the same order.
  const page = sql`(${openTasksInBoxQuery(box, window)}) as page`;
  const rows = await db
    .select({
      task: tasks,
      application_count: applicationCount,
      my_application_status: myApplicationStatus(expertId),
      total: sql<number>`page.total`,
    })
    .from(tasks)
    .innerJoin(page, sql`page.id = ${tasks.id}`)
    .orderBy(desc(tasks.created_at), desc(tasks.id));
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && window.offset > 0) total = await countOpenTasks(db, box);
  return { rows: rows.map(normalize), total };
}

/** How many open tasks the box holds (every open task without a box): the total of a page past the end. */
export async function countOpenTasks(db: Db, box: BoundingBox | null): Promise<number> {
  const [count] = await db.select({ value: sql<number>`count(*)::int` }).from(tasks).where(openInBox(box));
  return Number(count?.value ?? 0);
}

/** The page of ids (and the box's total) of listOpenTasks, exported so a test can read its plan. */
export function openTasksInBoxQuery(box: BoundingBox, window: PageWindow): SQL {
  return sql`
    with in_box as materialized (
      select ${tasks.id} as id, ${tasks.created_at} as created_at from ${tasks} where ${openInBox(box)}
    )
    select id, (count(*) over ())::int as total from in_box
    order by created_at desc, id desc
    limit ${window.limit} offset ${window.offset}`;
}

/** The tasks the expert applied to, newest application first (task_applications_expert_idx). */
export async function listAppliedTasks(
  db: Db,
  expertId: string,
  status: TaskStatus | undefined,
  window: PageWindow,
  now: Date,
): Promise<TaskPage> {
  const where = withStatus(eq(taskApplications.expert_id, expertId), status);
  // One statement, as in pageOf: the total rides on every row of the page.
  const rows = await db
    .select({
      task: tasks,
      application_count: applicationCount,
      my_application_status: sql<ApplicationStatus | null>`${taskApplications.status}`,
      // Per row of the page (at most 50), through client_reviews_client_created_idx: no second request.
      client_rating: sql<ClientRating | string>`(select jsonb_build_object('avg_rating', cr.avg_rating, 'review_count', cr.review_count)
        from (${revealedClientRatingSql(sql`${tasks.client_id}`, now)}) cr)`,
      total: totalOfAllRows,
    })
    .from(taskApplications)
    .innerJoin(tasks, eq(tasks.id, taskApplications.task_id))
    .where(where)
    .orderBy(desc(taskApplications.created_at), desc(taskApplications.id))
    .limit(window.limit)
    .offset(window.offset);
  let total = rows.length > 0 ? Number(rows[0].total) : 0;
  if (rows.length === 0 && window.offset > 0) {
    const [count] = await db
      .select({ value: sql<number>`count(*)::int` })
      .from(taskApplications)
      .innerJoin(tasks, eq(tasks.id, taskApplications.task_id))
      .where(where);
    total = Number(count?.value ?? 0);
  }
  return { rows: rows.map(normalize), total };
}
