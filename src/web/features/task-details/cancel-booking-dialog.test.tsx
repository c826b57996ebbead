// @vitest-environment jsdom
import { describe, expect, it, vi, beforeEach } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { CancelBookingDialog } from './cancel-booking-dialog';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));
vi.mock('@web/lib/api', async (original) => ({
  ...(await original<typeof import('@web/lib/api')>()),
  api: { get: vi.fn(), post: vi.fn() },
}));

const LATE = {
  fee_cents: 3_000,
  platform_fee_cents: 300,
  expert_cents: 2_700,
  released_cents: 9_000,
  rule: 'late',
  party: 'client',
  rule_text: 'The agreed visit starts in less than 24 hours: the expert receives a call-out fee of $30.00, the rest of the hold ($90.00) is released.',
  agreed_start: '2026-12-06T14:00:00.000Z',
  server_now: '2026-12-06T12:00:00.000Z',
};

function renderDialog(party: 'client' | 'expert') {
  render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient()}>
        <CancelBookingDialog taskId="task-1" party={party} label="Cancel Task" busyLabel="Cancelling..." />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

beforeEach(() => {
  cleanup();
  vi.mocked(api.get).mockReset();
  vi.mocked(api.post).mockReset();
});

describe('CancelBookingDialog (issue 50)', () => {
  it("shows the late cancel's exact amounts before the click, asks for a reason, and sends the fee it showed", async () => {
    vi.mocked(api.get).mockResolvedValue(LATE);
    vi.mocked(api.post).mockResolvedValue({ message: 'ok' });
    const user = renderDialog('client');
    await user.click(screen.getByRole('button', { name: 'Cancel Task' }));
    expect(await screen.findByText('Call-out fee charged: $30.00 (the expert receives $27.00, platform fee $3.00)')).toBeInTheDocument();
    expect(screen.getByText('Released back to the card: $90.00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cancellation policy' })).toHaveAttribute('href', '/cancellation-policy');
    expect(api.get).toHaveBeenCalledWith('/api/tasks/task-1/cancellation-quote');

    await user.click(screen.getByRole('button', { name: 'Cancel and pay $30.00' }));
    expect(screen.getByText('Choose a reason for cancelling')).toBeInTheDocument();
    expect(api.post).not.toHaveBeenCalled();

    await user.click(screen.getByRole('radio', { name: 'My plans changed' }));
    await user.type(screen.getByLabelText('Anything to add (optional)'), 'Bought another car');
    await user.click(screen.getByRole('button', { name: 'Cancel and pay $30.00' }));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith('/api/tasks/task-1/cancel', { reason: 'plans_changed', note: 'Bought another car', expected_fee_cents: 3_000 }),
    );
  });

  it("the expert's dialog offers the expert's reasons and posts to expert-cancel", async () => {
    vi.mocked(api.get).mockResolvedValue({ ...LATE, fee_cents: 0, platform_fee_cents: 0, expert_cents: 0, released_cents: 12_000, rule: 'expert', party: 'expert', rule_text: 'The expert cancels.' });
    vi.mocked(api.post).mockResolvedValue({ message: 'ok' });
    const user = renderDialog('expert');
    await user.click(screen.getByRole('button', { name: 'Cancel Task' }));
    expect(await screen.findByText('The expert cancels.')).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'My plans changed' })).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'I am ill or had an emergency' }));
    await user.click(screen.getByRole('button', { name: 'Cancel my booking' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/api/tasks/task-1/expert-cancel', { reason: 'expert_unwell', note: undefined }));
  });
});
