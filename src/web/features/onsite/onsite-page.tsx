import { useId, useState } from 'react';
import { useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import type { OnsiteViewDto } from '@shared/schemas/appointments.schemas';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { Textarea } from '@web/components/ui/textarea';
import { WindowText } from '@web/components/visits/window-text';
import { LogoHeader } from '@web/app/shell/logo-header';
import { api, ApiError } from '@web/lib/api';

const appointmentsText = messages.appointments;
type Answer = { view: OnsiteViewDto; message: string };

/**
 * /onsite/:token, public (issue 49, decision 0424): the person on site opens their signed link,
 * sees the address, the agreed window and the expert's first name and photo, and confirms or asks
 * for another time. No account, no price, no chat, no client details.
 */
export default function OnsitePage() {
  const { token = '' } = useParams();
  const id = useId();
  const path = `/api/onsite/${encodeURIComponent(token)}`;
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ['onsite', token],
    queryFn: async () => (await api.get<{ view: OnsiteViewDto }>(path)).view,
    retry: false,
  });
  const [done, setDone] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const [message, setMessage] = useState('');
  const answer = useMutation({
    mutationFn: (kind: 'confirm' | 'another-window') =>
      api.post<Answer>(`${path}/${kind}`, kind === 'confirm' ? {} : { message: message.trim() || undefined }),
    onSuccess: (result) => {
      queryClient.setQueryData(['onsite', token], result.view);
      setDone(result.message);
      setAsking(false);
    },
  });
  const view = query.data;
  const failure = query.error ?? answer.error;

  return (
    <>
      {/* The brand, so that a stranger opening a link from an email knows who sent it. */}
      <LogoHeader width="max-w-xl" className="bg-background/95" compact />
      <main className="mx-auto w-full max-w-xl space-y-4 p-4">
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h1>{appointmentsText.onsitePageTitle}</h1>
            </CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            {query.isPending ? <Spinner /> : null}
            {failure ? (
              <Alert variant="destructive">
                <AlertDescription>
                  {failure instanceof ApiError ? failure.message : appointmentsText.onsiteInvalid}
                </AlertDescription>
              </Alert>
            ) : null}
            {view ? (
              <>
                <p>{format(appointmentsText.onsiteGreeting, { name: view.contact_name })}</p>
                <dl className="grid gap-3 text-sm sm:grid-cols-[8rem_1fr]">
                  <dt className="font-medium">{appointmentsText.onsiteAddress}</dt>
                  <dd data-testid="onsite-address">{view.address}</dd>
                  <dt className="font-medium">{appointmentsText.onsiteWindow}</dt>
                  <dd data-testid="onsite-window">
                    {view.window ? (
                      <WindowText window={view.window} zone={view.time_zone} />
                    ) : (
                      appointmentsText.onsiteNoWindowYet
                    )}
                  </dd>
                  <dt className="font-medium">{appointmentsText.onsiteExpert}</dt>
                  <dd className="flex items-center gap-2">
                    {view.expert_avatar_url ? (
                      <img
                        src={view.expert_avatar_url}
                        alt=""
                        className="size-10 rounded-full object-cover"
                      />
                    ) : null}
                    <span>{view.expert_first_name ?? ''}</span>
                  </dd>
                </dl>
                {done ? (
                  <Alert variant="success" role="status">
                    <AlertDescription>{done}</AlertDescription>
                  </Alert>
                ) : null}
                {view.confirmed && !done ? (
                  <p className="text-sm">{appointmentsText.onsiteConfirmedAt}</p>
                ) : null}
                <div className="flex flex-wrap gap-2">
                  {view.window && !view.confirmed ? (
                    <Button disabled={answer.isPending} onClick={() => answer.mutate('confirm')}>
                      {appointmentsText.onsiteConfirm}
                    </Button>
                  ) : null}
                  {!asking ? (
                    <Button variant="outline" onClick={() => setAsking(true)}>
                      {appointmentsText.onsiteAskAnother}
                    </Button>
                  ) : null}
                </div>
                {asking ? (
                  <form
                    className="space-y-2"
                    onSubmit={(event) => {
                      event.preventDefault();
                      answer.mutate('another-window');
                    }}
                  >
                    <Label htmlFor={`${id}-message`}>{appointmentsText.onsiteMessageLabel}</Label>
                    <Textarea
                      id={`${id}-message`}
                      value={message}
                      maxLength={500}
                      onChange={(event) => setMessage(event.target.value)}
                    />
                    <Button type="submit" disabled={answer.isPending}>
                      {appointmentsText.send}
                    </Button>
                  </form>
                ) : null}
              </>
            ) : null}
          </CardContent>
        </Card>
      </main>
    </>
  );
}
