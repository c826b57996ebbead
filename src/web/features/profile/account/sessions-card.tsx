import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { formatDateTimeMedium } from '@shared/domain/plain-format';
import { accountControlMessages as texts } from '@shared/messages/account-control';
import type { AccountSessionDto } from '@shared/schemas/account-control.schemas';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { api, ApiError } from '@web/lib/api';

const sessionsKey = ['account', 'sessions'] as const;

/** Where I am signed in: device, coarse place, last use; sign out one device, or every other one. */
export function SessionsCard() {
  const queryClient = useQueryClient();
  const sessions = useQuery({
    queryKey: sessionsKey,
    queryFn: () => api.get<{ sessions: AccountSessionDto[] }>('/api/account/sessions'),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: sessionsKey });
  const onError = (error: unknown) => toast.error(error instanceof ApiError ? error.message : texts.sessionNotFound);
  const signOutOne = useMutation({
    mutationFn: (id: string) => api.delete(`/api/account/sessions/${id}`),
    onSuccess: async () => {
      toast.success(texts.sessionSignedOut);
      await refresh();
    },
    onError,
  });
  const signOutOthers = useMutation({
    mutationFn: () => api.post('/api/account/sessions/sign-out-others', {}),
    onSuccess: async () => {
      toast.success(texts.otherSessionsSignedOut);
      await refresh();
    },
    onError,
  });
  const rows = sessions.data?.sessions ?? [];

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Devices and sessions</h2>
        </CardTitle>
        <CardDescription>Where your account is signed in. Sign out a device you lost or do not recognise.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {sessions.isPending ? <Spinner label="Loading your sessions" /> : null}
        <ul className="divide-y" aria-label="Signed-in devices">
          {rows.map((session) => (
            <li key={session.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <div>
                <p className="font-medium">
                  {session.device} {session.current ? <Badge variant="secondary">This device</Badge> : null}
                </p>
                <p className="text-sm text-muted-foreground">
                  {session.place} · last used {formatDateTimeMedium(new Date(session.last_used_at))}
                </p>
              </div>
              {!session.current ? (
                <Button
                  size="sm"
                  variant="outline"
                  disabled={signOutOne.isPending}
                  onClick={() => signOutOne.mutate(session.id)}
                  aria-label={`Sign out ${session.device}, ${session.place}`}
                >
                  Sign out
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
        {rows.length > 1 ? (
          <Button variant="outline" disabled={signOutOthers.isPending} onClick={() => signOutOthers.mutate()}>
            Sign out all other devices
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
