import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Download } from 'lucide-react';
import { REPORT_TIMEFRAMES } from '@shared/constants';
import { REPORT_TIMEFRAME_KEYS, type ReportTimeframe } from '@shared/domain/enums';
import { formatUsd } from '@shared/domain/money';
import { adminMessages as adminText } from '@shared/messages/admin';
import type { ReportsDto } from '@shared/schemas/admin-dto';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { Spinner } from '@web/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { downloadReportCsv, errorText, reportsQuery } from '../admin-api';
import { ChartCard, StatCard, humanize, monthLabel, shortDate } from '../common/charts';
import { BarShape, LineShape, PieShape } from '../common/lazy-chart-shapes';
import { WaitlistDemand } from '../waitlist/waitlist-demand';

type Kind = 'activity' | 'finance' | 'user';
const usd = (cents: number) => formatUsd(cents);

/** Reports & Analytics: timeframe, three sub-tabs, each with its charts, figures and Export CSV. */
export default function ReportsPanel() {
  const [timeframe, setTimeframe] = useState<ReportTimeframe>('30d');
  const reports = useQuery(reportsQuery(timeframe));

  return (
    <section aria-labelledby="reports-title" className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 id="reports-title" className="text-2xl font-semibold">
          Reports &amp; Analytics
        </h1>
        <Select value={timeframe} onValueChange={(value) => setTimeframe(value as ReportTimeframe)}>
          <SelectTrigger aria-label="Timeframe" className="w-44">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {REPORT_TIMEFRAME_KEYS.map((key) => (
              <SelectItem key={key} value={key}>
                {REPORT_TIMEFRAMES[key].label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      {reports.isPending ? <Spinner label="Loading..." showLabel className="py-16" /> : null}
      {reports.isError ? (
        <Alert variant="destructive">
          <AlertDescription>Unable to load the reports.</AlertDescription>
        </Alert>
      ) : null}
      {reports.data ? <ReportTabs report={reports.data} timeframe={timeframe} /> : null}
      <WaitlistDemand />
    </section>
  );
}

function ExportButton({ kind, timeframe }: { kind: Kind; timeframe: ReportTimeframe }) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await downloadReportCsv(kind, timeframe);
    } catch (error) {
      toast.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" onClick={run} disabled={busy} className="justify-self-end">
      <Download aria-hidden="true" />
      {adminText.exportCsv}
    </Button>
  );
}

function ReportTabs({ report, timeframe }: { report: ReportsDto; timeframe: ReportTimeframe }) {
  const label = (bucket: string) => (report.groupBy === 'month' ? monthLabel(bucket) : shortDate(bucket));
  const period = report.groupBy === 'week' ? 'Week of' : report.groupBy === 'month' ? 'Month' : 'Day';
  const { activity, financial, users } = report;

  return (
    <Tabs defaultValue="activity">
      <TabsList aria-label="Report">
        <TabsTrigger value="activity">Platform Activity</TabsTrigger>
        <TabsTrigger value="financial">Financial</TabsTrigger>
        <TabsTrigger value="users">Users &amp; Experts</TabsTrigger>
      </TabsList>

      <TabsContent value="activity" className="grid gap-4">
        <ExportButton kind="activity" timeframe={timeframe} />
        <ChartCard
          title="Tasks created and new users"
          table={{ columns: [period, 'Tasks created', 'New users'], rows: activity.series.map((r) => [label(r.bucket), r.tasks, r.users]) }}
        >
          <LineShape
            data={activity.series.map((r) => ({ period: label(r.bucket), tasks: r.tasks, users: r.users }))}
            xKey="period"
            series={[
              { key: 'tasks', label: 'Tasks created' },
              { key: 'users', label: 'New users' },
            ]}
          />
        </ChartCard>
        <div className="grid gap-4 lg:grid-cols-2">
          <ChartCard
            title="Task status distribution"
            empty={activity.taskStatus.length === 0}
            table={{ columns: ['Status', 'Tasks'], rows: activity.taskStatus.map((r) => [humanize(r.key), r.count]) }}
          >
            <PieShape data={activity.taskStatus.map((r) => ({ label: humanize(r.key), value: r.count }))} />
          </ChartCard>
          <ChartCard
            title="Completed, in progress and cancelled"
            table={{
              columns: [period, 'Completed', 'In progress', 'Cancelled'],
              rows: activity.progress.map((r) => [label(r.bucket), r.completed, r.inProgress, r.cancelled]),
            }}
          >
            <BarShape
              data={activity.progress.map((r) => ({ period: label(r.bucket), completed: r.completed, inProgress: r.inProgress, cancelled: r.cancelled }))}
              xKey="period"
              stacked
              series={[
                { key: 'completed', label: 'Completed' },
                { key: 'inProgress', label: 'In progress' },
                { key: 'cancelled', label: 'Cancelled' },
              ]}
            />
          </ChartCard>
        </div>
      </TabsContent>

      <TabsContent value="financial" className="grid gap-4">
        <ExportButton kind="finance" timeframe={timeframe} />
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <StatCard label="Transaction Count" value={financial.stats.count.toLocaleString('en-US')} />
          <StatCard label="Total Volume" value={usd(financial.stats.volume)} />
          <StatCard label="Platform Revenue" value={usd(financial.stats.revenue)} />
          <StatCard label="Avg. Transaction" value={usd(financial.stats.average)} />
        </div>
        <div className="grid gap-4 lg:grid-cols-2">
          <ChartCard
            title="Transaction volume and platform revenue"
            table={{ columns: [period, 'Volume', 'Platform revenue'], rows: financial.series.map((r) => [label(r.bucket), usd(r.volume), usd(r.revenue)]) }}
          >
            <LineShape
              data={financial.series.map((r) => ({ period: label(r.bucket), volume: r.volume, revenue: r.revenue }))}
              xKey="period"
              format={(v) => formatUsd(v, { decimals: 0 })}
              series={[
                { key: 'volume', label: 'Volume' },
                { key: 'revenue', label: 'Platform revenue' },
              ]}
            />
          </ChartCard>
          <ChartCard
            title="Payment Status"
            empty={financial.paymentStatus.every((r) => r.count === 0)}
            table={{ columns: ['Status', 'Transactions'], rows: financial.paymentStatus.map((r) => [humanize(r.key), r.count]) }}
          >
            <PieShape data={financial.paymentStatus.map((r) => ({ label: humanize(r.key), value: r.count }))} />
          </ChartCard>
        </div>
      </TabsContent>

      <TabsContent value="users" className="grid gap-4">
        <ExportButton kind="user" timeframe={timeframe} />
        <div className="grid gap-4 sm:grid-cols-3">
          <StatCard label="Total Users" value={users.stats.totalUsers.toLocaleString('en-US')} />
          <StatCard label="Total Experts" value={users.stats.totalExperts.toLocaleString('en-US')} />
          <StatCard label="Verified Experts" value={users.stats.verifiedExperts.toLocaleString('en-US')} />
        </div>
        <div className="grid gap-4 lg:grid-cols-2">
          <ChartCard title="New users" table={{ columns: [period, 'New users'], rows: users.series.map((r) => [label(r.bucket), r.users]) }}>
            <BarShape data={users.series.map((r) => ({ period: label(r.bucket), users: r.users }))} xKey="period" series={[{ key: 'users', label: 'New users' }]} />
          </ChartCard>
          <ChartCard
            title="Expert verification status"
            empty={users.verification.length === 0}
            table={{ columns: ['Status', 'Experts'], rows: users.verification.map((r) => [humanize(r.key), r.count]) }}
          >
            <PieShape data={users.verification.map((r) => ({ label: humanize(r.key), value: r.count }))} />
          </ChartCard>
        </div>
      </TabsContent>
    </Tabs>
  );
}
