import { useQuery } from '@tanstack/react-query';
import { format as formatDate } from 'date-fns';
import type { FailedDeliveryDto } from '@shared/schemas/notification-preferences.schemas';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { api } from '@web/lib/api';

/** Emails and pushes that used up their retries (issue 19): an admin sees what never arrived. */
export function FailedDeliveriesCard() {
  const query = useQuery({
    queryKey: ['admin', 'failed-deliveries'],
    queryFn: () => api.get<{ failures: FailedDeliveryDto[] }>('/api/admin/failed-deliveries'),
  });
  const failures = query.data?.failures ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Failed deliveries</h2>
        </CardTitle>
        <CardDescription>Emails and push notifications that could not be sent after every retry.</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isError ? (
          <p className="text-sm text-destructive">Could not load the failed deliveries.</p>
        ) : failures.length === 0 ? (
          <p className="text-sm text-muted-foreground">{query.isPending ? 'Loading...' : 'No failed deliveries.'}</p>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Channel</TableHead>
                <TableHead>Error</TableHead>
                <TableHead>Attempts</TableHead>
                <TableHead>Date</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {failures.map((failure) => (
                <TableRow key={failure.id}>
                  <TableCell>{failure.channel}</TableCell>
                  <TableCell className="max-w-96 break-words">{failure.last_error ?? ''}</TableCell>
                  <TableCell>{failure.attempts}</TableCell>
                  <TableCell className="whitespace-nowrap">{formatDate(new Date(failure.created_at), 'MMM d, yyyy HH:mm')}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
