import Stripe from 'stripe';
import {
  PaymentProviderError,
  type AccountStatus,
  type CancelHoldReason,
  type PaymentIntentInfo,
  type PaymentIntentStatus,
} from './payment-provider';

/** Pure translations between the real provider's objects and ours. */

const PUBLISHABLE_KEY_FORMAT = /^pk_(test|live)_[A-Za-z0-9]+$/;

export const isValidPublishableKey = (key: string) => PUBLISHABLE_KEY_FORMAT.test(key);

export function accountStatusFromStripe(account: Stripe.Account): AccountStatus {
  const requirements = account.requirements;
  const due = new Set([...(requirements?.currently_due ?? []), ...(requirements?.past_due ?? [])]);
  return {
    detailsSubmitted: account.details_submitted ?? false,
    chargesEnabled: account.charges_enabled ?? false,
    payoutsEnabled: account.payouts_enabled ?? false,
    requirementsDue: [...due],
    disabledReason: requirements?.disabled_reason ?? null,
  };
}

const STATUSES: readonly PaymentIntentStatus[] = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'succeeded',
  'canceled',
];

export function paymentIntentInfoFromStripe(intent: Stripe.PaymentIntent): PaymentIntentInfo {
  if (!STATUSES.includes(intent.status as PaymentIntentStatus)) {
    throw new PaymentProviderError('unavailable', `Unknown payment intent status: ${intent.status}`);
  }
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    status: intent.status as PaymentIntentStatus,
    amountCents: intent.amount,
    amountCapturedCents: intent.amount_received ?? 0,
    captureBefore: captureBeforeOf(intent),
    paymentMethodId: idOf(intent.payment_method),
    createdAt: new Date((intent.created ?? 0) * 1000),
  };
}

/** The hold's deadline lives on the charge (`expand: ['latest_charge']`), in seconds. */
function captureBeforeOf(intent: Stripe.PaymentIntent): Date | null {
  const charge = intent.latest_charge;
  if (!charge || typeof charge === 'string') return null;
  const seconds = charge.payment_method_details?.card?.capture_before;
  return typeof seconds === 'number' ? new Date(seconds * 1000) : null;
}

const idOf = (value: string | { id: string } | null | undefined) =>
  value == null ? null : typeof value === 'string' ? value : value.id;

/** The provider only knows its own cancellation reasons; ours are kept in our database. */
export function stripeCancellationReason(
  reason: CancelHoldReason,
): Stripe.PaymentIntentCancelParams.CancellationReason {
  return reason === 'assignment_declined_by_expert' ? 'abandoned' : 'requested_by_customer';
}

/** Wraps any failure of an SDK call; the provider's message is kept for the caller's spec text. */
export function toPaymentProviderError(error: unknown): PaymentProviderError {
  if (error instanceof PaymentProviderError) return error;
  if (!(error instanceof Stripe.errors.StripeError)) {
    const message = error instanceof Error ? error.message : String(error);
    return new PaymentProviderError('unavailable', message, { cause: error });
  }
  const options = {
    providerCode: error.code ?? null,
    declineCode: error.decline_code ?? null,
    cause: error.raw,
  };
  const message = error.message || 'The payment provider could not complete the request.';
  if (error instanceof Stripe.errors.StripeCardError)
    return new PaymentProviderError('card_declined', message, options);
  if (error instanceof Stripe.errors.StripeIdempotencyError) {
    return new PaymentProviderError('idempotency_conflict', message, options);
  }
  if (error instanceof Stripe.errors.StripeInvalidRequestError) {
    if (error.code === 'resource_missing') return new PaymentProviderError('not_found', message, options);
    if (error.code === 'payment_intent_authentication_failure') {
      return new PaymentProviderError('authentication_failed', message, options);
    }
    if (error.code === 'payment_intent_unexpected_state') {
      return new PaymentProviderError(
        holdExpired(error.payment_intent) ? 'hold_expired' : 'invalid_state',
        message,
        options,
      );
    }
    return new PaymentProviderError('invalid_request', message, options);
  }
  return new PaymentProviderError('unavailable', message, options);
}

/** The provider cancels an uncaptured intent itself when the authorization lapses. */
function holdExpired(intent: Stripe.PaymentIntent | undefined): boolean {
  return intent?.status === 'canceled' && intent.cancellation_reason === 'automatic';
}
