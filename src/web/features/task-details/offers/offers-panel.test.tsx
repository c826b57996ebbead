// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { OfferDto, OffersResponse } from '@shared/schemas/offers.schemas';
import { api } from '@web/lib/api';
import { AssignButton, OffersPanel } from './offers-panel';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));
vi.mock('@web/lib/api', async (original) => ({
  ...(await original<typeof import('@web/lib/api')>()),
  api: { get: vi.fn(), post: vi.fn() },
}));

const BASE = '/api/tasks/task-1/applications/app-1/offers';

const offer = (overrides: Partial<OfferDto> = {}): OfferDto => ({
  id: 'offer-1',
  application_id: 'app-1',
  proposed_by: 'client',
  round: 1,
  amount: 10_000,
  previous_amount: 12_000,
  note: 'My budget is $100.',
  status: 'pending',
  created_at: '2026-12-06T12:00:00.000Z',
  decided_at: null,
  ...overrides,
});

function renderPanel(answer: OffersResponse) {
  vi.mocked(api.get).mockResolvedValue(answer);
  vi.mocked(api.post).mockResolvedValue({ offer: offer(), rate: 10_000, message: 'ok' });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <OffersPanel taskId="task-1" applicationId="app-1" open />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

beforeEach(() => {
  cleanup();
  vi.mocked(api.get).mockReset();
  vi.mocked(api.post).mockReset();
});

describe('OffersPanel (issue 51)', () => {
  it("lets the client propose another rate in a labelled dialog, checked before it is sent", async () => {
    const user = renderPanel({ offers: [], rate: 12_000, rounds_left: 3, you: 'client' });
    await user.click(await screen.findByRole('button', { name: 'Propose another rate' }));
    expect(screen.getByRole('dialog', { name: 'Propose another rate' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send proposal' }));
    expect(await screen.findByText('Enter the rate you propose.')).toBeInTheDocument();
    expect(api.post).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText(/Rate \(USD\)/), '100.50');
    await user.type(screen.getByLabelText(/Note/), 'My budget is $100.');
    await user.click(screen.getByRole('button', { name: 'Send proposal' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith(BASE, { amount: 10_050, note: 'My budget is $100.' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the expert the pending proposal with Accept, Decline and Counter, and the history', async () => {
    const user = renderPanel({ offers: [offer()], rate: 12_000, rounds_left: 2, you: 'expert' });
    expect(await screen.findByText('$100.00')).toBeInTheDocument();
    expect(screen.getByText('Waiting for an answer')).toBeInTheDocument();
    expect(screen.getByText('2 proposals left')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Propose another rate' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith(`${BASE}/offer-1/accept`, undefined));

    await user.click(screen.getByRole('button', { name: 'Counter' }));
    await user.type(screen.getByLabelText(/Rate \(USD\)/), '110');
    await user.type(screen.getByLabelText(/Note/), 'Meet at $110?');
    await user.click(screen.getByRole('button', { name: 'Send proposal' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith(`${BASE}/offer-1/counter`, { amount: 11_000, note: 'Meet at $110?' }));
  });

  it('offers the proposer only Withdraw, and no Counter once the proposals are used up', async () => {
    const user = renderPanel({ offers: [offer()], rate: 12_000, rounds_left: 2, you: 'client' });
    await user.click(await screen.findByRole('button', { name: 'Withdraw' }));
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    await waitFor(() => expect(api.post).toHaveBeenCalledWith(`${BASE}/offer-1/withdraw`, undefined));
    cleanup();
    renderPanel({ offers: [offer({ round: 3 })], rate: 12_000, rounds_left: 0, you: 'expert' });
    expect(await screen.findByRole('button', { name: 'Decline' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Counter' })).toBeNull();
  });

  it("keeps Assign disabled, saying why, while a proposal waits; enabled once it is answered", async () => {
    const onAssign = vi.fn();
    vi.mocked(api.get).mockResolvedValue({ offers: [offer()], rate: 12_000, rounds_left: 2, you: 'client' } satisfies OffersResponse);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AssignButton taskId="task-1" applicationId="app-1" disabled={false} label="Assign" onAssign={onAssign} />
      </QueryClientProvider>,
    );
    const button = screen.getByRole('button', { name: 'Assign' });
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveAccessibleDescription(/waiting for an answer/);
    cleanup();
    vi.mocked(api.get).mockResolvedValue({ offers: [offer({ status: 'accepted' })], rate: 10_000, rounds_left: 2, you: 'client' } satisfies OffersResponse);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AssignButton taskId="task-1" applicationId="app-1" disabled={false} label="Assign" onAssign={onAssign} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(vi.mocked(api.get)).toHaveBeenCalledTimes(2));
    const enabled = screen.getByRole('button', { name: 'Assign' });
    await userEvent.setup().click(enabled);
    expect(onAssign).toHaveBeenCalledTimes(1);
  });
});
