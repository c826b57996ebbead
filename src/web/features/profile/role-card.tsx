import { useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { messages } from '@shared/messages';
import type { RoleSwitchRequest, RoleSwitchResponse } from '@shared/schemas/me.schemas';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { ApiError, api } from '@web/lib/api';
import { myExpertProfileQueryKey, useMyExpertProfile } from '@web/lib/expert-profile';
import { meQueryKey } from '@web/lib/session';

const text = messages.polish;

/**
 * The role control the role dialog promises ("You can change your role later in profile settings"):
 * an expert with no task in flight goes back to client; a client applies through /expert-verification,
 * or, with an application already on file, works as an expert again in one step (docs/decisions/0270).
 */
export function RoleCard({ isExpert }: { isExpert: boolean }) {
  const queryClient = useQueryClient();
  const expert = useMyExpertProfile({ enabled: !isExpert });
  const [busy, setBusy] = useState(false);
  const onFile = !isExpert && Boolean(expert.data?.lpca_terms_accepted);

  async function switchTo(role: RoleSwitchRequest['role']) {
    setBusy(true);
    try {
      await api.post<RoleSwitchResponse>('/api/me/role', { role });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
        queryClient.invalidateQueries({ queryKey: myExpertProfileQueryKey }),
      ]);
      toast.success(role === 'client' ? text.roleSwitchedToClient : text.roleSwitchedToExpert);
    } catch (error) {
      toast.error(error instanceof ApiError && error.status === 409 ? error.message : text.roleSwitchFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{text.roleTitle}</h2>
        </CardTitle>
        <CardDescription>{isExpert ? text.roleExpertNow : onFile ? text.roleFormerExpert : text.roleClientNow}</CardDescription>
      </CardHeader>
      <CardContent>
        {isExpert ? (
          <Button variant="outline" disabled={busy} onClick={() => void switchTo('client')}>
            {text.roleSwitchToClient}
          </Button>
        ) : onFile ? (
          <Button disabled={busy} onClick={() => void switchTo('expert')}>
            {text.roleSwitchToExpert}
          </Button>
        ) : (
          <Button asChild variant="outline">
            <Link to="/expert-verification">{text.roleApply}</Link>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
