import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Badge } from '@web/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { clientFlagsQuery } from '../admin-api';
import { Pager } from '../common/pager';

/** Client reports (client_flags) made by experts: reason, severity, task, expert and client (docs/decisions/0093). */
export function ClientReports() {
  const [page, setPage] = useState(1);
  const { data } = useQuery(clientFlagsQuery(page));
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2 className="text-lg">Client reports</h2>
        </CardTitle>
        <CardDescription>Reports experts made about clients.</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="overflow-x-auto">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Date</TableHead>
                <TableHead>Severity</TableHead>
                <TableHead>Reason</TableHead>
                <TableHead>Task</TableHead>
                <TableHead>Expert</TableHead>
                <TableHead>Client</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data?.rows.map((flag) => (
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
              ))}
            </TableBody>
          </Table>
        </div>
        {data && data.total === 0 ? <p className="py-6 text-center text-muted-foreground">No client reports.</p> : null}
        {data && data.total > data.pageSize ? <Pager page={page} pageSize={data.pageSize} total={data.total} onPage={setPage} /> : null}
      </CardContent>
    </Card>
  );
}
