import { useState } from 'react';
import { UpcomingVisits } from '@web/components/visits/upcoming-visits';
import { CalendarFeed } from '@web/components/visits/calendar-feed';
import { Link } from 'react-router';
import { AlertTriangle } from 'lucide-react';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import type { TaskListItemDto } from '@shared/schemas/task-api';
import { TaskListCard, TaskListView, useTaskList } from '@web/components/task';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Card, CardContent } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { useMyExpertProfile } from '@web/lib/expert-profile';
import { PayableBanner } from './payable-banner';
import { TaskAlertsOffNote } from './task-alerts-off-note';
import { ApplicationPauseNote } from './application-pause-note';
import { useExpertCentre, type ExpertCentre } from './use-expert-centre';

const dashboardsText = messages.taskPages.dashboards;
type Tab = 'available' | 'applied' | 'assigned';

function Empty({ text }: { text: string }) {
  return (
    <Card>
      <CardContent className="py-6 text-center text-sm text-muted-foreground">{text}</CardContent>
    </Card>
  );
}

function applicationFooter(task: TaskListItemDto) {
  if (!task.my_application_status) return null;
  return (
    <p className="text-sm text-muted-foreground">
      {format(dashboardsText.myApplicationStatus, {
        status: messages.taskPages.applicationStatus[task.my_application_status],
      })}
    </p>
  );
}

function CentreNote({ centre }: { centre: ExpertCentre }) {
  if (centre.state === 'locating') return <Spinner size="sm" label={dashboardsText.locating} showLabel />;
  if (centre.state === 'unavailable') {
    return (
      <Alert variant="warning">
        <AlertTriangle aria-hidden="true" />
        <AlertDescription>
          <p>{messages.tasks.locationAccessFailed}</p>
        </AlertDescription>
      </Alert>
    );
  }
  return (
    <p className="text-sm text-muted-foreground">
      {centre.state === 'profile' && centre.label
        ? format(dashboardsText.nearLocation, { location: centre.label })
        : dashboardsText.nearCurrentLocation}
    </p>
  );
}

/** The expert's dashboard: open tasks near them (newest first, with distance), their applications and assignments. */

const TAB_CLASSES =
  'min-h-9 whitespace-normal px-2 text-center text-xs leading-tight sm:whitespace-nowrap sm:px-3 sm:text-sm';

export default function ExpertDashboardPage() {
  const [tab, setTab] = useState<Tab>('available');
  const expertQuery = useMyExpertProfile();
  const expert = expertQuery.data ?? null;
  const centre = useExpertCentre(expert, !expertQuery.isPending);
  const hasPoint = centre.state === 'profile' || centre.state === 'device';
  const available = useTaskList({
    scope: 'available',
    latitude: hasPoint ? centre.latitude : undefined,
    longitude: hasPoint ? centre.longitude : undefined,
    enabled: centre.state !== 'locating',
  });
  const applied = useTaskList({ scope: 'applied', enabled: tab === 'applied' });
  const assigned = useTaskList({ scope: 'assigned', enabled: tab === 'assigned' });

  return (
    <section className="space-y-4" aria-labelledby="available-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 id="available-title" className="text-2xl font-semibold">
          {dashboardsText.availableTasks}
        </h1>
        <Link to="/find-tasks" className="text-sm text-primary underline-offset-4 hover:underline">
          {messages.discovery.searchLink}
        </Link>
        {expert ? (
          <Link to={`/expert/${expert.id}`} className="text-sm text-primary underline-offset-4 hover:underline">
            View your public profile
          </Link>
        ) : null}
      </div>
      {expertQuery.isPending ? null : <PayableBanner expert={expert} />}
      {expert ? <ApplicationPauseNote /> : null}
      {expert ? <TaskAlertsOffNote /> : null}
      <UpcomingVisits showContact footer={<CalendarFeed />} />
      <Tabs value={tab} onValueChange={(next) => setTab(next as Tab)}>
        {/* Three equal columns whose labels may wrap: the strip fits a 390 px phone without clipping. */}
        <TabsList
          aria-label={dashboardsText.availableTasks}
          className="grid h-auto w-full grid-cols-3 sm:inline-flex sm:w-fit"
        >
          <TabsTrigger value="available" className={TAB_CLASSES}>
            {dashboardsText.availableTasks}
          </TabsTrigger>
          <TabsTrigger value="applied" className={TAB_CLASSES}>
            {dashboardsText.myApplications}
          </TabsTrigger>
          <TabsTrigger value="assigned" className={TAB_CLASSES}>
            {dashboardsText.assignedToMe}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="available" className="space-y-3">
          <CentreNote centre={centre} />
          {centre.state === 'locating' ? null : (
            <TaskListView
              list={available}
              label={dashboardsText.availableTasks}
              empty={<Empty text={dashboardsText.noAvailable} />}
              renderItem={(task) => <TaskListCard task={task} footer={applicationFooter(task)} />}
            />
          )}
        </TabsContent>
        <TabsContent value="applied">
          <TaskListView
            list={applied}
            label={dashboardsText.myApplications}
            empty={<Empty text={dashboardsText.noApplications} />}
            renderItem={(task) => <TaskListCard task={task} footer={applicationFooter(task)} />}
          />
        </TabsContent>
        <TabsContent value="assigned">
          <TaskListView
            list={assigned}
            label={dashboardsText.assignedToMe}
            empty={<Empty text={dashboardsText.noAssigned} />}
            renderItem={(task) => <TaskListCard task={task} />}
          />
        </TabsContent>
      </Tabs>
    </section>
  );
}
