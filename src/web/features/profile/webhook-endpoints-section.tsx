import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronRight } from 'lucide-react';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@shared/constants';
import { formatDateTimeMedium } from '@shared/domain/plain-format';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import type { WebhookEndpointWithSecretDto } from '@shared/schemas/webhooks.schemas';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Checkbox } from '@web/components/ui/checkbox';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { api } from '@web/lib/api';
import { SecretOnce } from './webhook-secret';
import { ENDPOINT_STATUS, endpointStatusOf, webhookEndpointsQuery } from './webhooks-api';

const text = messages.webhooks;

/** The event checkboxes of the add form and of the endpoint page: each event by its name, as code. */
export function EventCheckboxes({
  idPrefix,
  value,
  onChange,
  labelledBy,
}: {
  idPrefix: string;
  value: readonly WebhookEventType[];
  onChange: (next: WebhookEventType[]) => void;
  /** A heading that already says "Events": the fieldset is named by it instead of a legend of its own. */
  labelledBy?: string;
}) {
  const toggle = (event: WebhookEventType, on: boolean) =>
    onChange(on ? WEBHOOK_EVENT_TYPES.filter((e) => e === event || value.includes(e)) : value.filter((e) => e !== event));
  return (
    <fieldset className="space-y-2" aria-labelledby={labelledBy}>
      {labelledBy ? null : <legend className="mb-2 text-sm font-medium">{text.eventsLabel}</legend>}
      <div className="grid gap-2 sm:grid-cols-2">
        {WEBHOOK_EVENT_TYPES.map((event) => (
          <div key={event} className="flex items-center gap-2">
            <Checkbox id={`${idPrefix}-${event}`} checked={value.includes(event)} onCheckedChange={(on) => toggle(event, on === true)} />
            <Label htmlFor={`${idPrefix}-${event}`} className="font-normal">
              <code>{event}</code>
            </Label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * Issue 54 (decision 0473), in the Developers tab: add a webhook endpoint (its signing secret is shown
 * once, like a new API key) and the list of endpoints, each opening its own page.
 */
export function WebhookEndpointsSection() {
  const queryClient = useQueryClient();
  const endpoints = useQuery(webhookEndpointsQuery);
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([...WEBHOOK_EVENT_TYPES]);
  const [secret, setSecret] = useState<string | null>(null);

  const create = useMutation({
    mutationFn: () =>
      api.post<WebhookEndpointWithSecretDto>('/api/me/webhook-endpoints', {
        url: url.trim(),
        events,
        ...(description.trim() ? { description: description.trim() } : {}),
      }),
    onSuccess: (created) => {
      setSecret(created.secret);
      setUrl('');
      setDescription('');
      setEvents([...WEBHOOK_EVENT_TYPES]);
      void queryClient.invalidateQueries({ queryKey: webhookEndpointsQuery.queryKey });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };

  return (
    <Card data-testid="webhook-endpoints">
      <CardHeader>
        <CardTitle asChild>
          <h2>{text.sectionTitle}</h2>
        </CardTitle>
        <CardDescription>{text.sectionDescription}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {secret ? <SecretOnce secret={secret} onDone={() => setSecret(null)} /> : null}

        <form onSubmit={submit} className="space-y-3" aria-labelledby="add-endpoint-title">
          <h3 id="add-endpoint-title" className="font-medium">
            {text.addTitle}
          </h3>
          <div className="space-y-1">
            <Label htmlFor="webhook-url">{text.urlLabel}</Label>
            <Input
              id="webhook-url"
              type="url"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              placeholder="https://"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              maxLength={2048}
              required
            />
          </div>
          <div className="space-y-1">
            <Label htmlFor="webhook-description">{text.descriptionLabel}</Label>
            <Input id="webhook-description" value={description} onChange={(e) => setDescription(e.target.value)} maxLength={120} />
          </div>
          <EventCheckboxes idPrefix="new-webhook-event" value={events} onChange={setEvents} />
          {create.error ? (
            <p role="alert" className="text-sm text-destructive">
              {format(text.addFailed, { msg: create.error.message })}
            </p>
          ) : null}
          <Button type="submit" disabled={create.isPending || events.length === 0 || url.trim() === ''}>
            {create.isPending ? text.adding : text.add}
          </Button>
        </form>

        <section aria-labelledby="endpoint-list-title" className="space-y-2">
          <h3 id="endpoint-list-title" className="font-medium">
            {text.listTitle}
          </h3>
          {endpoints.error ? (
            <p role="alert" className="text-sm text-destructive">
              {format(text.loadFailed, { msg: endpoints.error.message })}
            </p>
          ) : !endpoints.data ? (
            <Spinner />
          ) : endpoints.data.length === 0 ? (
            <p className="text-sm text-muted-foreground">{text.none}</p>
          ) : (
            <ul className="divide-y">
              {endpoints.data.map((endpoint) => {
                const status = ENDPOINT_STATUS[endpointStatusOf(endpoint)];
                const count = endpoint.events.length;
                return (
                  <li key={endpoint.id} data-testid="webhook-endpoint" className="flex items-start justify-between gap-3 py-3 text-sm">
                    <div className="min-w-0 space-y-1">
                      <Link
                        to={`/profile/webhooks/${encodeURIComponent(endpoint.id)}`}
                        aria-label={format(text.open, { url: endpoint.url })}
                        className="block break-all font-mono font-medium underline-offset-4 hover:underline"
                      >
                        {endpoint.url}
                      </Link>
                      {endpoint.description ? <p className="break-words text-muted-foreground">{endpoint.description}</p> : null}
                      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-muted-foreground">
                        <Badge variant={status.variant}>{status.label}</Badge>
                        <span>{format(count === 1 ? text.eventsCountOne : text.eventsCount, { count })}</span>
                        <span>{format(text.created, { date: formatDateTimeMedium(new Date(endpoint.created_at)) })}</span>
                      </p>
                    </div>
                    <ChevronRight aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      </CardContent>
    </Card>
  );
}
