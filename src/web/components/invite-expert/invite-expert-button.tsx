import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Send } from 'lucide-react';
import { INVITATIONS } from '@shared/domain/invitations';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import type { InvitationOptionsResponse } from '@shared/schemas/invitations.schemas';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Field } from '@web/components/ui/field';
import { inputClasses } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { api, ApiError } from '@web/lib/api';
import { useMe } from '@web/lib/session';

const invitationsText = messages.invitations;
const optionsKey = (expertId: string) => ['invitation-options', expertId] as const;

export interface InviteExpertButtonProps {
  expertId: string;
  expertName: string;
  /** Known from a directory card; unknown on the profile, where the options are read at once. */
  acceptsInvitations?: boolean;
  size?: 'sm' | 'default';
}

/**
 * A client invites the expert to one of their open tasks (issue 23, decision 0330). Shown only to a
 * signed-in client who is not the expert; says so when the expert has turned invitations off.
 */
export function InviteExpertButton({ expertId, expertName, acceptsInvitations, size = 'default' }: InviteExpertButtonProps) {
  const me = useMe().data;
  const [open, setOpen] = useState(false);
  const isClient = Boolean(me && !me.roles.isExpert && !me.roles.isAdmin && me.user.id !== expertId);
  const options = useQuery({
    queryKey: optionsKey(expertId),
    queryFn: () => api.get<InvitationOptionsResponse>(`/api/experts/${expertId}/invitation-options`),
    enabled: isClient && (open || acceptsInvitations === undefined),
  });
  if (!isClient) return null;
  const accepts = options.data?.accepts_invitations ?? acceptsInvitations ?? true;
  if (!accepts) {
    return (
      <Button size={size} variant="outline" disabled>
        {invitationsText.notAccepting}
      </Button>
    );
  }
  return (
    <>
      <Button size={size} onClick={() => setOpen(true)}>
        <Send aria-hidden="true" />
        {invitationsText.invite}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{format(invitationsText.inviteTitle, { name: expertName })}</DialogTitle>
            <DialogDescription>{format(invitationsText.inviteText, { name: expertName })}</DialogDescription>
          </DialogHeader>
          {options.data ? (
            <InviteForm expertId={expertId} expertName={expertName} options={options.data} onDone={() => setOpen(false)} />
          ) : options.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {options.error instanceof ApiError ? options.error.message : messages.common.internal}
            </p>
          ) : (
            <Spinner label={invitationsText.invite} />
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}

function InviteForm({
  expertId,
  expertName,
  options,
  onDone,
}: {
  expertId: string;
  expertName: string;
  options: InvitationOptionsResponse;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const available = options.tasks.filter((task) => !task.invited && !task.applied && !task.full);
  const [taskId, setTaskId] = useState(available[0]?.id ?? '');
  const send = useMutation({
    mutationFn: (id: string) => api.post(`/api/tasks/${id}/invitations`, { expert_id: expertId }),
    onSuccess: () => {
      toast.success(format(invitationsText.invited, { name: expertName }));
      void queryClient.invalidateQueries({ queryKey: optionsKey(expertId) });
      onDone();
    },
    onError: (error) => toast.error(error instanceof ApiError ? error.message : messages.common.internal),
  });
  if (options.tasks.length === 0) {
    return (
      <div className="space-y-3">
        <p className="text-sm">{invitationsText.noOpenTasks}</p>
        <Button asChild>
          <Link to="/dashboard/create-task">{invitationsText.postTask}</Link>
        </Button>
      </div>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (taskId) send.mutate(taskId);
  };
  const limitReached = options.remaining_today === 0;
  return (
    <form onSubmit={submit} className="space-y-4">
      <Field label={invitationsText.taskLabel}>
        <select className={`${inputClasses} h-9`} value={taskId} onChange={(event) => setTaskId(event.target.value)}>
          {options.tasks.map((task) => (
            <option key={task.id} value={task.id} disabled={task.invited || task.applied || task.full}>
              {task.applied
                ? format(invitationsText.appliedOption, { title: task.title })
                : task.invited
                  ? format(invitationsText.alreadyInvitedOption, { title: task.title })
                  : task.full
                    ? format(invitationsText.fullOption, { title: task.title })
                    : task.title}
            </option>
          ))}
        </select>
      </Field>
      {available.length === 0 ? (
        // Every option is disabled: say why instead of leaving a greyed-out Send button.
        <p role="status" className="text-sm text-muted-foreground">
          {format(invitationsText.nothingToInvite, { name: expertName, limit: INVITATIONS.perTask })}{' '}
          <Link to="/dashboard/create-task" className="font-medium text-primary underline-offset-4 hover:underline">
            {invitationsText.postTask}
          </Link>
        </p>
      ) : null}
      {limitReached ? (
        <p role="status" className="text-sm text-destructive">
          {format(invitationsText.perDayLimit, { limit: INVITATIONS.perDay })}
        </p>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {invitationsText.cancel}
        </Button>
        <Button type="submit" disabled={!taskId || available.length === 0 || limitReached || send.isPending}>
          {send.isPending ? invitationsText.sendingInvite : invitationsText.sendInvite}
        </Button>
      </DialogFooter>
    </form>
  );
}
