import { sql } from 'drizzle-orm';
import { ADMIN } from '@shared/constants';
import type { OverviewDto } from '@shared/schemas/admin-dto';
import type { Db } from '../../db/client';
import { num, rowsOf } from '../../db/sql-rows';
import { bucketKey, bucketKeys, bucketStart, daysBefore, fillBuckets } from './time-buckets';

const REVENUE_MONTHS = 6;
/** The average response time covers tasks created in the last 30 days: recent, and a bounded read. */
const RESPONSE_WINDOW_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

interface OverviewRow {
  totals: Record<string, string | number> | null;
  task_status: Array<[string, string | number]> | null;
  users_recent: string;
  tasks_recent: string;
  revenue_recent: string;
  trend: Array<[string, string | number]> | null;
  months: Array<[string, string | number | null, string | number | null]> | null;
  avg_minutes: string | null;
}

/**
 * Every figure of the overview tab (docs/decisions/0090-admin-figures.md says what each one means),
 * from the counters that migration 0032's triggers keep in the writing transaction
 * (docs/decisions/0360-admin-overview-counters.md), in one statement. Each counter is summed from its
 * rows (one folded row plus the deltas written since the last compaction), so its cost does not grow
 * with the tables: totals are a few rows each, windows (the week, the trend, the months, the 30 days of response
 * times) are whole UTC days of `admin_daily_counts` plus the rows of the window's first, partial day
 * (an index range of one day). countOverviewFromTables is the same
 * figures counted from the tables; the tests hold the two equal.
 */
export async function loadOverview(db: Db, now: Date): Promise<OverviewDto> {
  const weekAgo = daysBefore(now, ADMIN.overviewWindowDays);
  // The rolling week is [weekAgo, ∞): its first day from the tables, the whole days after from the counters.
  const weekAgoDayEnd = new Date(bucketStart(weekAgo, 'day').getTime() + DAY_MS);
  const weekDays = bucketKey(weekAgoDayEnd);
  const trendFrom = bucketStart(daysBefore(now, ADMIN.overviewTrendDays - 1), 'day');
  const responseFrom = daysBefore(now, RESPONSE_WINDOW_DAYS);
  const responseDayEnd = new Date(bucketStart(responseFrom, 'day').getTime() + DAY_MS);
  const responseDays = bucketKey(responseDayEnd);
  const monthsFrom = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (REVENUE_MONTHS - 1), 1));

  const daily = (key: string, from: string) =>
    sql`(select coalesce(sum(n), 0) from admin_daily_counts where key = ${key} and day >= ${from}::date)`;
  const [row] = await rowsOf<OverviewRow>(
    db,
    sql`select
      (select json_object_agg(key, n) from (select key, sum(n) as n from admin_counts group by key) c
         where n <> 0) as totals,
      (select json_agg(json_build_array(substr(key, 8), n) order by substr(key, 8)::task_status)
         from (select key, sum(n) as n from admin_counts where key like 'status:%' group by key) c
         where n <> 0) as task_status,
      ${daily('profiles', weekDays)}
        + (select count(*) from profiles where created_at >= ${weekAgo} and created_at < ${weekAgoDayEnd}) as users_recent,
      ${daily('tasks', weekDays)}
        + (select count(*) from tasks where created_at >= ${weekAgo} and created_at < ${weekAgoDayEnd}) as tasks_recent,
      ${daily('fee:captured', weekDays)}
        + (select coalesce(sum(platform_fee), 0) from transactions
           where status = 'captured' and created_at >= ${weekAgo} and created_at < ${weekAgoDayEnd}) as revenue_recent,
      (select json_agg(json_build_array(to_char(day, 'YYYY-MM-DD'), n)) from (select day, sum(n) as n
         from admin_daily_counts where key = 'tasks' and day >= ${bucketKey(trendFrom)}::date group by day) c
         where n <> 0) as trend,
      (select json_agg(json_build_array(m, volume, revenue)) from (
         select to_char(date_trunc('month', day), 'YYYY-MM-DD') as m,
           sum(n) filter (where key = 'amount:captured') as volume, sum(n) filter (where key = 'fee:captured') as revenue
         from admin_daily_counts where key in ('amount:captured', 'fee:captured') and day >= ${bucketKey(monthsFrom)}::date
         group by 1) s) as months,
      (select case when r.n = 0 then null else r.us::numeric / r.n / 60000000 end from (select
         ${daily('response_us', responseDays)}
           + (select coalesce(sum(admin_response_us(created_at, first_at)), 0) from admin_task_responses
              where created_at >= ${responseFrom} and created_at < ${responseDayEnd}) as us,
         ${daily('responded', responseDays)}
           + (select count(*) from admin_task_responses
              where created_at >= ${responseFrom} and created_at < ${responseDayEnd}) as n) r) as avg_minutes`,
  );
  const totals = row?.totals ?? {};
  const total = (key: string) => num(totals[key]);

  const statusCounts = (row?.task_status ?? []).map(([key, count]) => ({ key, count: num(count) }));
  const totalTasks = statusCounts.reduce((sum, r) => sum + r.count, 0);
  const completed = total('status:completed') + total('status:verified');
  const hired = total('hired');
  const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);
  const verification = ['pending', 'rejected', 'verified']
    .map((key) => ({ key, count: total(`verification:${key}`) }))
    .filter((r) => r.count !== 0);

  return {
    users: { total: total('profiles'), newLast7Days: num(row?.users_recent) },
    tasks: {
      total: totalTasks,
      newLast7Days: num(row?.tasks_recent),
      completed,
      completionRate: percent(completed, totalTasks),
    },
    revenue: { total: total('fee:captured'), last7Days: num(row?.revenue_recent) },
    taskStatus: statusCounts,
    taskTrend: fillBuckets(
      bucketKeys(trendFrom, now, 'day'),
      (row?.trend ?? []).map(([bucket, count]) => ({ bucket, count: num(count) })),
      { count: 0 },
    ).map((r) => ({ date: r.bucket, count: r.count })),
    verification,
    performance: {
      avgResponseMinutes: row?.avg_minutes == null ? null : Math.round(Number(row.avg_minutes)),
      completionRate: hired === 0 ? null : percent(total('hired_done'), hired),
      hiredTasks: hired,
    },
    revenueBreakdown: [
      { key: 'platform_fees', amount: total('fee:captured') },
      { key: 'expert_payouts', amount: total('amount:captured') - total('fee:captured') },
      { key: 'on_hold', amount: total('amount:authorized') },
      { key: 'refunded', amount: total('amount:refunded') },
    ],
    revenueByMonth: fillBuckets(
      bucketKeys(monthsFrom, now, 'month'),
      (row?.months ?? []).map(([bucket, volume, revenue]) => ({
        bucket,
        volume: num(volume),
        revenue: num(revenue),
      })),
      { volume: 0, revenue: 0 },
    ).map((r) => ({ month: r.bucket, volume: r.volume, revenue: r.revenue })),
  };
}
