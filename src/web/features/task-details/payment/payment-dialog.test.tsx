// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { toast } from 'sonner';
import { messages } from '@shared/messages';
import { ruleText } from '@shared/domain/rule-texts';
import { PaymentDialog } from './payment-dialog';
import { confirmAuthorization, createPaymentIntent, createRenewalIntent } from './payment-api';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));
vi.mock('@web/lib/session', () => ({
  useMe: () => ({ data: { user: { id: 'client-1', email: 'c@example.com' } } }),
}));
vi.mock('@web/lib/runtime-config', () => ({
  useRuntimeConfig: () => ({ data: { paymentProvider: 'local', publishableKey: null } }),
}));
vi.mock('./payment-api', async (original) => ({
  ...(await original<typeof import('./payment-api')>()),
  createPaymentIntent: vi.fn(async () => ({
    provider: 'local',
    paymentIntentId: 'pi_local_1',
    paymentIntentClientSecret: 'pi_local_1_secret_x',
    amount: 10_000,
  })),
  createRenewalIntent: vi.fn(async () => ({
    provider: 'local',
    paymentIntentId: 'pi_local_2',
    paymentIntentClientSecret: 'pi_local_2_secret_x',
    amount: 10_000,
  })),
  confirmLocalCard: vi.fn(async () => ({ status: 'requires_capture' })),
  confirmAuthorization: vi.fn(async () => ({ message: messages.payment.authorizationConfirmed, task: {} })),
  refreshTaskQueries: vi.fn(async () => undefined),
}));

const text = messages.payment.dialog;
const card = messages.payment.card;

function renderDialog(renewal = false) {
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PaymentDialog taskId="task-1" open onOpenChange={onOpenChange} amountCents={10_000} renewal={renewal} />
    </QueryClientProvider>,
  );
  return { onOpenChange, user: userEvent.setup() };
}

describe('PaymentDialog', () => {
  it('explains the consent step instead of claiming the payment is already authorized', () => {
    renderDialog();
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveAccessibleDescription(ruleText(messages.polish.consentIntroFee, {}));
    expect(screen.queryByText(messages.payment.authorized)).not.toBeInTheDocument();
  });

  it('raises exactly one toast, with the spec text, when the authorization succeeds', async () => {
    const { user, onOpenChange } = renderDialog();
    await user.click(screen.getByRole('checkbox', { name: text.consentCheckbox }));
    await user.click(screen.getByRole('button', { name: text.agree }));
    expect(await screen.findByRole('dialog')).toHaveAccessibleDescription(text.cardIntro);
    await user.type(await screen.findByLabelText(card.numberLabel, { exact: false }), '4242424242424242');
    await user.type(screen.getByLabelText(card.expiryLabel, { exact: false }), '1230');
    await user.type(screen.getByLabelText(card.cvcLabel, { exact: false }), '123');
    await user.type(screen.getByLabelText(card.nameLabel, { exact: false }), 'Casey Client');
    await user.type(screen.getByLabelText(card.postalCodeLabel, { exact: false }), '10001');
    await user.click(screen.getByRole('button', { name: /^Authorize/ }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(toast.success).toHaveBeenCalledTimes(1);
    expect(toast.success).toHaveBeenCalledWith(messages.payment.authorizationConfirmed);
    expect(toast.info).not.toHaveBeenCalled();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('renews a live hold with a renewal intent, confirmed like any other, and says the old hold is released', async () => {
    vi.clearAllMocks();
    const { user, onOpenChange } = renderDialog(true);
    await user.click(screen.getByRole('checkbox', { name: text.consentCheckbox }));
    await user.click(screen.getByRole('button', { name: text.agree }));
    await user.type(await screen.findByLabelText(card.numberLabel, { exact: false }), '4242424242424242');
    await user.type(screen.getByLabelText(card.expiryLabel, { exact: false }), '1230');
    await user.type(screen.getByLabelText(card.cvcLabel, { exact: false }), '123');
    await user.type(screen.getByLabelText(card.nameLabel, { exact: false }), 'Casey Client');
    await user.type(screen.getByLabelText(card.postalCodeLabel, { exact: false }), '10001');
    await user.click(screen.getByRole('button', { name: /^Authorize/ }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(createRenewalIntent).toHaveBeenCalledWith('task-1');
    expect(createPaymentIntent).not.toHaveBeenCalled();
    expect(confirmAuthorization).toHaveBeenCalledWith(expect.objectContaining({ paymentIntentId: 'pi_local_2' }));
    expect(toast.success).toHaveBeenCalledWith(messages.holds.reauthorizedThroughDialog);
  });
});
