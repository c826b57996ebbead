import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { format as formatDate } from 'date-fns';
import { formatUsd } from '@shared/domain/money';
import { TASK_STATUSES } from '@shared/domain/task-state';
import { paymentStatusLabel, statusLabel } from '@shared/domain/task-status-labels';
import { format } from '@shared/format-message';
import { adminMessages as adminText } from '@shared/messages/admin';
import { TaskStatusBadge } from '@web/components/task/status-badge';
import { Card, CardContent, CardHeader } from '@web/components/ui/card';
import { TableCell, TableHead, TableRow } from '@web/components/ui/table';
import { errorText, tasksQuery, type TasksQuery } from '../admin-api';
import { PagedTable } from '../common/paged-table';
import { ListFilters } from '../common/list-filters';
import { TaskLink, UserLink, useLinkedSearch } from '../common/entity-links';

const STATUS_FILTERS: readonly { value: TasksQuery['status']; label: string }[] = [
  { value: 'all', label: adminText.allTaskStatuses },
  ...TASK_STATUSES.map((status) => ({ value: status, label: statusLabel(status) })),
];

/** The tasks tab (issue 52): every task, searchable and filterable, each a link to its page. */
export default function TasksPanel() {
  const linked = useLinkedSearch();
  return <TasksList key={linked} linkedSearch={linked} />;
}

function TasksList({ linkedSearch }: { linkedSearch: string }) {
  const [query, setQuery] = useState<TasksQuery>({ page: 1, status: 'all', search: linkedSearch });
  const list = useQuery(tasksQuery(query));
  const loadError = list.isError ? format(adminText.loadTasksFailed, { msg: errorText(list.error) }) : null;

  return (
    <section aria-labelledby="tasks-title" className="space-y-6">
      <h1 id="tasks-title" className="text-2xl font-semibold">
        {adminText.tasksHeading}
      </h1>
      <Card>
        <CardHeader>
          <ListFilters
            searchId="admin-task-search"
            searchLabel={adminText.taskSearchLabel}
            initialSearch={linkedSearch}
            onSearch={(search) => setQuery((q) => ({ ...q, page: 1, search }))}
            filterLabel={adminText.taskStatusFilter}
            filter={query.status}
            onFilter={(status) => setQuery((q) => ({ ...q, page: 1, status }))}
            options={STATUS_FILTERS}
            filterWidth="sm:w-52"
          />
        </CardHeader>
        <CardContent>
          <PagedTable
            list={list.data}
            page={query.page}
            onPage={(page) => setQuery((q) => ({ ...q, page }))}
            error={loadError}
            emptyText={adminText.noTasks}
            head={
              <>
                <TableHead>Task</TableHead>
                <TableHead>Client</TableHead>
                <TableHead>Expert</TableHead>
                <TableHead className="text-right">Budget</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Payment</TableHead>
                <TableHead>Created</TableHead>
              </>
            }
            row={(task) => (
              <TableRow key={task.id}>
                <TableCell className="min-w-48 whitespace-normal">
                  <TaskLink id={task.id}>{task.title}</TaskLink>
                </TableCell>
                <TableCell>
                  <UserLink id={task.client_id} name={task.client_name ?? task.client_email} />
                </TableCell>
                <TableCell>
                  {task.expert_id ? (
                    <UserLink id={task.expert_id} name={task.expert_name ?? task.expert_email} />
                  ) : (
                    <span className="text-muted-foreground">{adminText.noExpert}</span>
                  )}
                </TableCell>
                <TableCell className="text-right tabular-nums">{formatUsd(task.budget)}</TableCell>
                <TableCell>
                  <TaskStatusBadge status={task.status} />
                </TableCell>
                {/* Before anyone is hired there is no hold to wait for: "Awaiting Payment Authorization" would mislead. */}
                <TableCell className="min-w-32 whitespace-normal">
                  {task.expert_id ? paymentStatusLabel(task.payment_status) : <span className="text-muted-foreground">-</span>}
                </TableCell>
                <TableCell className="whitespace-nowrap">{formatDate(new Date(task.created_at), 'MMM d, yyyy')}</TableCell>
              </TableRow>
            )}
          />
        </CardContent>
      </Card>
    </section>
  );
}
