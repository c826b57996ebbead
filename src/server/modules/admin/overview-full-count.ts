import { sql } from 'drizzle-orm';
import { ADMIN } from '@shared/constants';
import type { CountByKey, OverviewDto } from '@shared/schemas/admin-dto';
import type { Db } from '../../db/client';
import { num, rowsOf } from '../../db/sql-rows';
import { capturedVolumeByBucket, verificationStatusCounts } from './shared-counts';
import { bucketKeys, bucketStart, daysBefore, fillBuckets } from './time-buckets';

const REVENUE_MONTHS = 6;
/** The average response time covers tasks created in the last 30 days: recent, and a bounded read. */
const RESPONSE_WINDOW_DAYS = 30;

/**
 * Every figure of the overview tab counted from the whole tables, as the overview did before the
 * counters of migration 0032 (docs/decisions/0090-admin-figures.md says what each one means). Its cost
 * grows with the tables, so the route reads the counters instead (overview.repository.ts); this stays
 * as the tests' oracle (the counters must equal it) and as the growth bench's "before".
 */
export async function countOverviewFromTables(db: Db, now: Date): Promise<OverviewDto> {
  const weekAgo = daysBefore(now, ADMIN.overviewWindowDays);
  const trendFrom = bucketStart(daysBefore(now, ADMIN.overviewTrendDays - 1), 'day');
  const responseFrom = daysBefore(now, RESPONSE_WINDOW_DAYS);
  const monthsFrom = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (REVENUE_MONTHS - 1), 1));

  const usersQuery = rowsOf<{ total: string; recent: string }>(
    db,
    sql`select count(*) as total, count(*) filter (where created_at >= ${weekAgo}) as recent from profiles`,
  );
  const taskStatusQuery = rowsOf<{ key: string; count: string; recent: string }>(
    db,
    sql`select status::text as key, count(*) as count, count(*) filter (where created_at >= ${weekAgo}) as recent
        from tasks group by status order by status`,
  );
  const trendQuery = rowsOf<{ bucket: string; count: string }>(
    db,
    sql`select to_char(b, 'YYYY-MM-DD') as bucket, count from (
          select date_trunc('day', created_at at time zone 'UTC') as b, count(*) as count
          from tasks where created_at >= ${trendFrom} group by 1) s`,
  );
  const verificationQuery = verificationStatusCounts(db);
  const moneyQuery = rowsOf<Record<string, string>>(
    db,
    sql`select
          coalesce(sum(platform_fee) filter (where status = 'captured'), 0) as revenue,
          coalesce(sum(platform_fee) filter (where status = 'captured' and created_at >= ${weekAgo}), 0) as recent_revenue,
          coalesce(sum(amount - platform_fee) filter (where status = 'captured'), 0) as payouts,
          coalesce(sum(amount) filter (where status = 'authorized'), 0) as on_hold,
          coalesce(sum(amount) filter (where status = 'refunded'), 0) as refunded
        from transactions`,
  );
  const monthsQuery = capturedVolumeByBucket(db, sql`date_trunc('month', created_at at time zone 'UTC')`, monthsFrom);
  const performanceQuery = rowsOf<{ avg_minutes: string | null; hired: string; done: string }>(
    db,
    sql`select
          (select avg(extract(epoch from (first.first_at - t.created_at)) / 60)
             from tasks t
             cross join lateral (select min(a.created_at) as first_at from task_applications a where a.task_id = t.id) first
             where t.created_at >= ${responseFrom} and first.first_at is not null) as avg_minutes,
          hired.hired, hired.done
        from (select count(*) as hired, count(*) filter (where status in ('completed', 'verified')) as done
              from tasks where expert_id is not null) hired`,
  );

  // Independent reads: on PostgreSQL they run at once on the pool; PGlite queues them.
  const [usersRows, taskStatusRows, trendRows, verificationRows, moneyRows, monthsRows, performanceRows] =
    await Promise.all([
      usersQuery,
      taskStatusQuery,
      trendQuery,
      verificationQuery,
      moneyQuery,
      monthsQuery,
      performanceQuery,
    ]);
  const [users] = usersRows;
  const taskStatus = taskStatusRows;
  const trend = trendRows;
  const verification = verificationRows;
  const [money] = moneyRows;
  const months = monthsRows;
  const [performance] = performanceRows;

  const statusCounts: CountByKey[] = taskStatus.map((r) => ({ key: r.key, count: num(r.count) }));
  const totalTasks = statusCounts.reduce((sum, r) => sum + r.count, 0);
  const completed = statusCounts
    .filter((r) => r.key === 'completed' || r.key === 'verified')
    .reduce((s, r) => s + r.count, 0);
  const hired = num(performance?.hired);
  const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);

  return {
    users: { total: num(users?.total), newLast7Days: num(users?.recent) },
    tasks: {
      total: totalTasks,
      newLast7Days: taskStatus.reduce((sum, r) => sum + num(r.recent), 0),
      completed,
      completionRate: percent(completed, totalTasks),
    },
    revenue: { total: num(money?.revenue), last7Days: num(money?.recent_revenue) },
    taskStatus: statusCounts,
    taskTrend: fillBuckets(
      bucketKeys(trendFrom, now, 'day'),
      trend.map((r) => ({ bucket: r.bucket, count: num(r.count) })),
      { count: 0 },
    ).map((r) => ({ date: r.bucket, count: r.count })),
    verification: verification.map((r) => ({ key: r.key, count: num(r.count) })),
    performance: {
      avgResponseMinutes:
        performance?.avg_minutes == null ? null : Math.round(Number(performance.avg_minutes)),
      completionRate: hired === 0 ? null : percent(num(performance?.done), hired),
      hiredTasks: hired,
    },
    revenueBreakdown: [
      { key: 'platform_fees', amount: num(money?.revenue) },
      { key: 'expert_payouts', amount: num(money?.payouts) },
      { key: 'on_hold', amount: num(money?.on_hold) },
      { key: 'refunded', amount: num(money?.refunded) },
    ],
    revenueByMonth: fillBuckets(
      bucketKeys(monthsFrom, now, 'month'),
      months.map((r) => ({ bucket: r.bucket, volume: num(r.volume), revenue: num(r.revenue) })),
      { volume: 0, revenue: 0 },
    ).map((r) => ({ month: r.bucket, volume: r.volume, revenue: r.revenue })),
  };
}
