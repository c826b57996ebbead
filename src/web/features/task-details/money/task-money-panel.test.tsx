// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@shared/messages';
import type { TaskMoneyDto } from '@shared/schemas/disputes.schemas';
import { TaskMoneyPanel } from './task-money-panel';

const holdsText = messages.holds;
let money: TaskMoneyDto;

vi.mock('./money-api', () => ({ useTaskMoney: () => ({ data: { ...money, offsetMs: 0 } }) }));
vi.mock('../payment', () => ({
  PaymentDialog: (props: { open: boolean; renewal?: boolean }) =>
    props.open ? <div role="dialog" data-renewal={String(props.renewal)} /> : null,
}));

afterEach(() => cleanup());

const NOW = new Date('2026-01-10T12:00:00Z');
function moneyWith(overrides: Partial<TaskMoneyDto>): TaskMoneyDto {
  return {
    task_id: 'task-1',
    status: 'in_progress',
    payment_status: 'authorized',
    authorization_hold_expires_at: new Date(NOW.getTime() + 20 * 3_600_000).toISOString(),
    review_window_ends_at: null,
    dispute: null,
    can_resubmit: false,
    can_accept_rejection: false,
    can_reauthorize: true,
    has_saved_card: false,
    reauthorize_with: 'payment_dialog',
    amount_cents: 10_000,
    server_now: NOW.toISOString(),
    ...overrides,
  };
}

function renderPanel() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <TaskMoneyPanel taskId="task-1" viewer="client" />
    </QueryClientProvider>,
  );
}

describe('TaskMoneyPanel re-authorization', () => {
  it('offers the payment dialog, as a renewal of the live hold, when the saved card cannot be reused', async () => {
    money = moneyWith({ reauthorize_with: 'payment_dialog' });
    renderPanel();
    expect(screen.queryByRole('button', { name: holdsText.reauthorizeButton })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: holdsText.reauthorizeDialogButton }));
    expect(screen.getByRole('dialog')).toHaveAttribute('data-renewal', 'true');
  });

  it('keeps the saved-card button when the API says the saved card works', () => {
    money = moneyWith({ reauthorize_with: 'saved_card', has_saved_card: true });
    renderPanel();
    expect(screen.getByRole('button', { name: holdsText.reauthorizeButton })).toBeEnabled();
    expect(screen.queryByRole('button', { name: holdsText.reauthorizeDialogButton })).not.toBeInTheDocument();
  });

  it('offers nothing while the hold has more than a day left', () => {
    money = moneyWith({ authorization_hold_expires_at: new Date(NOW.getTime() + 30 * 3_600_000).toISOString() });
    renderPanel();
    expect(screen.queryByRole('button', { name: holdsText.reauthorizeDialogButton })).not.toBeInTheDocument();
  });
});

describe('TaskMoneyPanel after a cancel (issue 52)', () => {
  it('counts down no hold on a cancelled task whose void is still owed', () => {
    money = moneyWith({ status: 'cancelled', can_reauthorize: false });
    renderPanel();
    expect(screen.queryByTestId('task-money-panel')).not.toBeInTheDocument();
  });
});
