import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Badge } from '@web/components/ui/badge';
import { TableCell, TableHead, TableRow } from '@web/components/ui/table';
import { clientFlagsQuery } from '../admin-api';
import { ListCard } from '../common/list-card';
import { PagedTable } from '../common/paged-table';

/** Client reports (client_flags) made by experts: reason, severity, task, expert and client (docs/decisions/0093). */
export function ClientReports() {
  const [page, setPage] = useState(1);
  const { data } = useQuery(clientFlagsQuery(page));
  return (
    <ListCard title="Client reports" description="Reports experts made about clients.">
      <PagedTable
        nested
        list={data}
        page={page}
        onPage={setPage}
        emptyText="No client reports."
        head={
          <>
            <TableHead>Date</TableHead>
            <TableHead>Severity</TableHead>
            <TableHead>Reason</TableHead>
            <TableHead>Task</TableHead>
            <TableHead>Expert</TableHead>
            <TableHead>Client</TableHead>
          </>
        }
        row={(flag) => (
          <TableRow key={flag.id}>
            <TableCell className="whitespace-nowrap">{new Date(flag.created_at).toLocaleDateString('en-US')}</TableCell>
            <TableCell>
              <Badge variant={flag.severity === 'warning' ? 'warning' : 'destructive'}>{flag.severity}</Badge>
            </TableCell>
            <TableCell className="max-w-72 whitespace-pre-wrap">{flag.reason}</TableCell>
            <TableCell>
              <Link to={`/task/${flag.task_id}`} className="underline underline-offset-4">
                {flag.task_title ?? 'Unknown Task'}
              </Link>
            </TableCell>
            <TableCell>{flag.expert_name ?? 'Unknown User'}</TableCell>
            <TableCell>{flag.client_name ?? 'Unknown User'}</TableCell>
          </TableRow>
        )}
      />
    </ListCard>
  );
}
