import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { format as formatDate } from 'date-fns';
import { format } from '@shared/format-message';
import { adminMessages as adminText } from '@shared/messages/admin';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader } from '@web/components/ui/card';
import { TableCell, TableHead, TableRow } from '@web/components/ui/table';
import { adminKeys, errorText, markAllRead, notificationsQuery } from '../admin-api';
import { PagedTable } from '../common/paged-table';
import { SendNotificationDialog } from './send-notification-dialog';
import { FailedDeliveriesCard } from './failed-deliveries-card';

/** The notifications tab: every user's notifications, Mark All Read, and Send Notification. */
export default function NotificationsPanel() {
  const [page, setPage] = useState(1);
  const [sending, setSending] = useState(false);
  const queryClient = useQueryClient();
  const list = useQuery(notificationsQuery(page));
  const markAll = useMutation({
    mutationFn: markAllRead,
    onSuccess: async () => {
      toast.success(adminText.notificationsMarkedRead);
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
    onError: () => toast.error(adminText.updateNotificationsFailed),
  });
  const loadError = list.isError ? format(adminText.loadNotificationsFailed, { msg: errorText(list.error) }) : null;

  return (
    <section aria-labelledby="notifications-title" className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 id="notifications-title" className="text-2xl font-semibold">
          Notifications
        </h1>
        <div className="flex gap-2">
          <Button variant="outline" onClick={() => markAll.mutate()} disabled={markAll.isPending}>
            Mark All Read
          </Button>
          <Button onClick={() => setSending(true)}>Send Notification</Button>
        </div>
      </div>
      <Card>
        <CardHeader className="sr-only">System notifications</CardHeader>
        <CardContent>
          <PagedTable
            list={list.data}
            page={page}
            onPage={setPage}
            error={loadError}
            emptyText={adminText.noNotifications}
            head={
              <>
                <TableHead>User</TableHead>
                <TableHead>Type</TableHead>
                <TableHead>Message</TableHead>
                <TableHead>Date</TableHead>
                <TableHead>Status</TableHead>
              </>
            }
            row={(row) => (
              <TableRow key={row.id}>
                <TableCell>{row.user_name ?? adminText.unknownUser}</TableCell>
                <TableCell className="whitespace-nowrap">{row.type.replace(/_/g, ' ')}</TableCell>
                <TableCell className="min-w-48 max-w-96 whitespace-normal break-words">
                  {row.title}: {row.message}
                </TableCell>
                <TableCell className="whitespace-nowrap">{formatDate(new Date(row.created_at), 'MMM d, yyyy')}</TableCell>
                <TableCell>
                  <Badge variant={row.read ? 'secondary' : 'default'}>{row.read ? 'Read' : 'Unread'}</Badge>
                </TableCell>
              </TableRow>
            )}
          />
        </CardContent>
      </Card>
      <FailedDeliveriesCard />
      <SendNotificationDialog open={sending} onOpenChange={setSending} />
    </section>
  );
}
