// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@shared/messages';
import type { AdminDisputeDto } from '@shared/schemas/disputes.schemas';
import { headingOrderProblems } from '@web/test/page-structure';
import { DisputesPanel } from './index';
import { centsFromDollars } from './refund-control';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const DISPUTE: AdminDisputeDto = {
  id: '00000000-0000-4000-8000-000000000001',
  task_id: '00000000-0000-4000-8000-000000000002',
  reason: 'The kitchen video is missing.',
  request_changes: true,
  status: 'open',
  resolution: null,
  captured_amount: null,
  resubmitted_at: null,
  resolved_at: null,
  created_at: '2026-01-01T00:00:00.000Z',
  task: {
    id: '00000000-0000-4000-8000-000000000002',
    title: 'Inspect the apartment',
    status: 'disputed',
    budget: 10_000,
    payment_status: 'authorized',
    authorization_hold_expires_at: new Date(Date.now() + 2 * 86_400_000).toISOString(),
  },
  client_id: '00000000-0000-4000-8000-0000000000c1',
  client_name: 'Casey Client',
  expert_id: '00000000-0000-4000-8000-0000000000e1',
  expert_name: 'Sam Smith',
};

function setup() {
  const posts: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      if (init?.method === 'POST') {
        posts.push({ url, body: JSON.parse(String(init.body)) });
        return json({ message: messages.disputes.resolved });
      }
      if (url.startsWith('/api/admin/disputes?status=open')) return json({ disputes: [DISPUTE] });
      if (url.startsWith('/api/admin/disputes')) return json({ disputes: [] });
      return json({ transactions: [] });
    }),
  );
  const router = createMemoryRouter([{ path: '/', element: <DisputesPanel /> }]);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return posts;
}

describe('DisputesPanel', () => {
  it('lists open disputes with the reason, the amount and the hold countdown, and releases one', async () => {
    const posts = setup();
    expect(await screen.findByText('Inspect the apartment')).toBeInTheDocument();
    expect(screen.getByText(/The kitchen video is missing\./)).toBeInTheDocument();
    // Issue 52: the task opens its page, each party the Users tab filtered to them.
    expect(screen.getByRole('link', { name: 'Inspect the apartment' })).toHaveAttribute('href', `/task/${DISPUTE.task_id}`);
    expect(screen.getByRole('link', { name: 'Casey Client' })).toHaveAttribute('href', `/admin?tab=users&search=${DISPUTE.client_id}`);
    expect(screen.getByRole('link', { name: 'Sam Smith' })).toHaveAttribute('href', `/admin?tab=users&search=${DISPUTE.expert_id}`);
    expect(screen.getByText(/\$100\.00/)).toBeInTheDocument();
    expect(screen.getByTestId('countdown').textContent).toMatch(/^Payment hold expires in 1d 23h|2d 0h$/);
    expect(await screen.findByText(messages.holds.refundsEmpty)).toBeInTheDocument();
    // The tab is named by its one h1, and its cards' headings follow in order (issue 25).
    expect(screen.getByRole('heading', { level: 1, name: 'Disputes' })).toBeInTheDocument();
    expect(headingOrderProblems()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: messages.disputes.release }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({ url: `/api/admin/disputes/${DISPUTE.id}/resolve`, body: { resolution: 'release' } });
  });

  it('refuses a partial amount above the authorized one and sends a valid one in cents', async () => {
    const posts = setup();
    const amount = await screen.findByLabelText(messages.disputes.partialAmountLabel);
    fireEvent.change(amount, { target: { value: '100.01' } });
    fireEvent.click(screen.getByRole('button', { name: messages.disputes.partialSubmit }));
    expect(await screen.findByText(messages.disputes.amountInvalid)).toBeInTheDocument();
    expect(posts).toEqual([]);
    fireEvent.change(amount, { target: { value: '40.50' } });
    fireEvent.click(screen.getByRole('button', { name: messages.disputes.partialSubmit }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0].body).toEqual({ resolution: 'partial', amount_cents: 4_050 });
  });
});

describe('centsFromDollars', () => {
  it.each([
    ['12', 1200],
    ['12.5', 1250],
    ['0.01', 1],
    ['0', null],
    ['-1', null],
    ['1.234', null],
    ['abc', null],
  ])('%s -> %s', (text, cents) => {
    expect(centsFromDollars(text)).toBe(cents);
  });
});
