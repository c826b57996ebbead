import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { ExpertCell, TaskCell } from './map-places';

/**
 * What map-locations reads from the database (docs/decisions/0103), in short statements: the expert
 * side (payable experts per place name and 0.1-degree cell) and the task side (tasks created since
 * `since` per 0.01-degree cell, read in TASK_CELL_WINDOWS windows, and the count of finished tasks
 * from the admin counters). The service keeps the task side for a while, so an expert change
 * recomputes only the expert side.
 *
 * Why this shape:
 * - the expert cells come from expert_map_cells, kept by row triggers on expert_profiles (migration
 *   0008_map_cells.sql): one row per name key, cell and location text, so the read groups tens of
 *   thousands of rows at most instead of visiting every payable expert; the smallest text of a cell
 *   is its label, as when the cells were aggregated from expert_profiles;
 * - task cells are rounded in float8 (`round(x * 100)`), not numeric: the numeric casts were a third
 *   of the statement's time, and a cell is only a grouping granule; they are counted in JavaScript
 *   (below), which was cheaper than hashing them in PGlite and sending three arrays;
 * - each list comes back as one JSON value (of arrays): on PGlite, decoding tens of thousands of
 *   rows, or of PostgreSQL array elements, cost more than computing them; JSON.parse is native.
 */
export interface TaskAggregates {
  taskCells: TaskCell[];
  tasksCompleted: number;
}

/** [labels, experts, latitude sums, longitude sums], or null without cells. */
type ExpertCellsJson = [string[], number[], number[], number[]] | null;
/** One cell number per recent task, or null without recent tasks. */
type TaskCellsJson = number[] | null;

/** JSON columns arrive parsed from PGlite and node-postgres; as text from a driver that does not. */
const parsed = <T>(value: T | string | null | undefined): T | null =>
  typeof value === 'string' ? (JSON.parse(value) as T) : (value ?? null);

/** The expert side's statement, exported so a test can check its plan. */
export function expertCellsQuery(): SQL {
  return sql`
    select json_build_array(array_agg(label), array_agg(experts), array_agg(lat_sum), array_agg(lng_sum)) as cells
    from (
      select min(location) as label, sum(experts)::int as experts,
             sum(lat_sum)::float8 as lat_sum, sum(lng_sum)::float8 as lng_sum
      from expert_map_cells
      group by name_key, lat10, lng10
    ) expert_cells
    having count(*) > 0`;
}

/**
 * Recent tasks' 0.01-degree cells travel as one integer per task, latitude-major
 * ((lat100 + 9000) * 36001 + lng100 + 18000, below 2^31): no grouping in the database, one short
 * array to decode, and a typed-array sort in JavaScript, which counts the tasks per cell.
 */
const LNG_SPAN = 36_001;
const LAT_OFFSET = 9_000;
const LNG_OFFSET = 18_000;

/**
 * The recent tasks are read in this many windows of created_at, one short statement each: PGlite has
 * one connection, and the whole 30 days in one statement (96,000 tasks at the load test's 1,000,000)
 * held it for 55-90 ms every MAP_LOCATIONS_TTL_MS while every other request waited. PostgreSQL does
 * not mind either way (docs/performance.md, "The map's periodic stall").
 */
export const TASK_CELL_WINDOWS = 6;

/**
 * One window's task cells: tasks created from `from` up to `to` (open-ended when null), exported so
 * a test can check its plan uses the created_at index.
 */
export function taskCellsQuery(from: Date, to: Date | null): SQL {
  return sql`
    select json_agg((round(latitude * 100)::int + ${sql.raw(String(LAT_OFFSET))}) * ${sql.raw(String(LNG_SPAN))}
                    + round(longitude * 100)::int + ${sql.raw(String(LNG_OFFSET))}) as cells
    from tasks
    where created_at >= ${from.toISOString()}::timestamptz
      ${to ? sql`and created_at < ${to.toISOString()}::timestamptz` : sql``}
      -- A suspended client's tasks leave the public map too (issue 22); a probe of a tiny partial index.
      and not exists (select 1 from auth_users su where su.id = tasks.client_id and su.suspended_at is not null)`;
}

/**
 * The finished tasks, from the admin counters (migration 0032), kept exact by the tasks' row
 * triggers: counting the completed rows took 120 ms at 1,000,000 tasks on PGlite, once per TTL.
 */
export function completedTasksQuery(): SQL {
  return sql`select coalesce(sum(n), 0)::int as tasks_completed from admin_counts where key in ('status:completed', 'status:verified')`;
}

const rowsOf = <R>(result: unknown) => (result as { rows: R[] }).rows;

export async function readExpertCells(db: Db): Promise<ExpertCell[]> {
  const [row] = rowsOf<{ cells: ExpertCellsJson | string }>(await db.execute(expertCellsQuery()));
  const cells = parsed<ExpertCellsJson>(row?.cells);
  if (!cells) return [];
  const [labels, experts, latSums, lngSums] = cells;
  return labels.map((label, i) => ({ label, experts: experts[i], latSum: latSums[i], lngSum: lngSums[i] }));
}

/** Tasks created since `since` per cell (the last window open-ended past `until`), and the finished count. */
export async function readTaskAggregates(db: Db, since: Date, until: Date): Promise<TaskAggregates> {
  const span = Math.max(0, until.getTime() - since.getTime()) / TASK_CELL_WINDOWS;
  const cells: number[] = [];
  for (let window = 0; window < TASK_CELL_WINDOWS; window++) {
    const from = new Date(since.getTime() + window * span);
    const to = window === TASK_CELL_WINDOWS - 1 ? null : new Date(since.getTime() + (window + 1) * span);
    const [row] = rowsOf<{ cells: TaskCellsJson | string }>(await db.execute(taskCellsQuery(from, to)));
    for (const cell of parsed<TaskCellsJson>(row?.cells) ?? []) cells.push(cell);
  }
  const [count] = rowsOf<{ tasks_completed: number | string | null }>(await db.execute(completedTasksQuery()));
  const tasksCompleted = Number(count?.tasks_completed ?? 0);
  if (cells.length === 0) return { taskCells: [], tasksCompleted };
  // Sorted, equal cells are neighbours: one pass counts them, in latitude then longitude order.
  const sorted = Float64Array.from(cells).sort();
  const taskCells: TaskCell[] = [];
  for (let i = 0; i < sorted.length; ) {
    const code = sorted[i];
    let end = i + 1;
    while (end < sorted.length && sorted[end] === code) end++;
    const lat100 = Math.floor(code / LNG_SPAN) - LAT_OFFSET;
    const lng100 = (code % LNG_SPAN) - LNG_OFFSET;
    // Cells travel as hundredths of a degree (integers); their centres are what the counts use.
    taskCells.push({ latitude: lat100 / 100, longitude: lng100 / 100, tasks: end - i });
    i = end;
  }
  return { taskCells, tasksCompleted };
}
