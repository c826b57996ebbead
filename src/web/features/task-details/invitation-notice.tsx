import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { MailOpen } from 'lucide-react';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import type { MyInvitationResponse } from '@shared/schemas/invitations.schemas';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { api, ApiError } from '@web/lib/api';

const invitationsText = messages.invitations;
const invitationKey = (taskId: string) => ['tasks', taskId, 'my-invitation'] as const;

/** Where the notice's Apply sends the expert: the normal application form on the same page. */
export const APPLY_FORM_ID = 'apply-form';

/**
 * The invited expert's notice on an open task (issue 23, decision 0330): Apply goes to the normal
 * application form, Decline answers the client. Nothing shows once the expert has applied.
 */
export function InvitationNotice({ taskId, canApply }: { taskId: string; canApply: boolean }) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: invitationKey(taskId),
    queryFn: () => api.get<MyInvitationResponse>(`/api/tasks/${taskId}/my-invitation`),
    retry: false,
  });
  const decline = useMutation({
    mutationFn: () => api.post(`/api/tasks/${taskId}/invitation/decline`, {}),
    onSuccess: () => {
      toast.success(invitationsText.declined);
      void queryClient.invalidateQueries({ queryKey: invitationKey(taskId) });
    },
    onError: (error) => toast.error(error instanceof ApiError ? error.message : messages.common.internal),
  });
  const invitation = query.data?.invitation;
  if (!invitation || invitation.status === 'applied') return null;
  if (invitation.status === 'declined') {
    return <p className="text-sm text-muted-foreground">{invitationsText.declinedNotice}</p>;
  }
  const goToForm = () => {
    const form = document.getElementById(APPLY_FORM_ID);
    form?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    form?.querySelector<HTMLInputElement>('input')?.focus();
  };
  return (
    <Card className="border-primary/40 bg-primary/5" data-testid="invitation-notice">
      <CardContent className="flex flex-col gap-3 pt-6 sm:flex-row sm:items-center">
        <MailOpen aria-hidden="true" className="size-6 shrink-0 text-primary" />
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold">{invitationsText.noticeTitle}</h2>
          <p className="text-sm">{format(invitationsText.noticeText, { name: invitation.client_first_name || 'A client' })}</p>
        </div>
        <div className="flex gap-2">
          {canApply ? <Button onClick={goToForm}>{invitationsText.apply}</Button> : null}
          <Button variant="outline" disabled={decline.isPending} onClick={() => decline.mutate()}>
            {decline.isPending ? invitationsText.declining : invitationsText.decline}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
