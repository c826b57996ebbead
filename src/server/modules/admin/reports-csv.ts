import { stringify } from 'csv-stringify/sync';
import type { ReportsDto } from '@shared/schemas/admin-dto';

import { REPORT_KINDS, type ReportKind } from '@shared/schemas/admin.schemas';

export { REPORT_KINDS, type ReportKind };

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** The rows of one report's CSV: a header, then one row per bucket, then the pie's current figures. */
function tableOf(kind: ReportKind, report: ReportsDto): (string | number)[][] {
  if (kind === 'activity') {
    return [
      ['Period', 'Tasks Created', 'New Users', 'Completed', 'In Progress', 'Cancelled'],
      ...report.activity.series.map((row, i) => {
        const progress = report.activity.progress[i];
        return [row.bucket, row.tasks, row.users, progress.completed, progress.inProgress, progress.cancelled];
      }),
      [],
      ['Task Status', 'Count'],
      ...report.activity.taskStatus.map((row) => [row.key, row.count]),
    ];
  }
  if (kind === 'finance') {
    const { stats } = report.financial;
    return [
      ['Period', 'Transaction Volume (USD)', 'Platform Revenue (USD)'],
      ...report.financial.series.map((row) => [row.bucket, dollars(row.volume), dollars(row.revenue)]),
      [],
      ['Transaction Count', 'Total Volume (USD)', 'Platform Revenue (USD)', 'Avg. Transaction (USD)'],
      [stats.count, dollars(stats.volume), dollars(stats.revenue), dollars(stats.average)],
      [],
      ['Payment Status', 'Count'],
      ...report.financial.paymentStatus.map((row) => [row.key, row.count]),
    ];
  }
  return [
    ['Period', 'New Users'],
    ...report.users.series.map((row) => [row.bucket, row.users]),
    [],
    ['Total Users', 'Total Experts', 'Verified Experts'],
    [report.users.stats.totalUsers, report.users.stats.totalExperts, report.users.stats.verifiedExperts],
    [],
    ['Verification Status', 'Count'],
    ...report.users.verification.map((row) => [row.key, row.count]),
  ];
}

/**
 * Any table as CSV with csv-stringify: every value quoted, and cells starting with =, +, -, @, tab
 * or carriage return prefixed with ' so that a spreadsheet never runs them as formulas.
 */
export function toCsv(rows: readonly (readonly unknown[])[]): string {
  return stringify(rows as unknown[][], { quoted: true, quoted_empty: true, escape_formulas: true, record_delimiter: 'windows' });
}

export function reportCsv(kind: ReportKind, report: ReportsDto): string {
  return toCsv(tableOf(kind, report));
}

/** activity-report-2026-01-31.csv, finance-report-…, user-report-… (the date in UTC). */
export function reportFileName(kind: ReportKind, now: Date): string {
  return `${kind}-report-${now.toISOString().slice(0, 10)}.csv`;
}
