import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/sql-rows';

/**
 * Experts by verification state, in three keys (verified, rejected, everything else "pending"): the
 * overview's full count and the reports read the same question.
 */
export function verificationStatusCounts(db: Db): Promise<{ key: string; count: string }[]> {
  return rowsOf(
    db,
    sql`select case when verification_status in ('verified', 'rejected') then verification_status::text else 'pending' end as key,
          count(*) as count
        from expert_profiles group by 1 order by 1`,
  );
}

/** Captured volume and fee revenue per time bucket since `from` (`bucket`: the SQL that truncates created_at). */
export function capturedVolumeByBucket(db: Db, bucket: SQL, from: Date): Promise<{ bucket: string; volume: string; revenue: string }[]> {
  return rowsOf(
    db,
    sql`select to_char(b, 'YYYY-MM-DD') as bucket, volume, revenue from (
          select ${bucket} as b, sum(amount) as volume, sum(platform_fee) as revenue
          from transactions where status = 'captured' and created_at >= ${from} group by 1) s`,
  );
}
