import { asc, isNull, sql } from 'drizzle-orm';
import type { JobModule } from '../../jobs/registry';
import type { Db } from '../../db/client';
import { tasks } from '../../db/schema';
import { timeZoneAt } from '../../lib/task-time-zone';

/**
 * Issue 49 (decision 0420): tasks written before the time_zone column get theirs from their
 * coordinates, a batch per runner pass (the partial index tasks_time_zone_missing_idx finds them).
 * Idempotent and safe on several instances: a row already filled is skipped by the WHERE.
 * Returns how many rows it filled.
 */
export async function backfillTaskTimeZones(db: Db, batch = 500): Promise<number> {
  const rows = await db
    .select({ id: tasks.id, latitude: tasks.latitude, longitude: tasks.longitude })
    .from(tasks)
    .where(isNull(tasks.time_zone))
    .orderBy(asc(tasks.created_at))
    .limit(batch);
  if (rows.length === 0) return 0;
  const values = rows.map((row) => ({ id: row.id, zone: timeZoneAt(row.latitude, row.longitude) }));
  await db.execute(sql`
    update tasks set time_zone = x.zone
    from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as x(id uuid, zone text)
    where tasks.id = x.id and tasks.time_zone is null`);
  return rows.length;
}

/** The backfill as a runner registration: a batch per pass until no task is left without its zone. */
export function taskTimeZoneJobs(db: Db): JobModule {
  return {
    name: 'task time zones',
    schedule: async () => {
      await backfillTaskTimeZones(db);
    },
  };
}
