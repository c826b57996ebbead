import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import type { WebhookEventType } from '@shared/constants';
import { formatDateTimeMedium } from '@shared/domain/plain-format';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import type { WebhookEndpointDto, WebhookEndpointWithSecretDto } from '@shared/schemas/webhooks.schemas';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@web/components/ui/alert-dialog';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { api } from '@web/lib/api';
import { useNavigate } from '@web/lib/navigation';
import { WebhookDeliveries } from './webhook-deliveries';
import { EventCheckboxes } from './webhook-endpoints-section';
import { SecretOnce } from './webhook-secret';
import { ENDPOINT_STATUS, endpointStatusOf, endpointUrl, webhookEndpointQuery, webhookEndpointsQuery } from './webhooks-api';

const text = messages.webhooks;
const when = (iso: string) => formatDateTimeMedium(new Date(iso));
const DEVELOPERS = '/profile?tab=developers';

function BackLink() {
  return (
    <Link to={DEVELOPERS} className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
      <ArrowLeft aria-hidden="true" className="size-4" />
      {text.back}
    </Link>
  );
}

/** The events of the endpoint, changed with the same checkboxes as the add form. */
function EventsCard({ endpoint, onSaved }: { endpoint: WebhookEndpointDto; onSaved: (next: WebhookEndpointDto) => void }) {
  const [events, setEvents] = useState<WebhookEventType[]>(endpoint.events);
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: () => api.patch<{ endpoint: WebhookEndpointDto }>(endpointUrl(endpoint.id), { events }),
    onMutate: () => setSaved(false),
    onSuccess: ({ endpoint: next }) => {
      setSaved(true);
      onSaved(next);
    },
  });
  const change = (next: WebhookEventType[]) => {
    setEvents(next);
    setSaved(false);
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2 id="endpoint-events-title">{text.eventsLabel}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <form
          className="space-y-3"
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate();
          }}
        >
          <EventCheckboxes idPrefix="endpoint-event" value={events} onChange={change} labelledBy="endpoint-events-title" />
          {save.error ? (
            <p role="alert" className="text-sm text-destructive">
              {format(text.actionFailed, { msg: save.error.message })}
            </p>
          ) : null}
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={save.isPending || events.length === 0}>
              {save.isPending ? text.saving : text.saveEvents}
            </Button>
            <p role="status" className="text-sm text-muted-foreground">
              {saved ? text.saved : ''}
            </p>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

/** /profile/webhooks/:id (issue 54, decision 0473): one endpoint, its actions, its events and its delivery log. */
export default function WebhookEndpointPage() {
  const { endpointId: id = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const endpoint = useQuery(webhookEndpointQuery(id));
  const [secret, setSecret] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  /** One error line for the three actions: the latest one's. */
  const [lastAction, setLastAction] = useState<'toggle' | 'roll' | 'remove' | null>(null);
  const updated = (next: WebhookEndpointDto) => {
    queryClient.setQueryData(webhookEndpointQuery(id).queryKey, next);
    void queryClient.invalidateQueries({ queryKey: webhookEndpointsQuery.queryKey, exact: true });
  };
  const toggle = useMutation({
    mutationFn: (enabled: boolean) => api.patch<{ endpoint: WebhookEndpointDto }>(endpointUrl(id), { enabled }),
    onMutate: () => setLastAction('toggle'),
    onSuccess: ({ endpoint: next }) => updated(next),
  });
  const roll = useMutation({
    mutationFn: () => api.post<WebhookEndpointWithSecretDto>(`${endpointUrl(id)}/roll-secret`),
    onMutate: () => setLastAction('roll'),
    onSuccess: ({ endpoint: next, secret: rolled }) => {
      setSecret(rolled);
      updated(next);
    },
  });
  const remove = useMutation({
    mutationFn: () => api.delete<{ deleted: true }>(endpointUrl(id)),
    onMutate: () => setLastAction('remove'),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: webhookEndpointQuery(id).queryKey });
      void queryClient.invalidateQueries({ queryKey: webhookEndpointsQuery.queryKey, exact: true });
      void navigate(DEVELOPERS);
    },
    onSettled: () => setConfirming(false),
  });

  if (endpoint.error) {
    return (
      <div className="mx-auto max-w-3xl space-y-6">
        <BackLink />
        <h1 className="text-2xl font-semibold">{text.pageTitle}</h1>
        <p role="alert" className="text-sm text-destructive">
          {format(text.loadOneFailed, { msg: endpoint.error.message })}
        </p>
      </div>
    );
  }
  if (!endpoint.data) {
    return (
      <div className="flex min-h-[40vh] items-center justify-center">
        <Spinner size="lg" label={messages.shell.loading} />
      </div>
    );
  }

  const data = endpoint.data;
  const statusKey = endpointStatusOf(data);
  const status = ENDPOINT_STATUS[statusKey];
  const actionError = lastAction ? { toggle, roll, remove }[lastAction].error : null;
  const busy = toggle.isPending || roll.isPending || remove.isPending;

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <BackLink />
      <header className="space-y-3">
        <h1 className="text-2xl font-semibold">{text.pageTitle}</h1>
        <p className="break-all font-mono text-base">{data.url}</p>
        {data.description ? <p className="break-words text-muted-foreground">{data.description}</p> : null}
        <dl className="grid grid-cols-[auto_1fr] items-center gap-x-3 gap-y-1 text-sm">
          <dt className="text-muted-foreground">{text.statusLabel}</dt>
          <dd className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <Badge variant={status.variant}>{status.label}</Badge>
            {data.disabled_at ? <span>{format(text.disabledSince, { date: when(data.disabled_at) })}</span> : null}
            {data.failing_since ? <span>{format(text.failingSince, { date: when(data.failing_since) })}</span> : null}
          </dd>
        </dl>
        <p className="text-sm text-muted-foreground">{format(text.created, { date: when(data.created_at) })}</p>
      </header>

      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" disabled={busy} onClick={() => toggle.mutate(Boolean(data.disabled_at))}>
          {data.disabled_at ? text.enable : text.disable}
        </Button>
        <Button type="button" variant="outline" disabled={busy} onClick={() => roll.mutate()}>
          {text.rollSecret}
        </Button>
        <AlertDialog open={confirming} onOpenChange={(next) => !remove.isPending && setConfirming(next)}>
          <AlertDialogTrigger asChild>
            <Button type="button" variant="destructive" disabled={busy}>
              {text.delete}
            </Button>
          </AlertDialogTrigger>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>{text.delete}</AlertDialogTitle>
              <AlertDialogDescription>{text.deleteConfirm}</AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel disabled={remove.isPending}>{text.cancel}</AlertDialogCancel>
              {/* A plain button, so the dialog stays open while the deletion runs. */}
              <Button variant="destructive" disabled={remove.isPending} onClick={() => remove.mutate()}>
                {remove.isPending ? text.deleting : text.delete}
              </Button>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      </div>
      {actionError ? (
        <p role="alert" className="text-sm text-destructive">
          {format(text.actionFailed, { msg: actionError.message })}
        </p>
      ) : null}
      {secret ? <SecretOnce level={2} secret={secret} hint={text.rollHint} onDone={() => setSecret(null)} /> : null}

      <EventsCard key={data.id} endpoint={data} onSaved={updated} />

      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>{text.deliveriesTitle}</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <WebhookDeliveries endpointId={data.id} disabled={Boolean(data.disabled_at)} />
        </CardContent>
      </Card>
    </div>
  );
}
