// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WebhookDeliveryDto, WebhookEndpointDto } from '@shared/schemas/webhooks.schemas';
import WebhookEndpointPage from './webhook-endpoint-page';
import { DELIVERIES_POLL_MS, webhookDeliveriesQuery } from './webhooks-api';

afterEach(() => {
  vi.unstubAllGlobals();
});

const endpoint = (overrides: Partial<WebhookEndpointDto> = {}): WebhookEndpointDto => ({
  id: 'e-1',
  url: 'https://example.com/hooks',
  description: 'Listing sync',
  events: ['task.created', 'task.assigned'],
  disabled_at: null,
  disabled_reason: null,
  failing_since: null,
  previous_secret_expires_at: null,
  created_at: '2026-12-06T13:45:00.000Z',
  ...overrides,
});

const delivery = (overrides: Partial<WebhookDeliveryDto> = {}): WebhookDeliveryDto => ({
  id: 'd-1',
  event_id: 'ev-1',
  event_type: 'task.created',
  status: 'succeeded',
  attempts: 1,
  response_status: 200,
  last_error: null,
  last_attempt_at: '2026-12-06T14:00:00.000Z',
  next_attempt_at: null,
  delivered_at: '2026-12-06T14:00:00.000Z',
  created_at: '2026-12-06T14:00:00.000Z',
  ...overrides,
});

/** A fake server for one endpoint: its reads, PATCH, roll, DELETE and resend. */
function setup(initial: WebhookEndpointDto, log: WebhookDeliveryDto[]) {
  let deliveries = log;
  let current = initial;
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      if (url.endsWith('/resend')) {
        const queued = delivery({ id: 'd-9', status: 'pending', attempts: 0, response_status: null, last_attempt_at: null });
        deliveries = [queued, ...deliveries];
        return Response.json({ delivery: queued }, { status: 201 });
      }
      if (url.endsWith('/deliveries')) return Response.json({ deliveries });
      if (url.endsWith('/roll-secret')) return Response.json({ endpoint: current, secret: 'whsec_rolled' });
      if (method === 'DELETE') return Response.json({ deleted: true });
      if (method === 'PATCH') {
        current = {
          ...current,
          ...(body.events ? { events: body.events } : {}),
          ...(body.enabled === undefined ? {} : { disabled_at: body.enabled ? null : '2026-12-06T15:00:00.000Z', disabled_reason: body.enabled ? null : 'owner' }),
        };
        return Response.json({ endpoint: current });
      }
      if (url === '/api/me/webhook-endpoints') return Response.json({ endpoints: [current] });
      return Response.json({ endpoint: current });
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/profile/webhooks/e-1']}>
        <Routes>
          <Route path="/profile/webhooks/:endpointId" element={<WebhookEndpointPage />} />
          <Route path="/profile" element={<p>Profile page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { calls };
}

describe('the webhook endpoint page (issue 54)', () => {
  it('shows the endpoint and lists its deliveries; Resend posts to the delivery and says so', async () => {
    const user = userEvent.setup();
    const { calls } = setup(endpoint(), [
      delivery({ id: 'd-2', event_type: 'task.assigned', status: 'failed', attempts: 3, response_status: 500, last_error: 'Internal Server Error' }),
      delivery({ id: 'd-3', status: 'pending', attempts: 1, response_status: null, last_error: 'connect ECONNREFUSED', next_attempt_at: '2026-12-06T14:05:00.000Z' }),
      delivery(),
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Webhook endpoint' })).toBeInTheDocument();
    expect(screen.getByText('https://example.com/hooks')).toBeInTheDocument();
    expect(screen.getByText('Enabled')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Developers' })).toHaveAttribute('href', '/profile?tab=developers');

    const table = await screen.findByRole('table', { name: 'Deliveries' });
    const rows = within(table).getAllByTestId('webhook-delivery');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('task.assigned');
    expect(rows[0]).toHaveTextContent('Failed');
    expect(rows[0]).toHaveTextContent('500');
    expect(rows[0]).toHaveTextContent('Internal Server Error');
    expect(rows[1]).toHaveTextContent('Pending');
    expect(rows[1]).toHaveTextContent('No answer');
    expect(rows[1]).toHaveTextContent('Next try');
    expect(rows[2]).toHaveTextContent('Delivered');

    await user.click(within(rows[0]!).getByRole('button', { name: /^Resend task\.assigned/ }));
    expect(await screen.findByText('Queued again.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      '/api/me/webhook-endpoints/e-1/deliveries/d-2/resend',
    ]);
    // The log is read again with the new delivery, and the endpoint (its status may have changed) too.
    await waitFor(() => expect(screen.getAllByTestId('webhook-delivery')).toHaveLength(4));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'GET' && call.url === '/api/me/webhook-endpoints/e-1')).toHaveLength(2),
    );
  });

  it('disables Resend on a disabled endpoint and enables it again', async () => {
    const user = userEvent.setup();
    const { calls } = setup(endpoint({ disabled_at: '2026-12-06T15:00:00.000Z', disabled_reason: 'owner' }), [delivery()]);
    const [row] = await screen.findAllByTestId('webhook-delivery');
    expect(screen.getByText('Disabled')).toBeInTheDocument();
    expect(within(row!).getByRole('button', { name: /^Resend/ })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Enable' }));
    expect(await screen.findByRole('button', { name: 'Disable' })).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ enabled: true });
    expect(within(row!).getByRole('button', { name: /^Resend/ })).toBeEnabled();
  });

  it('saves the events, rolls the secret once with the 24-hour hint, and deletes after a confirmation', async () => {
    const user = userEvent.setup();
    const { calls } = setup(endpoint(), []);
    expect(await screen.findByText('No deliveries yet. Events you subscribe to appear here.')).toBeInTheDocument();

    const events = within(screen.getByRole('group', { name: 'Events' }));
    expect(events.getByRole('checkbox', { name: 'task.created' })).toBeChecked();
    await user.click(events.getByRole('checkbox', { name: 'payment.captured' }));
    await user.click(screen.getByRole('button', { name: 'Save events' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ events: ['task.created', 'task.assigned', 'payment.captured'] });

    await user.click(screen.getByRole('button', { name: 'Roll secret' }));
    expect(await screen.findByRole('textbox', { name: 'Signing secret' })).toHaveValue('whsec_rolled');
    expect(screen.getByText('The old secret keeps working for 24 hours.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete endpoint' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Its delivery log is deleted with it.');
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete endpoint' }));
    expect(await screen.findByText('Profile page')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'DELETE')?.url).toBe('/api/me/webhook-endpoints/e-1');
  });

  it('says when the endpoint cannot be loaded', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ error: { code: 'not_found', message: 'Webhook endpoint not found.' } }, { status: 404 })));
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/profile/webhooks/e-1']}>
          <Routes>
            <Route path="/profile/webhooks/:endpointId" element={<WebhookEndpointPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the endpoint: Webhook endpoint not found.');
  });

  it('asks for the log again every few seconds only while a delivery is pending', () => {
    const interval = webhookDeliveriesQuery('e-1').refetchInterval as (query: { state: { data?: WebhookDeliveryDto[] } }) => number | false;
    expect(interval({ state: { data: [delivery(), delivery({ status: 'pending' })] } })).toBe(DELIVERIES_POLL_MS);
    expect(interval({ state: { data: [delivery(), delivery({ status: 'failed' })] } })).toBe(false);
    expect(interval({ state: {} })).toBe(false);
    expect(DELIVERIES_POLL_MS).toBeLessThanOrEqual(5_000);
  });
});
