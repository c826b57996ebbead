// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiKeyDto } from '@shared/schemas/api-keys.schemas';
import { DevelopersTab } from './developers-tab';

afterEach(() => {
  vi.unstubAllGlobals();
});

const key = (overrides: Partial<ApiKeyDto> = {}): ApiKeyDto => ({
  id: 'k-1',
  name: 'Listing sync',
  prefix: 'lek_live_AbC',
  scopes: ['tasks:read', 'tasks:write'],
  created_at: '2026-12-06T13:45:00.000Z',
  last_used_at: null,
  expires_at: null,
  revoked_at: null,
  ...overrides,
});

/** A fake server: the list, a create that answers with the whole key once, a revoke. */
function setup(initial: ApiKeyDto[]) {
  let list = initial;
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      // The webhook endpoints below the keys (their own tests: webhook-endpoints-section.test.tsx).
      if (url.startsWith('/api/me/webhook-endpoints')) return Response.json({ endpoints: [] });
      if (method === 'POST') {
        const created = key({ id: 'k-2', name: body.name, scopes: body.scopes, prefix: 'lek_live_XyZ' });
        list = [created, ...list];
        return Response.json({ api_key: created, secret: 'lek_live_XyZsecretsecret' }, { status: 201 });
      }
      if (method === 'DELETE') {
        list = list.map((k) => (url.endsWith(k.id) ? { ...k, revoked_at: '2026-12-06T14:00:00.000Z' } : k));
        return Response.json({ api_key: list.find((k) => url.endsWith(k.id)) });
      }
      return Response.json({ api_keys: list });
    }),
  );
  const writeText = vi.fn(async () => undefined);
  vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <DevelopersTab />
    </QueryClientProvider>,
  );
  return { calls, writeText };
}

describe('the Developers tab (issue 54)', () => {
  it('lists keys by prefix, name, scopes and times, never the key itself', async () => {
    setup([key()]);
    const [row] = await screen.findAllByTestId('api-key');
    expect(row).toHaveTextContent('Listing sync');
    expect(row).toHaveTextContent('lek_live_AbC…');
    expect(row).toHaveTextContent('tasks:write');
    expect(row).toHaveTextContent('Never');
  });

  it('creates a key with the keyboard, shows it once in a read-only field with Copy, and revokes a key', async () => {
    const user = userEvent.setup();
    const { calls, writeText } = setup([]);
    expect(await screen.findByText('No API keys yet.')).toBeInTheDocument();
    // A scope is a checkbox (Space toggles it); Enter in the name field submits.
    screen.getByRole('checkbox', { name: /messages:write/ }).focus();
    await user.keyboard(' ');
    await user.type(screen.getByLabelText('Key name'), 'CRM{Enter}');
    const field = await screen.findByRole('textbox', { name: 'Your new key' });
    expect(field).toHaveValue('lek_live_XyZsecretsecret');
    expect(field).toHaveAttribute('readonly');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ name: 'CRM', scopes: ['tasks:read', 'messages:write'], expires_at: null });
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('lek_live_XyZsecretsecret');
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('textbox', { name: 'Your new key' })).toBeNull();

    const row = (await screen.findAllByTestId('api-key'))[0]!;
    await user.click(within(row).getByRole('button', { name: 'Revoke key CRM' }));
    await waitFor(() => expect(within(screen.getAllByTestId('api-key')[0]!).getByText('Revoked')).toBeInTheDocument());
    expect(calls.some((call) => call.method === 'DELETE' && call.url.endsWith('/api/me/api-keys/k-2'))).toBe(true);
  });

  it('says when loading failed', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ error: { code: 'internal', message: 'Down' } }, { status: 503 })));
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <DevelopersTab />
      </QueryClientProvider>,
    );
    // The keys' alert (the webhook endpoints below have their own).
    expect(await screen.findByText(/^Failed to load API keys: /)).toHaveAttribute('role', 'alert');
  });
});
