// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WEBHOOK_EVENT_TYPES } from '@shared/constants';
import type { WebhookEndpointDto } from '@shared/schemas/webhooks.schemas';
import { WebhookEndpointsSection } from './webhook-endpoints-section';

afterEach(() => {
  vi.unstubAllGlobals();
});

const endpoint = (overrides: Partial<WebhookEndpointDto> = {}): WebhookEndpointDto => ({
  id: 'e-1',
  url: 'https://example.com/hooks',
  description: null,
  events: ['task.created'],
  disabled_at: null,
  disabled_reason: null,
  failing_since: null,
  previous_secret_expires_at: null,
  created_at: '2026-12-06T13:45:00.000Z',
  ...overrides,
});

/** A fake server: the list, and a create that answers with the secret once (or `refuse` with a 400). */
function setup(initial: WebhookEndpointDto[], refuse?: string) {
  let list = initial;
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      if (method === 'POST') {
        if (refuse) return Response.json({ error: { code: 'invalid_request', message: refuse } }, { status: 400 });
        const created = endpoint({ id: 'e-2', url: body.url, events: body.events, description: body.description ?? null });
        list = [created, ...list];
        return Response.json({ endpoint: created, secret: 'whsec_onceonlysecret' }, { status: 201 });
      }
      return Response.json({ endpoints: list });
    }),
  );
  const writeText = vi.fn(async () => undefined);
  vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <WebhookEndpointsSection />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { calls, writeText };
}

describe('the webhook endpoints of the Developers tab (issue 54)', () => {
  it('adds an endpoint, shows its secret once with Copy, and lists it with a link to its page', async () => {
    const user = userEvent.setup();
    const { calls, writeText } = setup([]);
    expect(await screen.findByText('No endpoints yet.')).toBeInTheDocument();
    // Every event is checked to start with; one is unchecked with the keyboard.
    const events = within(screen.getByRole('group', { name: 'Events' }));
    expect(events.getAllByRole('checkbox')).toHaveLength(WEBHOOK_EVENT_TYPES.length);
    events.getByRole('checkbox', { name: 'payment.refunded' }).focus();
    await user.keyboard(' ');
    await user.type(screen.getByLabelText('Description (optional)'), 'CRM');
    await user.type(screen.getByLabelText('Endpoint URL'), 'https://crm.example.com/in{Enter}');

    const field = await screen.findByRole('textbox', { name: 'Signing secret' });
    expect(field).toHaveValue('whsec_onceonlysecret');
    expect(field).toHaveAttribute('readonly');
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/me/webhook-endpoints',
      body: { url: 'https://crm.example.com/in', events: WEBHOOK_EVENT_TYPES.filter((e) => e !== 'payment.refunded'), description: 'CRM' },
    });
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('whsec_onceonlysecret');
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();

    const [row] = await screen.findAllByTestId('webhook-endpoint');
    const link = within(row!).getByRole('link', { name: 'Open https://crm.example.com/in' });
    expect(link).toHaveAttribute('href', '/profile/webhooks/e-2');
    expect(row).toHaveTextContent('Enabled');
    expect(row).toHaveTextContent(`${WEBHOOK_EVENT_TYPES.length - 1} events`);
    expect(row).toHaveTextContent('CRM');
    // The form is empty again, and the secret goes for good with Done.
    expect(screen.getByLabelText('Endpoint URL')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('textbox', { name: 'Signing secret' })).toBeNull();
    expect(screen.queryByDisplayValue('whsec_onceonlysecret')).toBeNull();
  });

  it("shows the server's refusal in the form and keeps what was typed", async () => {
    const user = userEvent.setup();
    setup([], 'The endpoint must use https.');
    await user.type(await screen.findByLabelText('Endpoint URL'), 'http://crm.example.com/in');
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not add the endpoint: The endpoint must use https.');
    expect(screen.getByLabelText('Endpoint URL')).toHaveValue('http://crm.example.com/in');
    expect(screen.queryByRole('textbox', { name: 'Signing secret' })).toBeNull();
  });

  it('says in words whether each endpoint is enabled, disabled or failing', async () => {
    setup([
      endpoint(),
      endpoint({ id: 'e-2', url: 'https://b.example.com/x', disabled_at: '2026-12-06T14:00:00.000Z', disabled_reason: 'owner' }),
      endpoint({ id: 'e-3', url: 'https://c.example.com/x', failing_since: '2026-12-06T14:00:00.000Z', events: ['task.created', 'task.assigned'] }),
    ]);
    const rows = await screen.findAllByTestId('webhook-endpoint');
    expect(rows.map((row) => within(row).getByText(/^(Enabled|Disabled|Failing)$/).textContent)).toEqual(['Enabled', 'Disabled', 'Failing']);
    expect(rows[0]).toHaveTextContent('1 event');
    expect(rows[2]).toHaveTextContent('2 events');
  });
});
