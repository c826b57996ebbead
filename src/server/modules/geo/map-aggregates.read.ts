import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { ExpertCell, TaskCell } from './map-places';

/**
 * Everything map-locations reads from the database, as one statement (docs/decisions/0103):
 * the payable experts per place name and 0.1-degree cell, the tasks created since `since` per
 * 0.01-degree cell, and the count of finished tasks.
 *
 * Why this shape:
 * - the expert cells are a GroupAggregate over expert_profiles_map_cells_idx, whose keys are these
 *   GROUP BY expressions (migration 0007_perf2_custom.sql): rows come in key order, so nothing is
 *   hashed and the name key is not recomputed per row. Its predicate's last term (always true for
 *   located rows) must be repeated here, or the planner cannot use that partial index;
 * - cells are rounded in float8 (`round(x * 10)`), not numeric: the numeric casts were a third of
 *   the statement's time, and a cell is only a grouping granule (places merge within 25 miles);
 * - each list comes back as a few arrays in one row instead of tens of thousands of rows: on
 *   PGlite, decoding the rows cost more than computing them.
 */
export interface MapAggregates {
  expertCells: ExpertCell[];
  taskCells: TaskCell[];
  tasksCompleted: number;
}

interface MapAggregatesRow {
  labels: string[] | null;
  experts: number[] | null;
  lat_sums: number[] | null;
  lng_sums: number[] | null;
  task_lats: number[] | null;
  task_lngs: number[] | null;
  task_counts: number[] | null;
  tasks_completed: number | string | null;
}

/** The statement, exported so a test can check its plan uses the indexes. */
export function mapAggregatesQuery(since: Date): SQL {
  return sql`
    select e.labels, e.experts, e.lat_sums, e.lng_sums, t.task_lats, t.task_lngs, t.task_counts, c.tasks_completed
    from (
      select array_agg(label) as labels, array_agg(experts) as experts,
             array_agg(lat_sum) as lat_sums, array_agg(lng_sum) as lng_sums
      from (
        select min(location) as label, sum(experts)::int as experts,
               sum(lat_sum)::float8 as lat_sum, sum(lng_sum)::float8 as lng_sum
        from expert_map_cells
        group by name_key, lat10, lng10
      ) expert_cells
    ) e,
    (
      select array_agg(lat100) as task_lats, array_agg(lng100) as task_lngs, array_agg(tasks) as task_counts
      from (
        select round(latitude * 100)::int as lat100, round(longitude * 100)::int as lng100, count(*)::int as tasks
        from tasks
        where created_at >= ${since.toISOString()}::timestamptz
        group by 1, 2
      ) task_cells
    ) t,
    (select count(*)::int as tasks_completed from tasks where status in ('completed', 'verified')) c`;
}

export async function readMapAggregates(db: Db, since: Date): Promise<MapAggregates> {
  const result = await db.execute(mapAggregatesQuery(since));
  const [row] = (result as unknown as { rows: MapAggregatesRow[] }).rows;
  const labels = row?.labels ?? [];
  const experts = row?.experts ?? [];
  const latSums = row?.lat_sums ?? [];
  const lngSums = row?.lng_sums ?? [];
  const expertCells: ExpertCell[] = labels.map((label, i) => ({
    label,
    experts: Number(experts[i]),
    latSum: Number(latSums[i]),
    lngSum: Number(lngSums[i]),
  }));
  const taskLats = row?.task_lats ?? [];
  const taskLngs = row?.task_lngs ?? [];
  const taskCounts = row?.task_counts ?? [];
  // Cells travel as hundredths of a degree (integers); their centres are what the counts use.
  const taskCells: TaskCell[] = taskLats.map((lat100, i) => ({
    latitude: Number(lat100) / 100,
    longitude: Number(taskLngs[i]) / 100,
    tasks: Number(taskCounts[i]),
  }));
  return { expertCells, taskCells, tasksCompleted: Number(row?.tasks_completed ?? 0) };
}
