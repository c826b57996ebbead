import { Link } from 'react-router';
import { UpcomingVisits } from '@web/components/visits/upcoming-visits';
import { ClipboardList, Plus } from 'lucide-react';
import { messages } from '@shared/messages';
import { TaskListCard, TaskListView, useTaskList } from '@web/components/task';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';

const dashboardsText = messages.taskPages.dashboards;

/** The client's dashboard, "My Tasks": their tasks newest first with status, budget and application counts. */
export default function ClientDashboardPage() {
  const list = useTaskList({ scope: 'mine' });
  return (
    <section className="space-y-4" aria-labelledby="my-tasks-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="my-tasks-title" className="text-2xl font-semibold">
          {dashboardsText.myTasks}
        </h1>
        <Button asChild>
          <Link to="/dashboard/create-task">
            <Plus aria-hidden="true" />
            {dashboardsText.createTask}
          </Link>
        </Button>
      </div>
      <TaskListView
        list={list}
        label={dashboardsText.myTasks}
        renderItem={(task) => (
          <TaskListCard
            task={task}
            showApplications
            footer={
              task.expert_id ? (
                <Link to={`/expert/${task.expert_id}`} className="text-sm text-primary underline underline-offset-4">
                  {dashboardsText.viewAssignedExpert}
                </Link>
              ) : null
            }
          />
        )}
        empty={
          <Card>
            <CardContent className="flex flex-col items-center gap-3 py-6 text-center">
              <ClipboardList aria-hidden="true" className="size-10 text-muted-foreground" />
              <h2 className="text-lg font-medium">{dashboardsText.noTasksTitle}</h2>
              <p className="max-w-md text-sm text-muted-foreground">{dashboardsText.noTasksText}</p>
              <Button asChild>
                <Link to="/dashboard/create-task">{dashboardsText.createTask}</Link>
              </Button>
            </CardContent>
          </Card>
        }
      />
      {/* Below the list: the page shell draws the first task cards where they land, and visits that
          load later must not push them down (the task-loop journey measures it). */}
      <UpcomingVisits />
    </section>
  );
}
