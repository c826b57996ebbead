import { and, count, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { expertProfiles, tasks } from '../../db/schema';
import type { ExpertCell, TaskCell } from './map-places';

/**
 * Payable experts with coordinates, pre-aggregated by place name and 0.1-degree cell. The WHERE
 * clause is exactly the predicate of the partial index expert_profiles_payable_lat_lng_idx, so only
 * the indexed (payable, located) rows are read.
 */
export async function listPayableExpertCells(db: Db): Promise<ExpertCell[]> {
  const rows = await payableExpertCellsQuery(db);
  return rows.map((row) => ({
    label: row.label,
    experts: Number(row.experts),
    latSum: Number(row.latSum),
    lngSum: Number(row.lngSum),
  }));
}

/** The query of listPayableExpertCells, exported so a test can check its plan uses the index. */
export function payableExpertCellsQuery(db: Db) {
  const nameKey = sql`lower(trim(split_part(coalesce(${expertProfiles.location}, ''), ',', 1)))`;
  const cellLat = sql`round(${expertProfiles.latitude}::numeric, 1)`;
  const cellLng = sql`round(${expertProfiles.longitude}::numeric, 1)`;
  return db
    .select({
      label: sql<string>`min(coalesce(${expertProfiles.location}, ''))`,
      experts: sql<number>`count(*)::int`,
      latSum: sql<number>`sum(${expertProfiles.latitude})::float8`,
      lngSum: sql<number>`sum(${expertProfiles.longitude})::float8`,
    })
    .from(expertProfiles)
    .where(
      and(
        eq(expertProfiles.stripe_onboarding_completed, true),
        eq(expertProfiles.stripe_account_status, 'active'),
        isNotNull(expertProfiles.latitude),
        isNotNull(expertProfiles.longitude),
      ),
    )
    .groupBy(nameKey, cellLat, cellLng);
}

/**
 * Tasks created since `since`, counted per 0.01-degree cell (about 0.7 miles: nothing next to the
 * 25-mile radius). A range scan of tasks_created_at_idx; the result is bounded by the cell count.
 */
export async function listRecentTaskCells(db: Db, since: Date): Promise<TaskCell[]> {
  const rows = await recentTaskCellsQuery(db, since);
  return rows.map((row) => ({
    latitude: Number(row.latitude),
    longitude: Number(row.longitude),
    tasks: Number(row.tasks),
  }));
}

/** The query of listRecentTaskCells, exported so a test can check its plan uses the index. */
export function recentTaskCellsQuery(db: Db, since: Date) {
  const cellLat = sql`round(${tasks.latitude}::numeric, 2)`;
  const cellLng = sql`round(${tasks.longitude}::numeric, 2)`;
  return db
    .select({
      latitude: sql<number>`${cellLat}::float8`,
      longitude: sql<number>`${cellLng}::float8`,
      tasks: sql<number>`count(*)::int`,
    })
    .from(tasks)
    .where(gte(tasks.created_at, since))
    .groupBy(cellLat, cellLng);
}

/** Finished tasks (completed or verified), over tasks_status_created_idx. */
export async function countCompletedTasks(db: Db): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(tasks)
    .where(inArray(tasks.status, ['completed', 'verified']));
  return Number(row?.value ?? 0);
}
