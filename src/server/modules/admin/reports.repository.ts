import { sql } from 'drizzle-orm';
import { REPORT_TIMEFRAMES } from '@shared/constants';
import type { ReportTimeframe } from '@shared/domain/enums';
import type { CountByKey, ReportsDto } from '@shared/schemas/admin-dto';
import type { Db } from '../../db/client';
import { num, rowsOf } from '../../db/sql-rows';
import { capturedVolumeByBucket, verificationStatusCounts } from './shared-counts';
import { bucketKeys, bucketStart, daysBefore, fillBuckets, type BucketUnit } from './time-buckets';

/** Where a timeframe starts: N days back (from the start of that day), or the first of the month 11 months back. */
export function timeframeStart(timeframe: ReportTimeframe, now: Date): { from: Date; unit: BucketUnit } {
  const spec = REPORT_TIMEFRAMES[timeframe];
  if ('months' in spec) {
    return {
      from: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (spec.months - 1), 1)),
      unit: 'month',
    };
  }
  return { from: bucketStart(daysBefore(now, spec.days - 1), 'day'), unit: spec.groupBy };
}

const unitSql = (unit: BucketUnit) => sql.raw(`'${unit}'`);
/** The UTC bucket of created_at; grouped on as a timestamp and formatted once per group (cheaper than per row). */
const bucketSql = (unit: BucketUnit) => sql`date_trunc(${unitSql(unit)}, created_at at time zone 'UTC')`;
const bucketText = sql.raw(`to_char(b, 'YYYY-MM-DD') as bucket`);

/**
 * The Reports & Analytics tab for one timeframe, every series grouped in SQL with date_trunc
 * (day, week or month). Series cover rows created since the timeframe's start; the status pies
 * and the user totals describe the current state of everything.
 */
export async function loadReports(db: Db, timeframe: ReportTimeframe, now: Date): Promise<ReportsDto> {
  const { from, unit } = timeframeStart(timeframe, now);
  const keys = bucketKeys(from, now, unit);

  const tasksQuery = rowsOf<Record<string, string>>(
    db,
    sql`select ${bucketText}, tasks, completed, in_progress, cancelled from (
          select ${bucketSql(unit)} as b, count(*) as tasks,
            count(*) filter (where status in ('completed', 'verified')) as completed,
            count(*) filter (where status in ('open', 'in_progress')) as in_progress,
            count(*) filter (where status = 'cancelled') as cancelled
          from tasks where created_at >= ${from} group by 1) s`,
  );
  const usersQuery = rowsOf<{ bucket: string; users: string }>(
    db,
    sql`select ${bucketText}, users from (
          select ${bucketSql(unit)} as b, count(*) as users from profiles where created_at >= ${from} group by 1) s`,
  );
  const moneyQuery = capturedVolumeByBucket(db, bucketSql(unit), from);
  const paymentStatusQuery = rowsOf<{ key: string; count: string; volume: string; revenue: string }>(
    db,
    sql`select status::text as key, count(*) as count, sum(amount) as volume, sum(platform_fee) as revenue
        from transactions where created_at >= ${from} group by 1`,
  );
  const taskStatusQuery = rowsOf<{ key: string; count: string }>(
    db,
    sql`select status::text as key, count(*) as count from tasks group by 1 order by 1`,
  );
  const verificationQuery = verificationStatusCounts(db);
  const totalsQuery = rowsOf<Record<string, string>>(
    db,
    sql`select (select count(*) from profiles) as total_users,
          (select count(*) from user_roles where role = 'expert') as total_experts,
          (select count(*) from expert_profiles where verification_status = 'verified') as verified_experts`,
  );

  // Independent reads: on PostgreSQL they run at once on the pool; PGlite queues them.
  const [tasksRows, usersRows, moneyRows, paymentStatusRows, taskStatusRows, verificationRows, totalsRows] =
    await Promise.all([
      tasksQuery,
      usersQuery,
      moneyQuery,
      paymentStatusQuery,
      taskStatusQuery,
      verificationQuery,
      totalsQuery,
    ]);
  const tasks = tasksRows;
  const users = usersRows;
  const money = moneyRows;
  const paymentStatus = paymentStatusRows;
  const taskStatus = taskStatusRows;
  const verification = verificationRows;
  const [totals] = totalsRows;

  const taskRows = tasks.map((r) => ({
    bucket: r.bucket,
    tasks: num(r.tasks),
    completed: num(r.completed),
    inProgress: num(r.in_progress),
    cancelled: num(r.cancelled),
  }));
  const userRows = users.map((r) => ({ bucket: r.bucket, users: num(r.users) }));
  const userSeries = fillBuckets(keys, userRows, { users: 0 });
  const taskSeries = fillBuckets(keys, taskRows, { tasks: 0, completed: 0, inProgress: 0, cancelled: 0 });
  const captured = paymentStatus.find((r) => r.key === 'captured');
  const capturedCount = num(captured?.count);
  const volume = num(captured?.volume);
  const byStatus = new Map(paymentStatus.map((r) => [r.key, num(r.count)]));
  const pie: CountByKey[] = [
    { key: 'completed', count: byStatus.get('captured') ?? 0 },
    { key: 'authorized', count: byStatus.get('authorized') ?? 0 },
    { key: 'refunded', count: byStatus.get('refunded') ?? 0 },
    { key: 'failed', count: byStatus.get('failed') ?? 0 },
  ];

  return {
    timeframe,
    groupBy: unit,
    from: from.toISOString(),
    activity: {
      series: taskSeries.map((r, i) => ({ bucket: r.bucket, tasks: r.tasks, users: userSeries[i].users })),
      taskStatus: taskStatus.map((r) => ({ key: r.key, count: num(r.count) })),
      progress: taskSeries.map(({ bucket, completed, inProgress, cancelled }) => ({
        bucket,
        completed,
        inProgress,
        cancelled,
      })),
    },
    financial: {
      series: fillBuckets(
        keys,
        money.map((r) => ({ bucket: r.bucket, volume: num(r.volume), revenue: num(r.revenue) })),
        { volume: 0, revenue: 0 },
      ),
      stats: {
        count: paymentStatus.reduce((sum, r) => sum + num(r.count), 0),
        volume,
        revenue: num(captured?.revenue),
        average: capturedCount === 0 ? 0 : Math.round(volume / capturedCount),
      },
      paymentStatus: pie,
    },
    users: {
      series: userSeries,
      verification: verification.map((r) => ({ key: r.key, count: num(r.count) })),
      stats: {
        totalUsers: num(totals?.total_users),
        totalExperts: num(totals?.total_experts),
        verifiedExperts: num(totals?.verified_experts),
      },
    },
  };
}
