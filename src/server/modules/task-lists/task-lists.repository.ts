import { and, desc, eq, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { longitudeRanges, type BoundingBox } from '@shared/domain/geo';
import type { ApplicationStatus } from '@shared/domain/enums';
import type { TaskStatus } from '@shared/domain/task-status';
import type { Db } from '../../db/client';
import { defineShapedStatement } from '../../db/prepared';
import { taskApplications, tasks } from '../../db/schema';
import { clientRatingFrom, revealedClientRatingSql, type ClientRating } from '../reviews/client-rating.repository';
import type { TaskRow } from '../tasks/tasks.repository';
import { taskListItemSql, type ListItemText } from './task-list-json';

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
  /** The open-task lists only: more tasks match than `total` (counted up to a cap, OPEN_TASKS_TOTAL_CAP). */
  totalIsCapped?: boolean;
}

/** A page whose items PostgreSQL wrote as JSON text (task-list-json.ts). */
export interface TaskTextPage {
  items: ListItemText[];
  total: number;
  /** The open-task lists only: more tasks match than `total` (counted up to a cap, OPEN_TASKS_TOTAL_CAP). */
  totalIsCapped?: boolean;
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

const myApplicationStatus = (expertId: string | Placeholder | null) =>
  expertId
    ? sql<ApplicationStatus | null>`(select a.status from task_applications a where a.task_id = "tasks"."id" and a.expert_id = ${expertId})`
    : sql<ApplicationStatus | null>`null`;

/**
 * Open tasks of a suspended client are hidden from experts (issue 22); auth_users_suspended_idx is a
 * partial index of the few suspended accounts, so this is a probe of a tiny index per task.
 */
export const clientNotSuspended = sql`not exists (select 1 from auth_users su where su.id = ${tasks.client_id} and su.suspended_at is not null)`;

/**
 * A number in the statement, or a placeholder whose value comes with each execution of a statement
 * built once (db/prepared.ts' defineShapedStatement): the SQL text then depends only on the box's shape.
 */
export type Bound = number | Placeholder<string, number>;

/** A box as the statement writes it: its latitudes and one or two longitude ranges (across the antimeridian). */
export interface BoxBounds {
  minLat: Bound;
  maxLat: Bound;
  longitudes: Array<[Bound, Bound]>;
}

/** The page's window as the statement writes it; `countLimit` is the offset plus the cap (OPEN_TASKS_TOTAL_CAP). */
export interface WindowBounds {
  limit: Bound;
  offset: Bound;
  countLimit: Bound;
}

export const boxBoundsOf = (box: BoundingBox): BoxBounds => ({ minLat: box.minLat, maxLat: box.maxLat, longitudes: longitudeRanges(box) });
export const windowBoundsOf = (window: PageWindow, cap = OPEN_TASKS_TOTAL_CAP): WindowBounds => ({
  limit: window.limit,
  offset: window.offset,
  countLimit: window.offset + cap,
});

/** A box's shape in a statement built once (db/prepared.ts' defineShapedStatement): none, one longitude range, or two. */
export type BoxShape = 'all' | 'box' | 'wrapped';
export const BOX_SHAPES: readonly BoxShape[] = ['all', 'box', 'wrapped'];

export const boxShapeOf = (box: BoundingBox | null): BoxShape => (!box ? 'all' : longitudeRanges(box).length > 1 ? 'wrapped' : 'box');

const numberPlaceholder = (name: string) => sql.placeholder(name) as Placeholder<string, number>;

/** The bounds of a statement of that shape, as placeholders that boundValues fills. */
export function placeholderBounds(shape: BoxShape): { box: BoxBounds | null; window: WindowBounds } {
  const window = { limit: numberPlaceholder('limit'), offset: numberPlaceholder('offset'), countLimit: numberPlaceholder('countLimit') };
  if (shape === 'all') return { box: null, window };
  const ranges = shape === 'wrapped' ? [0, 1] : [0];
  return {
    box: {
      minLat: numberPlaceholder('minLat'),
      maxLat: numberPlaceholder('maxLat'),
      longitudes: ranges.map((index) => [numberPlaceholder(`minLng${index}`), numberPlaceholder(`maxLng${index}`)]),
    },
    window,
  };
}

/** The values of placeholderBounds' placeholders for this box and window. */
export function boundValues(box: BoundingBox | null, window: PageWindow, cap = OPEN_TASKS_TOTAL_CAP): Record<string, number> {
  const values: Record<string, number> = { limit: window.limit, offset: window.offset, countLimit: window.offset + cap };
  if (!box) return values;
  values.minLat = box.minLat;
  values.maxLat = box.maxLat;
  longitudeRanges(box).forEach(([min, max], index) => {
    values[`minLng${index}`] = min;
    values[`maxLng${index}`] = max;
  });
  return values;
}

/**
 * The box as written in the partial index's terms: `status = 'open'` is a literal so the planner can
 * match tasks_open_lat_lng_idx (a bound parameter would not prove the index predicate).
 * `hidingSuspended: false` leaves out the suspended clients' filter (the capped count).
 * `walking: true` writes the box as a CASE, which no index can serve and which the planner counts
 * as half the rows: the newest-first walk of openTasksPageQuery then reads the created_at order and
 * stops after the page, where the box's real (poorly estimated) share would make it read and sort
 * every open task in the box, or every open task in the table.
 */
function openInBox(box: BoxBounds | null, { walking = false, hidingSuspended = true } = {}): SQL {
  const open = hidingSuspended ? and(sql`${tasks.status} = 'open'`, clientNotSuspended)! : sql`${tasks.status} = 'open'`;
  if (!box) return open;
  const longitudes = box.longitudes.map(([min, max]) => sql`${tasks.longitude} between ${min} and ${max}`);
  const inBox = and(sql`${tasks.latitude} between ${box.minLat} and ${box.maxLat}`, or(...longitudes))!;
  return and(open, walking ? sql`(case when ${inBox} then true else false end)` : inBox)!;
}

/**
 * The page and the total as one statement: `count(*) over ()` is computed before the LIMIT, so
 * every row of the page carries the total (decision 0101). Only a page past the end has no row to
 * carry it; then a count answers. The statement is built once per shape and prepared by name
 * (db/prepared.ts): the client's dashboard list was the most frequent statement built anew.
 */
async function pageOf(db: Db, party: 'client' | 'expert', userId: string, status: TaskStatus | undefined, window: PageWindow): Promise<TaskTextPage> {
  const rows = await runPartyPage(db, `${party}_${status ? 'status' : 'any'}`, {
    userId,
    ...(status ? { status } : {}),
    limit: window.limit,
    offset: window.offset,
  });
  const total = rows.length > 0 ? Number(rows[0].total) : await countPastTheEnd(db, withStatus(partyOf(party, userId), status), window);
  return { items: rows.map(itemOf), total };
}

/** The columns every text item comes with (task-list-json.ts): the JSON, and what the server still adds to it. */
export const itemColumns = (myApplicationStatus: SQL) => ({
  id: tasks.id,
  json: sql<string>`${taskListItemSql(myApplicationStatus)}`,
  latitude: tasks.latitude,
  longitude: tasks.longitude,
  zone_missing: sql<boolean>`"tasks"."time_zone" is null`,
});

export const itemOf = (row: { json: string; latitude: number | null; longitude: number | null; zone_missing: boolean }): ListItemText => ({
  json: row.json,
  latitude: Number(row.latitude),
  longitude: Number(row.longitude),
  zoneMissing: Boolean(row.zone_missing),
});

const partyOf = (party: 'client' | 'expert', userId: string | Placeholder) =>
  party === 'client' ? eq(tasks.client_id, userId) : eq(tasks.expert_id, userId);

type PartyShape = `${'client' | 'expert'}_${'any' | 'status'}`;
const PARTY_SHAPES: readonly PartyShape[] = ['client_any', 'client_status', 'expert_any', 'expert_status'];

/** The client's tasks (tasks_client_created_idx) or the expert's (tasks_expert_created_idx), newest first, with or without a status. */
const runPartyPage = defineShapedStatement('party_tasks', PARTY_SHAPES, (db, shape: PartyShape, name) => {
  const [party, filter] = shape.split('_') as ['client' | 'expert', 'any' | 'status'];
  const userId = sql.placeholder('userId');
  const owner = partyOf(party, userId);
  return db
    .select({ ...itemColumns(myApplicationStatus(party === 'expert' ? userId : null)), total: totalOfAllRows })
    .from(tasks)
    .where(filter === 'status' ? and(owner, eq(tasks.status, sql.placeholder('status'))) : owner)
    .orderBy(desc(tasks.created_at), desc(tasks.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(name);
});

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
  return pageOf(db, 'client', clientId, status, window);
}

/** The tasks assigned to the expert, newest first (tasks_expert_created_idx). */
export function listAssignedTasks(db: Db, expertId: string, status: TaskStatus | undefined, window: PageWindow) {
  return pageOf(db, 'expert', expertId, status, window);
}

/**
 * How many open tasks past the page's start a list counts at most (issue 24): beyond it the total
 * is shown as "{total}+". Counting every open task near a busy town would cost as much as the table
 * holds there; the list's paging only needs to know that there is more.
 */
export const OPEN_TASKS_TOTAL_CAP = 1_000;

/**
 * Open tasks inside the box, newest first, or every open task when there is no box, with the
 * capped total (openTasksPageQuery): one statement, the page of ids joined to its task rows by
 * primary key, in the same order. The page-of-ids row is there even past the end (then its id is
 * null), so it always carries the total.
 */
export async function listOpenTasks(
  db: Db,
  box: BoundingBox | null,
  expertId: string | null,
  window: PageWindow,
  cap = OPEN_TASKS_TOTAL_CAP,
): Promise<TaskTextPage> {
  const values = { ...boundValues(box, window, cap), ...(expertId ? { expertId } : {}) };
  const rows = await runOpenTasks(db, `${boxShapeOf(box)}_${expertId ? 'expert' : 'anyone'}`, values);
  const [first] = rows;
  return {
    // The page-of-ids row is there even past the end (then no task joins it): it carries the total.
    items: rows.filter((row) => row.id !== null).map(itemOf),
    total: Number(first?.total ?? 0),
    totalIsCapped: Boolean(first?.total_is_capped),
  };
}

type OpenTasksShape = `${BoxShape}_${'expert' | 'anyone'}`;
const OPEN_TASKS_SHAPES = BOX_SHAPES.flatMap((box) => [`${box}_expert`, `${box}_anyone`] as OpenTasksShape[]);

/** listOpenTasks' statement, built once per shape with placeholders (db/prepared.ts). */
const runOpenTasks = defineShapedStatement('open_tasks', OPEN_TASKS_SHAPES, (db, shape: OpenTasksShape, name) => {
  const [boxShape, who] = shape.split('_') as [BoxShape, 'expert' | 'anyone'];
  const bounds = placeholderBounds(boxShape);
  const page = sql`(${openTasksPageSql(bounds.box, bounds.window)}) as page`;
  return db
    .select({
      ...itemColumns(myApplicationStatus(who === 'expert' ? sql.placeholder('expertId') : null)),
      total: sql<number>`page.total`,
      total_is_capped: sql<boolean>`page.total_is_capped`,
    })
    .from(page)
    .leftJoin(tasks, sql`page.id = ${tasks.id}`)
    .orderBy(desc(tasks.created_at), desc(tasks.id))
    .prepare(name);
});

/**
 * The page of open-task ids, newest first, with the total counted up to `offset + cap` (one row
 * with a null id when the page is empty). Columns: id, total, total_is_capped. `extra` narrows the
 * tasks further (the available list's "no coordinates" condition). The cost follows the page and
 * the cap, never the number of open tasks in the box or the table:
 *
 * - `counted` stops at offset + cap + 1 rows: an index-only scan of tasks_open_lat_lng_idx (or of
 *   tasks_status_created_idx without a box), which reads index entries one by one and stops at the
 *   limit. The suspended clients' filter would need each row's client_id from the heap and turn it
 *   into a bitmap scan that reads the whole box first, so the count reads every open task in the box
 *   up to the limit plus the suspended clients' open tasks in it (a few: auth_users_suspended_idx,
 *   then tasks_client_created_idx) and subtracts those.
 * - A box with at most offset + cap open tasks (a sparse one) is read from tasks_open_lat_lng_idx
 *   and only its rows are sorted (a MATERIALIZED CTE, so that the planner does not walk the
 *   created_at index over every open task in the country: its row estimate for a box is poor).
 * - A denser box, or no box, walks the open tasks newest first (tasks_open_created_idx, index only,
 *   in the walk's order: migration 0053) and stops after the page: it reads about (offset + limit) divided by the
 *   box's share of the open tasks, so a box just over the cap in a very large table is its worst case
 *   (docs/performance.md). The branch whose one-time filter is false is never run.
 */
export function openTasksPageQuery(box: BoundingBox | null, window: PageWindow, cap = OPEN_TASKS_TOTAL_CAP, extra?: SQL): SQL {
  return openTasksPageSql(box ? boxBoundsOf(box) : null, windowBoundsOf(window, cap), extra);
}

/**
 * openTasksPageQuery with its numbers as bounds (numbers or placeholders). Each is cast to an int or
 * compared with a double column, so that PostgreSQL knows a placeholder's type when it prepares the
 * statement without its values.
 */
export function openTasksPageSql(box: BoxBounds | null, window: WindowBounds, extra?: SQL): SQL {
  const countLimit = sql`${window.countLimit}::int`;
  const narrowed = (condition: SQL) => (extra ? and(condition, extra)! : condition);
  const where = narrowed(openInBox(box));
  const walked = narrowed(openInBox(box, { walking: true }));
  const counted = sql`suspended as materialized (
      select count(*)::int as n from auth_users su join ${tasks} on ${tasks.client_id} = su.id
      where su.suspended_at is not null and ${narrowed(openInBox(box, { hidingSuspended: false }))}
    ),
    counted as materialized (
      select ((select count(*) from (select 1 from ${tasks} where ${narrowed(openInBox(box, { hidingSuspended: false }))}
        limit (select ${countLimit} + 1 + n from suspended)) capped) - (select n from suspended))::int as n
    )`;
  const newestFirst = (from: SQL) =>
    sql`(select id from ${from} order by created_at desc, id desc limit ${window.limit}::int offset ${window.offset}::int)`;
  const walk = sql`(select ${tasks.id} as id, ${tasks.created_at} as created_at from ${tasks}
      where ${walked} ${box ? sql`and (select n from counted) > ${countLimit}` : sql``}
      order by ${tasks.created_at} desc, ${tasks.id} desc limit ${window.offset}::int + ${window.limit}::int) walked`;
  const pageIds = box
    ? sql`${newestFirst(sql`(select id, created_at from sparse union all select id, created_at from ${walk}) hits`)}`
    : newestFirst(walk);
  return sql`
    with ${counted}${
      box
        ? sql`, sparse as materialized (
      select ${tasks.id} as id, ${tasks.created_at} as created_at from ${tasks}
      where ${where} and (select n from counted) <= ${countLimit}
    )`
        : sql``
    }
    select page_ids.id, least(counted.n, ${countLimit})::int as total, counted.n > ${countLimit} as total_is_capped
    from counted left join ${pageIds} page_ids on true`;
}

/** The page of ids (and the box's capped total) of listOpenTasks, exported so a test can read its plan. */
export function openTasksInBoxQuery(box: BoundingBox, window: PageWindow): SQL {
  return openTasksPageQuery(box, window);
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
