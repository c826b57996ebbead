import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, DollarSign, Users } from 'lucide-react';
import { formatUsd } from '@shared/domain/money';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { overviewQuery } from '../admin-api';
import { ChartCard, StatCard, humanize, monthLabel, shortDate } from '../common/charts';
import { BarShape, LineShape, PieShape } from '../common/lazy-chart-shapes';
import { WaitlistDemand } from '../waitlist/waitlist-demand';
import { formatCount } from '@shared/domain/plain-format';

const usd0 = (cents: number) => formatUsd(cents, { decimals: 0 });
const BREAKDOWN_LABELS = {
  platform_fees: 'Platform fees',
  expert_payouts: 'Expert payouts',
  on_hold: 'On hold (authorized)',
  refunded: 'Refunded',
} as const;

/** The overview tab: three live quick metrics and the Tasks / Experts / Revenue sub-tabs (docs/decisions/0090). */
export default function OverviewPanel() {
  const { data, isPending, isError } = useQuery(overviewQuery);
  if (isPending) return <Spinner label="Loading..." showLabel className="py-16" />;
  if (isError || !data)
    return (
      <Alert variant="destructive">
        <AlertDescription>Unable to load the overview.</AlertDescription>
      </Alert>
    );

  const perf = data.performance;
  return (
    <section aria-labelledby="overview-title" className="space-y-6">
      <h1 id="overview-title" className="text-2xl font-semibold">
        Overview
      </h1>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <StatCard
          label="Total Users"
          value={formatCount(data.users.total)}
          hint={`+${data.users.newLast7Days} in the last 7 days`}
          icon={<Users aria-hidden="true" className="size-5 text-muted-foreground" />}
        />
        <StatCard
          label="Task Completion"
          value={`${formatCount(data.tasks.completed)} / ${formatCount(data.tasks.total)}`}
          hint={`${data.tasks.completionRate}% completion rate`}
          icon={<CheckCircle2 aria-hidden="true" className="size-5 text-muted-foreground" />}
        />
        <StatCard
          label="Platform Revenue"
          value={usd0(data.revenue.total)}
          hint={`${usd0(data.revenue.last7Days)} in the last 7 days`}
          icon={<DollarSign aria-hidden="true" className="size-5 text-muted-foreground" />}
        />
      </div>

      <Tabs defaultValue="tasks">
        <TabsList aria-label="Overview charts">
          <TabsTrigger value="tasks">Tasks</TabsTrigger>
          <TabsTrigger value="experts">Experts</TabsTrigger>
          <TabsTrigger value="revenue">Revenue</TabsTrigger>
        </TabsList>
        <TabsContent value="tasks" className="grid gap-4 lg:grid-cols-2">
          <ChartCard
            title="Task status"
            empty={data.tasks.total === 0}
            table={{
              columns: ['Status', 'Tasks'],
              rows: data.taskStatus.map((r) => [humanize(r.key), r.count]),
            }}
          >
            <PieShape data={data.taskStatus.map((r) => ({ label: humanize(r.key), value: r.count }))} />
          </ChartCard>
          <ChartCard
            title="Tasks created, last 14 days"
            table={{ columns: ['Day', 'Tasks'], rows: data.taskTrend.map((r) => [r.date, r.count]) }}
          >
            <LineShape
              data={data.taskTrend.map((r) => ({ day: shortDate(r.date), tasks: r.count }))}
              xKey="day"
              series={[{ key: 'tasks', label: 'Tasks created' }]}
            />
          </ChartCard>
        </TabsContent>
        <TabsContent value="experts" className="grid gap-4 lg:grid-cols-2">
          <ChartCard
            title="Expert verification status"
            empty={data.verification.length === 0}
            table={{
              columns: ['Status', 'Experts'],
              rows: data.verification.map((r) => [humanize(r.key), r.count]),
            }}
          >
            <BarShape
              data={data.verification.map((r) => ({ status: humanize(r.key), experts: r.count }))}
              xKey="status"
              series={[{ key: 'experts', label: 'Experts' }]}
            />
          </ChartCard>
          <Card>
            <CardHeader>
              <CardTitle asChild>
                <h2 className="text-base">Expert performance</h2>
              </CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-3 text-sm">
                <dt className="text-muted-foreground">
                  Average response time (publication to first application)
                </dt>
                <dd className="text-right font-medium tabular-nums">
                  {perf.avgResponseMinutes === null
                    ? 'No applications yet'
                    : formatMinutes(perf.avgResponseMinutes)}
                </dd>
                <dt className="text-muted-foreground">Completion rate of hired tasks</dt>
                <dd className="text-right font-medium tabular-nums">
                  {perf.completionRate === null ? 'No hired tasks yet' : `${perf.completionRate}%`}
                </dd>
                <dt className="text-muted-foreground">Tasks with a hired expert</dt>
                <dd className="text-right font-medium tabular-nums">{formatCount(perf.hiredTasks)}</dd>
              </dl>
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="revenue" className="grid gap-4 lg:grid-cols-2">
          <ChartCard
            title="Money breakdown"
            description="Captured payments split into platform fees and expert payouts, with held and refunded amounts."
            empty={data.revenueBreakdown.every((r) => r.amount === 0)}
            table={{
              columns: ['Part', 'Amount'],
              rows: data.revenueBreakdown.map((r) => [BREAKDOWN_LABELS[r.key], usd0(r.amount)]),
            }}
          >
            <PieShape
              data={data.revenueBreakdown.map((r) => ({ label: BREAKDOWN_LABELS[r.key], value: r.amount }))}
              format={usd0}
            />
          </ChartCard>
          <ChartCard
            title="Captured volume and platform revenue, last 6 months"
            table={{
              columns: ['Month', 'Volume', 'Platform revenue'],
              rows: data.revenueByMonth.map((r) => [monthLabel(r.month), usd0(r.volume), usd0(r.revenue)]),
            }}
          >
            <BarShape
              data={data.revenueByMonth.map((r) => ({
                month: monthLabel(r.month),
                volume: r.volume,
                revenue: r.revenue,
              }))}
              xKey="month"
              series={[
                { key: 'volume', label: 'Volume' },
                { key: 'revenue', label: 'Platform revenue' },
              ]}
              format={usd0}
            />
          </ChartCard>
        </TabsContent>
      </Tabs>
      <WaitlistDemand limit={5} />
    </section>
  );
}

function formatMinutes(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${minutes % 60} min`;
  return `${Math.round(hours / 24)} days`;
}
