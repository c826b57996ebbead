import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { formatDateTimeMedium } from '@shared/domain/plain-format';
import { accountControlMessages as texts } from '@shared/messages/account-control';
import { firstUserMessages } from '@shared/messages/first-user';
import type { SuspensionDto } from '@shared/schemas/account-control.schemas';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@web/components/ui/dialog';
import { Field } from '@web/components/ui/field';
import { Spinner } from '@web/components/ui/spinner';
import { Textarea } from '@web/components/ui/textarea';
import { api, ApiError } from '@web/lib/api';

const suspensionKey = (userId: string) => ['admin', 'suspension', userId] as const;

/**
 * Suspend a user with a reason, or lift their suspension (issue 22). Status is read when opened; the
 * list's status names the button beforehand: "Lift suspension" for a suspended user (issue 52).
 */
export function SuspensionDialog({ userId, name, suspended = false }: { userId: string; name: string; suspended?: boolean }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: suspensionKey(userId),
    queryFn: () => api.get<SuspensionDto>(`/api/admin/users/${userId}/suspension`),
    enabled: open,
  });
  const done = async (text: string) => {
    toast.success(text);
    setReason('');
    setOpen(false);
    await queryClient.invalidateQueries({ queryKey: ['admin'] });
  };
  const fail = (failure: unknown) => setError(failure instanceof ApiError ? failure.message : texts.suspendReasonRequired);
  const suspend = useMutation({
    mutationFn: () => api.post<SuspensionDto>(`/api/admin/users/${userId}/suspension`, { reason }),
    onSuccess: () => done(texts.userSuspended),
    onError: fail,
  });
  const lift = useMutation({
    mutationFn: () => api.delete<SuspensionDto>(`/api/admin/users/${userId}/suspension`),
    onSuccess: () => done(texts.suspensionLifted),
    onError: fail,
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setError(null);
      }}
    >
      <DialogTrigger asChild>
        {/* A verb, as every other action, that says what the dialog will do. */}
        {suspended ? (
          <Button size="sm" variant="outline" aria-label={`${firstUserMessages.liftSuspension}: ${name}`}>
            {firstUserMessages.liftSuspension}
          </Button>
        ) : (
          <Button size="sm" variant="outline" aria-label={`Suspend ${name}`}>
            Suspend
          </Button>
        )}
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Suspension of {name}</DialogTitle>
        </DialogHeader>
        {status.isPending ? <Spinner label="Loading" /> : null}
        {status.data?.suspended ? (
          <p className="text-sm">
            Suspended since {formatDateTimeMedium(new Date(status.data.suspended_at ?? ''))}: {status.data.reason}
          </p>
        ) : null}
        {status.data && !status.data.suspended ? (
          <>
            <p className="text-sm text-muted-foreground">
              Their sessions end at once and they cannot sign in; their open tasks are hidden from experts. Money
              already held follows the dispute rules.
            </p>
            <Field id={`suspend-reason-${userId}`} label="Reason" error={error}>
              <Textarea id={`suspend-reason-${userId}`} value={reason} onChange={(e) => setReason(e.target.value)} />
            </Field>
          </>
        ) : null}
        {status.data?.suspended && error ? <p className="text-sm text-destructive">{error}</p> : null}
        <DialogFooter>
          {status.data?.suspended ? (
            <Button onClick={() => lift.mutate()} disabled={lift.isPending}>
              {firstUserMessages.liftSuspension}
            </Button>
          ) : status.data ? (
            <Button variant="destructive" onClick={() => suspend.mutate()} disabled={suspend.isPending || reason.trim().length < 3}>
              Suspend user
            </Button>
          ) : null}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
