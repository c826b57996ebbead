import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/sql-rows';

export interface JobQueueStats {
  due: number;
  oldestDueAt: Date | null;
  failed: number;
  failing: number;
}

/** One pass over the not-done jobs (the partial index jobs_due_idx covers `done_at is null`). */
export async function jobQueueStats(db: Db, params: { now: Date }): Promise<JobQueueStats> {
  const now = params.now.toISOString();
  const [row = {}] = await rowsOf<Record<string, unknown>>(db, sql`
    select
      count(*) filter (where run_at <= ${now}::timestamptz and attempts < max_attempts) as due,
      min(run_at) filter (where run_at <= ${now}::timestamptz and attempts < max_attempts) as oldest,
      count(*) filter (where attempts >= max_attempts) as failed,
      count(*) filter (where last_error is not null and attempts < max_attempts) as failing
    from jobs where done_at is null`);
  return {
    due: Number(row.due ?? 0),
    oldestDueAt: row.oldest ? new Date(row.oldest as string) : null,
    failed: Number(row.failed ?? 0),
    failing: Number(row.failing ?? 0),
  };
}
