import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CalendarDays, MapPin, Star, Users } from 'lucide-react';
import { format as formatDate } from 'date-fns';
import { formatDistanceMiles } from '@shared/domain/geo';
import { format } from '@shared/format-message';
import { countText } from '@shared/plural';
import { messages } from '@shared/messages';
import type { TaskListItemDto } from '@shared/schemas/task-api';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { BudgetFigure } from './budget-figure';
import { TaskStatusBadge } from './status-badge';
import { OverdueBadge } from './overdue-badge';
import type { useTaskList } from './use-task-list';
import { formatCount } from '@shared/domain/plain-format';

const dashboardsText = messages.taskPages.dashboards;

const applicationsText = (count: number) =>
  countText(count, { one: dashboardsText.applicationCountOne, other: dashboardsText.applicationCount });

const createdText = (value: string) => {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : format(dashboardsText.created, { date: formatDate(date, 'MMM d, yyyy') });
};

export interface TaskListCardProps {
  task: TaskListItemDto;
  /** Show how many experts applied (the client's list). */
  showApplications?: boolean;
  /** Extra line, e.g. the expert's own application status. */
  footer?: ReactNode;
}

/** One task in a dashboard list: title (a link to the task), status, budget, location, distance, date, applications. */
export function TaskListCard({ task, showApplications = false, footer }: TaskListCardProps) {
  return (
    <Card className="gap-3 py-4" data-testid="task-list-item">
      <CardContent className="space-y-2 px-4">
        {/* No wrapping: the price keeps the top-right corner of every card however long the title. */}
        <div className="flex items-start justify-between gap-3">
          {/* h2: the lists sit right under the page's h1 (no skipped heading level, issue 25). */}
          <h2 className="min-w-0 flex-1 break-words font-medium">
            <Link to={`/task/${task.id}`} className="hover:underline">
              {task.title}
            </Link>
          </h2>
          <BudgetFigure cents={task.budget} className="shrink-0" />
        </div>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <TaskStatusBadge status={task.status} />
          <OverdueBadge task={task} />
          {/* The place and its distance are one run of text that wraps as a line would, the distance
              never split from its "mi away" and never a column of its own beside the place. */}
          <span className="inline-flex min-w-0 items-start gap-1" data-testid="task-location">
            <MapPin aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
            <span className="min-w-0 break-words">
              {task.location}
              {task.distance_miles !== null && task.distance_miles !== undefined ? (
                <>
                  {' · '}
                  <span className="whitespace-nowrap">
                    {format(dashboardsText.milesAway, { miles: formatDistanceMiles(task.distance_miles) })}
                  </span>
                </>
              ) : null}
            </span>
          </span>
          <span className="inline-flex items-center gap-1">
            <CalendarDays aria-hidden="true" className="size-3.5" />
            {createdText(task.created_at)}
          </span>
          {task.client_rating ? (
            // The expert's applications list: how other experts rated this client (revealed reviews only).
            <span className="inline-flex items-center gap-1" data-testid="client-rating">
              <Star aria-hidden="true" className="size-3.5" />
              {messages.discovery.clientRating}:{' '}
              {task.client_rating.review_count > 0 && task.client_rating.avg_rating !== null
                ? countText(
                    task.client_rating.review_count,
                    { one: messages.discovery.clientRatingValueOne, other: messages.discovery.clientRatingValue },
                    { rating: task.client_rating.avg_rating.toFixed(1) },
                  )
                : messages.discovery.clientRatingNone}
            </span>
          ) : null}
          {showApplications ? (
            <span className="inline-flex items-center gap-1" data-testid="application-count">
              <Users aria-hidden="true" className="size-3.5" />
              {applicationsText(task.application_count)}
            </span>
          ) : null}
        </div>
        {footer}
      </CardContent>
    </Card>
  );
}

/** "60", or "1,000+" when the server stopped counting at its cap. */
const totalText = (total: number, capped: boolean) =>
  capped ? format(messages.listTotals.cappedTotal, { total: formatCount(total) }) : String(total);

export interface TaskListViewProps {
  list: ReturnType<typeof useTaskList>;
  empty: ReactNode;
  label: string;
  renderItem: (task: TaskListItemDto) => ReactNode;
}

/** Loading, error, empty, the list and "Load more" past the first 50. */
export function TaskListView({ list, empty, label, renderItem }: TaskListViewProps) {
  if (list.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label={messages.shell.loading} />
      </div>
    );
  }
  if (list.isError) {
    return (
      <div role="alert" className="space-y-3 py-6 text-center">
        <p className="text-destructive">{messages.tasks.fetchFailed}</p>
        <Button variant="outline" onClick={() => void list.refetch()}>
          {dashboardsText.retry}
        </Button>
      </div>
    );
  }
  if (list.tasks.length === 0) return <>{empty}</>;
  return (
    <div className="space-y-3">
      <ul className="space-y-3" aria-label={label}>
        {list.tasks.map((task) => (
          <li key={task.id}>{renderItem(task)}</li>
        ))}
      </ul>
      <div className="flex flex-col items-center gap-2 pt-2">
        <p className="text-xs text-muted-foreground">
          {format(dashboardsText.showing, { shown: list.tasks.length, total: totalText(list.total, list.totalIsCapped) })}
        </p>
        {list.hasNextPage ? (
          <Button
            variant="outline"
            onClick={() => void list.fetchNextPage()}
            disabled={list.isFetchingNextPage}
          >
            {list.isFetchingNextPage ? dashboardsText.loadingMore : dashboardsText.loadMore}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
