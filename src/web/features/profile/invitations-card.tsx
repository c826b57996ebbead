import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { messages } from '@shared/messages';
import type { InvitationSettingsResponse } from '@shared/schemas/invitations.schemas';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { Switch } from '@web/components/ui/switch';
import { api } from '@web/lib/api';

const invitationsText = messages.invitations;
const settingsKey = ['invitation-settings'] as const;

/** The expert's switch for clients' invitations (issue 23, decision 0330). */
export function InvitationsCard() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: settingsKey,
    queryFn: () => api.get<InvitationSettingsResponse>('/api/me/invitation-settings'),
  });
  const save = useMutation({
    mutationFn: (accepts: boolean) =>
      api.put<InvitationSettingsResponse>('/api/me/invitation-settings', { accepts_invitations: accepts }),
    onSuccess: (data) => {
      queryClient.setQueryData(settingsKey, data);
      toast.success(data.accepts_invitations ? invitationsText.settingOn : invitationsText.settingOff);
    },
    onError: () => toast.error(invitationsText.settingFailed),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{invitationsText.settingTitle}</h2>
        </CardTitle>
        <CardDescription>{invitationsText.settingHelp}</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="flex items-center gap-3">
          <Switch
            id="accepts-invitations"
            checked={query.data?.accepts_invitations ?? true}
            disabled={!query.data || save.isPending}
            onCheckedChange={(checked) => save.mutate(checked)}
          />
          <Label htmlFor="accepts-invitations">{invitationsText.settingLabel}</Label>
        </div>
      </CardContent>
    </Card>
  );
}
