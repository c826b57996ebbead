// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { messages } from '@shared/messages';
import type { TaskDetailsDto } from '@shared/schemas/task-api';
import { PaymentSection } from './payment-section';

const CLIENT_ID = 'client-1';
vi.mock('@web/lib/session', () => ({ useMe: () => ({ data: { user: { id: CLIENT_ID } } }) }));
vi.mock('@web/lib/runtime-config', () => ({ useRuntimeConfig: () => ({ data: { paymentProvider: 'local', publishableKey: null } }) }));

const text = messages.payment.section;

function task(overrides: Partial<TaskDetailsDto> = {}): TaskDetailsDto {
  return {
    id: 'task-1',
    status: 'assigned',
    payment_status: 'unpaid',
    client_id: CLIENT_ID,
    expert_id: 'expert-1',
    budget: 10_000,
    budget_figure: 10_000,
    authorization_hold_expires_at: null,
    transactions: [],
    capabilities: ['view', 'authorize_payment'],
    ...overrides,
  } as TaskDetailsDto;
}

const renderSection = (value: TaskDetailsDto, now = new Date('2026-03-15T12:00:00Z')) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PaymentSection task={value} now={now} />
    </QueryClientProvider>,
  );

describe('PaymentSection', () => {
  it('follows the task: a cancelled task whose hold was voided says so, not "Payment Pending" (issue 52)', () => {
    const voided = { id: 'tx-1', amount: 10_000, platform_fee: 1_000, status: 'voided', created_at: '2026-03-14T12:00:00Z' };
    renderSection(
      task({
        status: 'cancelled',
        payment_status: 'unpaid',
        transactions: [voided] as TaskDetailsDto['transactions'],
        capabilities: ['view'],
      }),
    );
    expect(screen.queryByText(messages.paymentStatus.pending)).toBeNull();
    expect(screen.getAllByText(text.cancelledReleased).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: text.authorize })).toBeNull();
  });

  it('a cancelled task still holding, refunded, or never paid says which', () => {
    const { rerender } = renderSection(
      task({ status: 'cancelled', payment_status: 'authorized', authorization_hold_expires_at: '2026-03-16T12:00:00Z', capabilities: ['view'] }),
    );
    expect(screen.getAllByText(text.cancelledReleasing).length).toBeGreaterThan(0);
    expect(screen.queryByText(text.holdExpiresLabel)).toBeNull();
    const refunded = { id: 'tx-2', amount: 10_000, platform_fee: 1_000, status: 'refunded', created_at: '2026-03-14T12:00:00Z' };
    rerender(
      <QueryClientProvider client={new QueryClient()}>
        <PaymentSection
          task={task({ status: 'cancelled', payment_status: 'captured', transactions: [refunded] as TaskDetailsDto['transactions'], capabilities: ['view'] })}
        />
      </QueryClientProvider>,
    );
    expect(screen.getAllByText(text.cancelledRefunded).length).toBeGreaterThan(0);
    rerender(
      <QueryClientProvider client={new QueryClient()}>
        <PaymentSection task={task({ status: 'cancelled', payment_status: 'unpaid', capabilities: ['view'] })} />
      </QueryClientProvider>,
    );
    expect(screen.getAllByText(text.cancelledNoPayment).length).toBeGreaterThan(0);
  });

  it('shows the pending label, the 10/90 split and the authorize button for an unpaid assigned task', async () => {
    renderSection(task());
    expect(screen.getAllByText(messages.paymentStatus.pending).length).toBeGreaterThan(0);
    expect(screen.getByText('$100.00')).toBeInTheDocument();
    expect(screen.getByText('$10.00')).toBeInTheDocument();
    expect(screen.getByText('$90.00')).toBeInTheDocument();
    expect(screen.getByText(text.nextUnpaid)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: text.authorize }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: messages.payment.dialog.agree })).toBeDisabled();
  });

  it('is only for the task’s client, once an expert is assigned and the task is not open', () => {
    const { container, rerender } = renderSection(task({ client_id: 'someone-else' }));
    expect(container).toBeEmptyDOMElement();
    rerender(
      <QueryClientProvider client={new QueryClient()}>
        <PaymentSection task={task({ status: 'open', expert_id: null })} />
      </QueryClientProvider>,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('offers a capture retry on a verified task whose hold was not captured', () => {
    renderSection(
      task({
        status: 'verified',
        payment_status: 'authorized',
        authorization_hold_expires_at: '2026-03-20T12:00:00Z',
        capabilities: ['view', 'capture_payment'],
        transactions: [
          { id: 't1', task_id: 'task-1', amount: 10_000, platform_fee: 1_000, platform_fee_percent: 10, status: 'authorized', created_at: '2026-03-14T12:00:00Z' },
        ],
      }),
    );
    expect(screen.getByRole('button', { name: text.retryCapture })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: text.authorize })).not.toBeInTheDocument();
    expect(screen.getByText(messages.payment.transactionStatus.authorized)).toBeInTheDocument();
    // Confirmed work whose capture its job still owes reads "being captured", not "failed" (decision 0440).
    expect(screen.getByRole('status')).toHaveTextContent(text.beingCapturedTitle);
    expect(screen.queryByText(text.nextCaptureFailed)).not.toBeInTheDocument();
  });

  it('says nothing of a capture before the work is confirmed, or once it is recorded', () => {
    const { unmount } = renderSection(task({ status: 'in_progress', payment_status: 'authorized', authorization_hold_expires_at: '2026-03-20T12:00:00Z' }));
    expect(screen.queryByText(text.beingCapturedTitle)).not.toBeInTheDocument();
    unmount();
    renderSection(task({ status: 'verified', payment_status: 'captured', capabilities: ['view'] }));
    expect(screen.queryByText(text.beingCapturedTitle)).not.toBeInTheDocument();
  });

  it('warns when the authorization hold has expired', () => {
    renderSection(task({ payment_status: 'authorized', authorization_hold_expires_at: '2026-03-01T12:00:00Z' }));
    expect(screen.getByText(text.holdExpired)).toBeInTheDocument();
  });
});
