import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_KEY_SCOPES, type ApiKeyScope } from '@shared/constants';
import { formatDateTimeMedium } from '@shared/domain/plain-format';
import { format } from '@shared/format-message';
import { apiKeysMessages as text } from '@shared/messages/api-keys';
import type { ApiKeyDto, CreatedApiKeyDto } from '@shared/schemas/api-keys.schemas';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Checkbox } from '@web/components/ui/checkbox';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { api } from '@web/lib/api';
import { WebhookEndpointsSection } from './webhook-endpoints-section';

const SCOPE_LABELS: Record<ApiKeyScope, string> = {
  'tasks:read': text.scopeTasksRead,
  'tasks:write': text.scopeTasksWrite,
  'messages:write': text.scopeMessagesWrite,
  'reports:read': text.scopeReportsRead,
};

export const apiKeysQuery = {
  queryKey: ['me', 'api-keys'] as const,
  queryFn: async () => (await api.get<{ api_keys: ApiKeyDto[] }>('/api/me/api-keys')).api_keys,
};

const when = (iso: string | null) => (iso ? formatDateTimeMedium(new Date(iso)) : text.never);

/**
 * Issue 54 (decision 0472): the caller's API keys, then their webhook endpoints (webhook-endpoints-section.tsx). A new key is shown once, in a read-only field with a
 * Copy button: the server keeps only its hash, so it cannot be shown again.
 */
export function DevelopersTab() {
  const queryClient = useQueryClient();
  const keys = useQuery(apiKeysQuery);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['tasks:read']);
  const [expiry, setExpiry] = useState('');
  const [secret, setSecret] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  const create = useMutation({
    // A date picked is the end of that day, in the user's time zone.
    mutationFn: () =>
      api.post<CreatedApiKeyDto>('/api/me/api-keys', {
        name,
        scopes,
        expires_at: expiry ? new Date(`${expiry}T23:59:59`).toISOString() : null,
      }),
    onSuccess: (created) => {
      setSecret(created.secret);
      setCopied(false);
      setName('');
      void queryClient.invalidateQueries({ queryKey: apiKeysQuery.queryKey });
    },
  });
  const revoke = useMutation({
    mutationFn: (id: string) => api.delete<{ api_key: ApiKeyDto }>(`/api/me/api-keys/${id}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: apiKeysQuery.queryKey }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  const toggle = (scope: ApiKeyScope, on: boolean) =>
    setScopes((current) => (on ? [...current, scope] : current.filter((s) => s !== scope)));

  return (
    <div className="space-y-6">
      <Card data-testid="developers">
        <CardHeader>
          <CardTitle asChild>
            <h2>{text.tabTitle}</h2>
          </CardTitle>
          <CardDescription>{text.tabDescription}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          {secret ? (
            <section aria-labelledby="new-key-title" className="space-y-2 rounded-md border p-3">
              <h3 id="new-key-title" className="font-medium">
                {text.createdTitle}
              </h3>
              <p className="text-sm text-muted-foreground">{text.createdHint}</p>
              <div className="flex gap-2">
                <Input readOnly value={secret} aria-labelledby="new-key-title" className="font-mono" onFocus={(e) => e.currentTarget.select()} />
                <Button
                  type="button"
                  variant="outline"
                  onClick={() => void navigator.clipboard?.writeText(secret).then(() => setCopied(true), () => undefined)}
                >
                  {copied ? text.copied : text.copy}
                </Button>
              </div>
              <Button type="button" variant="ghost" onClick={() => setSecret(null)}>
                {text.done}
              </Button>
            </section>
          ) : null}

          <form onSubmit={submit} className="space-y-3" aria-labelledby="create-key-title">
            <h3 id="create-key-title" className="font-medium">
              {text.createTitle}
            </h3>
            <div className="space-y-1">
              <Label htmlFor="api-key-name">{text.nameLabel}</Label>
              <Input id="api-key-name" value={name} onChange={(e) => setName(e.target.value)} maxLength={80} required />
            </div>
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium">{text.scopesLabel}</legend>
              {API_KEY_SCOPES.map((scope) => (
                <div key={scope} className="flex items-start gap-2">
                  <Checkbox id={`scope-${scope}`} className="mt-0.5" checked={scopes.includes(scope)} onCheckedChange={(on) => toggle(scope, on === true)} />
                  {/* The scope over its meaning on a phone, side by side on a wide screen. */}
                  <Label htmlFor={`scope-${scope}`} className="flex flex-col items-start gap-0.5 font-normal sm:flex-row sm:gap-1">
                    <code>{scope}</code>
                    <span className="text-muted-foreground">
                      <span aria-hidden="true" className="hidden sm:inline">· </span>
                      {SCOPE_LABELS[scope]}
                    </span>
                  </Label>
                </div>
              ))}
            </fieldset>
            <div className="space-y-1">
              <Label htmlFor="api-key-expiry">{text.expiryLabel}</Label>
              <Input id="api-key-expiry" type="date" value={expiry} onChange={(e) => setExpiry(e.target.value)} className="w-auto" />
            </div>
            {create.error ? (
              <p role="alert" className="text-sm text-destructive">
                {format(text.createFailed, { msg: create.error.message })}
              </p>
            ) : null}
            <Button type="submit" disabled={create.isPending || scopes.length === 0 || name.trim() === ''}>
              {create.isPending ? text.creating : text.create}
            </Button>
          </form>

          <section aria-labelledby="key-list-title" className="space-y-2">
            <h3 id="key-list-title" className="font-medium">
              {text.listTitle}
            </h3>
            {revoke.error ? (
              <p role="alert" className="text-sm text-destructive">
                {format(text.revokeFailed, { msg: revoke.error.message })}
              </p>
            ) : null}
            {keys.error ? (
              <p role="alert" className="text-sm text-destructive">
                {format(text.loadFailed, { msg: keys.error.message })}
              </p>
            ) : !keys.data ? (
              <Spinner />
            ) : keys.data.length === 0 ? (
              <p className="text-sm text-muted-foreground">{text.empty}</p>
            ) : (
              <ul className="divide-y">
                {keys.data.map((key) => (
                  <li key={key.id} data-testid="api-key" className="flex flex-wrap items-start justify-between gap-3 py-3 text-sm">
                    <dl className="grid min-w-0 grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                      <dt className="text-muted-foreground">{text.columnName}</dt>
                      <dd className="break-words font-medium">{key.name}</dd>
                      <dt className="text-muted-foreground">{text.columnKey}</dt>
                      <dd className="font-mono">{key.prefix}…</dd>
                      <dt className="text-muted-foreground">{text.columnScopes}</dt>
                      <dd className="flex flex-wrap gap-1">
                        {key.scopes.map((scope) => (
                          <Badge key={scope} variant="outline">
                            {scope}
                          </Badge>
                        ))}
                      </dd>
                      <dt className="text-muted-foreground">{text.columnCreated}</dt>
                      <dd>{when(key.created_at)}</dd>
                      <dt className="text-muted-foreground">{text.columnLastUsed}</dt>
                      <dd>{when(key.last_used_at)}</dd>
                      <dt className="text-muted-foreground">{text.columnExpires}</dt>
                      <dd>{when(key.expires_at)}</dd>
                    </dl>
                    {key.revoked_at ? (
                      <Badge variant="secondary">{text.revoked}</Badge>
                    ) : (
                      <Button
                        type="button"
                        variant="outline"
                        aria-label={format(text.revokeFor, { name: key.name })}
                        disabled={revoke.isPending}
                        onClick={() => revoke.mutate(key.id)}
                      >
                        {text.revoke}
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </CardContent>
      </Card>
      <WebhookEndpointsSection />
    </div>
  );
}
