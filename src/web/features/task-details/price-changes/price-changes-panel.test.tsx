// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { PriceChangeDto, PriceChangesResponse } from '@shared/schemas/price-changes.schemas';
import { api } from '@web/lib/api';
import { PriceChangesPanel } from './price-changes-panel';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));
vi.mock('@web/lib/api', async (original) => ({
  ...(await original<typeof import('@web/lib/api')>()),
  api: { get: vi.fn(), post: vi.fn() },
}));

const BASE = '/api/tasks/task-1/price-changes';

const change = (overrides: Partial<PriceChangeDto> = {}): PriceChangeDto => ({
  id: 'change-1',
  proposed_by: 'expert',
  previous_amount: 10_000,
  amount: 13_000,
  reason: 'A second car on the lot.',
  status: 'pending',
  authorization: null,
  created_at: '2026-12-06T12:00:00.000Z',
  decided_at: null,
  ...overrides,
});

function renderPanel(answer: PriceChangesResponse) {
  vi.mocked(api.get).mockResolvedValue(answer);
  vi.mocked(api.post).mockResolvedValue({ change: change(), price: 13_000, message: 'ok' });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PriceChangesPanel taskId="task-1" />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

beforeEach(() => {
  cleanup();
  vi.mocked(api.get).mockReset();
  vi.mocked(api.post).mockReset();
});

describe('PriceChangesPanel (issue 51)', () => {
  it('lets a party propose a new price with a reason in a labelled dialog, checked before it is sent', async () => {
    const user = renderPanel({ changes: [], price: 10_000, you: 'expert', can_propose: true });
    await user.click(await screen.findByRole('button', { name: 'Propose a new price' }));
    expect(screen.getByRole('dialog', { name: 'Propose a new price' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send price change' }));
    expect(await screen.findByText('Enter the new price.')).toBeInTheDocument();
    expect(api.post).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText(/New price \(USD\)/), '130');
    await user.type(screen.getByLabelText(/Reason/), 'A second car on the lot.');
    await user.click(screen.getByRole('button', { name: 'Send price change' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith(BASE, { amount: 13_000, reason: 'A second car on the lot.' }));
  });

  it('shows the other party the pending change with Approve and Decline, and the history with how it was held', async () => {
    const user = renderPanel({
      changes: [change({ id: 'old', status: 'approved', authorization: 'second_hold', amount: 10_000, previous_amount: 9_000 }), change()],
      price: 10_000,
      you: 'client',
      can_propose: false,
    });
    expect(await screen.findByText('$100.00 → $130.00')).toBeInTheDocument();
    expect(screen.getByText('Second hold')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Propose a new price' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith(`${BASE}/change-1/approve`, undefined));
  });

  it('shows the proposer no answer buttons on their own change', async () => {
    renderPanel({ changes: [change()], price: 10_000, you: 'expert', can_propose: false });
    expect(await screen.findByText('Waiting for an answer')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Decline' })).toBeNull();
  });
});
