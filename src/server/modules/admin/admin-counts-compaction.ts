import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { JobModule } from '../../jobs/registry';

/** How often one instance folds the overview counters' delta rows (decision 0360). */
export const ADMIN_COUNTS_COMPACT_EVERY_MS = 60_000;

/**
 * The job runner's schedule step that folds the admin overview's counter rows (migration 0032): every
 * write adds delta rows rather than updating a shared row, so that writers never wait on one another,
 * and this keeps the rows a read sums down to about a minute of writes. At most once per `everyMs` of
 * the clock per instance; several instances at once are safe (the function skips when another holds it).
 */
export function createAdminCountsCompactor(db: Db, everyMs = ADMIN_COUNTS_COMPACT_EVERY_MS) {
  let last: number | null = null;
  return async (now: Date): Promise<void> => {
    // Math.abs: a clock moved back (tests, the development clock) does not stop the compaction.
    if (last !== null && Math.abs(now.getTime() - last) < everyMs) return;
    last = now.getTime();
    await db.execute(sql`select compact_admin_counts()`);
  };
}

/** Issue 24: the admin overview's counter rows are folded about once a minute (decision 0360). */
export function adminCountsJobs(db: Db): JobModule {
  return { name: 'admin counts', schedule: createAdminCountsCompactor(db) };
}
