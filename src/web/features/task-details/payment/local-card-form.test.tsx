// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format } from '@shared/format-message';
import { formatUsd } from '@shared/domain/money';
import { messages } from '@shared/messages';
import type { LocalCardResultDto } from '@shared/schemas/task-api';
import { LocalCardForm, type LocalCardFormProps } from './local-card-form';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));

const card = messages.payment.card;
const text = messages.payment.dialog;
const intent = { paymentIntentClientSecret: 'pi_local_1_secret_x', amount: 12_345 };
const payLabel = format(text.pay, { amount: formatUsd(intent.amount) });
const NOW = new Date('2026-03-15T12:00:00Z');

function setup(overrides: Partial<LocalCardFormProps> = {}) {
  const confirmCard = vi.fn(async (): Promise<LocalCardResultDto> => ({ status: 'requires_capture' }));
  const authenticate = vi.fn(async (): Promise<LocalCardResultDto> => ({ status: 'requires_capture' }));
  const onAuthorized = vi.fn();
  render(
    <LocalCardForm
      intent={intent}
      onAuthorized={onAuthorized}
      confirmCard={confirmCard}
      authenticate={authenticate}
      now={() => NOW}
      {...overrides}
    />,
  );
  return { confirmCard, authenticate, onAuthorized, user: userEvent.setup() };
}

async function fill(user: ReturnType<typeof userEvent.setup>, values: Partial<Record<'number' | 'expiry' | 'cvc' | 'name' | 'postal', string>> = {}) {
  const all = { number: '4242424242424242', expiry: '1230', cvc: '123', name: 'Casey Client', postal: '10001', ...values };
  const type = async (label: string, value: string) => {
    if (value) await user.type(screen.getByLabelText(label, { exact: false }), value);
  };
  await type(card.numberLabel, all.number);
  await type(card.expiryLabel, all.expiry);
  await type(card.cvcLabel, all.cvc);
  await type(card.nameLabel, all.name);
  await type(card.postalCodeLabel, all.postal);
}

describe('LocalCardForm', () => {
  it('groups the card number and formats the expiry while typing', async () => {
    const { user } = setup();
    await fill(user);
    expect(screen.getByLabelText(card.numberLabel, { exact: false })).toHaveValue('4242 4242 4242 4242');
    expect(screen.getByLabelText(card.expiryLabel, { exact: false })).toHaveValue('12/30');
  });

  it('shows every field error and sends nothing when the form is empty', async () => {
    const { user, confirmCard } = setup();
    await user.click(screen.getByRole('button', { name: payLabel }));
    for (const message of [card.numberInvalid, card.expiryInvalid, card.cvcInvalid, card.nameRequired, card.postalCodeInvalid]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(screen.getByLabelText(card.numberLabel, { exact: false })).toHaveAttribute('aria-invalid', 'true');
    expect(confirmCard).not.toHaveBeenCalled();
  });

  it.each([
    ['a number failing the checksum', { number: '4242424242424241' }, card.numberInvalid],
    ['a month 13', { expiry: '1330' }, card.expiryInvalid],
    ['an expired card', { expiry: '0226' }, card.expired],
    ['a two-digit CVC', { cvc: '12' }, card.cvcInvalid],
  ])('refuses %s', async (_case, values, message) => {
    const { user, confirmCard } = setup();
    await fill(user, values);
    await user.click(screen.getByRole('button', { name: payLabel }));
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(confirmCard).not.toHaveBeenCalled();
  });

  it('sends a valid card and reports the authorization', async () => {
    const { user, confirmCard, onAuthorized } = setup();
    await fill(user);
    await user.click(screen.getByRole('button', { name: payLabel }));
    await waitFor(() => expect(onAuthorized).toHaveBeenCalled());
    expect(confirmCard).toHaveBeenCalledWith({
      client_secret: intent.paymentIntentClientSecret,
      card_number: '4242 4242 4242 4242',
      exp_month: 12,
      exp_year: 30,
      cvc: '123',
      name: 'Casey Client',
      postal_code: '10001',
    });
  });

  it('shows the decline text and stays on the form', async () => {
    const confirmCard = vi.fn(async (): Promise<LocalCardResultDto> => ({
      status: 'requires_payment_method',
      error: messages.payment.tryDifferentMethod,
    }));
    const { user, onAuthorized } = setup({ confirmCard });
    await fill(user, { number: '4000000000000002' });
    await user.click(screen.getByRole('button', { name: payLabel }));
    expect(await screen.findByText(messages.payment.tryDifferentMethod)).toBeInTheDocument();
    expect(onAuthorized).not.toHaveBeenCalled();
  });

  it('asks for the extra step and completes it', async () => {
    const confirmCard = vi.fn(async (): Promise<LocalCardResultDto> => ({ status: 'requires_action' }));
    const { user, authenticate, onAuthorized } = setup({ confirmCard });
    await fill(user, { number: '4000002500003155' });
    await user.click(screen.getByRole('button', { name: payLabel }));
    await user.click(await screen.findByRole('button', { name: text.completeAuthentication }));
    expect(authenticate).toHaveBeenCalledWith(intent.paymentIntentClientSecret, true);
    await waitFor(() => expect(onAuthorized).toHaveBeenCalled());
  });

  it('goes back to the card form when the extra step fails', async () => {
    const confirmCard = vi.fn(async (): Promise<LocalCardResultDto> => ({ status: 'requires_action' }));
    const authenticate = vi.fn(async (): Promise<LocalCardResultDto> => ({
      status: 'requires_payment_method',
      error: messages.payment.authorizationFailed,
    }));
    const { user, onAuthorized } = setup({ confirmCard, authenticate });
    await fill(user, { number: '4000002500003155' });
    await user.click(screen.getByRole('button', { name: payLabel }));
    await user.click(await screen.findByRole('button', { name: text.failAuthentication }));
    expect(authenticate).toHaveBeenCalledWith(intent.paymentIntentClientSecret, false);
    expect(await screen.findByText(messages.payment.authorizationFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: payLabel })).toBeInTheDocument();
    expect(onAuthorized).not.toHaveBeenCalled();
  });
});
