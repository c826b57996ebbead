import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { NotificationChannel } from '@shared/notify/notification-categories';
import type {
  NotificationPreferencesDto,
  PreferenceRowDto,
} from '@shared/schemas/notification-preferences.schemas';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Switch } from '@web/components/ui/switch';
import { Spinner } from '@web/components/ui/spinner';
import { api } from '@web/lib/api';
import { useMe } from '@web/lib/session';
import { BrowserNotificationsToggle } from './browser-notifications-toggle';
import { TaskAlertsCard } from './task-alerts-card';
import { InvitationsCard } from './invitations-card';

const preferencesKey = ['notification-preferences'] as const;
const CHANNEL_LABELS: Record<NotificationChannel, string> = { email: 'Email', push: 'Push' };

/** Per category and channel switches (issue 19); money and security mails are always sent. */
export function NotificationsTab() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: preferencesKey,
    queryFn: () => api.get<NotificationPreferencesDto>('/api/notification-preferences'),
  });
  const save = useMutation({
    mutationFn: (choice: {
      category: PreferenceRowDto['category'];
      channel: NotificationChannel;
      enabled: boolean;
    }) => api.put<NotificationPreferencesDto>('/api/notification-preferences', { preferences: [choice] }),
    onSuccess: (data) => {
      queryClient.setQueryData(preferencesKey, data);
      toast.success('Notification settings saved');
    },
    onError: () => toast.error('Could not save your notification settings. Please try again.'),
  });

  const me = useMe();
  // Issue 52: task alerts are switched in their own card (the real on/off, then email and push), not
  // by a category row that looked on while no alert was sent.
  const categoryRows = query.data?.preferences.filter((row) => row.category !== 'task_alerts') ?? [];
  const taskAlertsRow = query.data?.preferences.find((row) => row.category === 'task_alerts');

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Notifications</h2>
          </CardTitle>
          <CardDescription>
            {query.data?.always_sent_note ?? 'Choose how we tell you about what happens.'}
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <BrowserNotificationsToggle />
          {query.isPending ? (
            <Spinner />
          ) : query.data ? (
            <table className="w-full text-sm">
              <thead>
                <tr className="text-left text-muted-foreground">
                  <th className="py-2 font-medium">Category</th>
                  {(['email', 'push'] as const).map((channel) => (
                    <th key={channel} className="w-20 py-2 text-center font-medium">
                      {CHANNEL_LABELS[channel]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {categoryRows.map((row) => (
                  <tr key={row.category} className="border-t">
                    <td className="py-3">{row.label}</td>
                    {(['email', 'push'] as const).map((channel) => (
                      <td key={channel} className="py-3 text-center">
                        <Switch
                          aria-label={`${row.label}: ${CHANNEL_LABELS[channel]}`}
                          checked={row[channel]}
                          disabled={save.isPending}
                          onCheckedChange={(enabled) =>
                            save.mutate({ category: row.category, channel, enabled })
                          }
                        />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="text-sm text-destructive">Could not load your notification settings.</p>
          )}
        </CardContent>
      </Card>
      {me.data?.roles.isExpert ? (
        <TaskAlertsCard
          channels={{
            row: taskAlertsRow,
            busy: save.isPending,
            onChange: (channel, enabled) => save.mutate({ category: 'task_alerts', channel, enabled }),
          }}
        />
      ) : null}
      {me.data?.roles.isExpert ? <InvitationsCard /> : null}
    </div>
  );
}
