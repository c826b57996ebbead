import type { Db } from '../../db/client';
import { findAccount } from './local-accounts';
import { unexpectedState, type LocalIntentRow } from './local-store';
import { PaymentProviderError, type CreatePaymentIntentInput } from './payment-provider';

/** The real provider's checks on new intents and captures, with its wording. */

/** The smallest charge the provider accepts in usd. */
const MIN_AMOUNT_CENTS = 50;

/** Why a capture did not happen, in the provider's words. */
export function captureRefusal(row: LocalIntentRow, now: Date): PaymentProviderError {
  if (row.capture_before && row.capture_before.getTime() <= now.getTime() && row.status !== 'succeeded') {
    return new PaymentProviderError(
      'hold_expired',
      'This PaymentIntent could not be captured because its authorization hold expired and it was canceled.',
      { providerCode: 'payment_intent_unexpected_state' },
    );
  }
  return unexpectedState(
    `This PaymentIntent could not be captured because it has a status of ${row.status}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
  );
}

export async function validateNewIntent(db: Db, input: CreatePaymentIntentInput): Promise<void> {
  const invalid = (message: string, providerCode: string) =>
    new PaymentProviderError('invalid_request', message, { providerCode });
  if (!Number.isInteger(input.amountCents) || input.amountCents < MIN_AMOUNT_CENTS) {
    throw invalid('Amount must be at least $0.50 usd', 'amount_too_small');
  }
  if (input.currency !== 'usd')
    throw invalid(`Invalid currency: ${String(input.currency)}.`, 'parameter_invalid');
  if (
    !Number.isInteger(input.applicationFeeCents) ||
    input.applicationFeeCents < 0 ||
    input.applicationFeeCents > input.amountCents
  ) {
    throw invalid(
      'The application fee must be a whole number of cents between zero and the amount.',
      'parameter_invalid',
    );
  }
  const destination = await findAccount(db, input.destinationAccountId);
  if (!destination) {
    throw new PaymentProviderError('not_found', `No such destination: '${input.destinationAccountId}'`, {
      providerCode: 'resource_missing',
    });
  }
  if (!destination.charges_enabled || !destination.payouts_enabled) {
    throw invalid(
      'Your destination account needs to have at least one of the following capabilities enabled: transfers.',
      'insufficient_capabilities_for_transfer',
    );
  }
}
