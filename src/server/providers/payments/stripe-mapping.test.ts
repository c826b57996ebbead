import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import {
  accountStatusFromStripe,
  isValidPublishableKey,
  paymentIntentInfoFromStripe,
  stripeCancellationReason,
  toPaymentProviderError,
} from './stripe-mapping';

describe('stripe mapping', () => {
  it('checks the publishable key format', () => {
    expect(isValidPublishableKey('pk_test_51Habc')).toBe(true);
    expect(isValidPublishableKey('pk_live_XYZ123')).toBe(true);
    for (const bad of ['sk_test_1', 'pk_test_', 'pk_prod_abc', 'pk_test_abc-def', ' pk_test_abc']) {
      expect(isValidPublishableKey(bad)).toBe(false);
    }
  });

  it('maps an account, merging currently due and past due requirements', () => {
    const account = {
      id: 'acct_1',
      object: 'account',
      details_submitted: true,
      charges_enabled: false,
      payouts_enabled: true,
      requirements: {
        currently_due: ['a', 'b'],
        past_due: ['b', 'c'],
        disabled_reason: 'requirements.past_due',
      },
    } as unknown as Stripe.Account;
    expect(accountStatusFromStripe(account)).toEqual({
      detailsSubmitted: true,
      chargesEnabled: false,
      payoutsEnabled: true,
      requirementsDue: ['a', 'b', 'c'],
      disabledReason: 'requirements.past_due',
    });
  });

  it('maps an authorized intent with the hold deadline of its expanded charge', () => {
    const intent = {
      id: 'pi_1',
      object: 'payment_intent',
      client_secret: 'pi_1_secret_x',
      status: 'requires_capture',
      amount: 10_000,
      amount_received: 0,
      created: 1_799_000_000,
      payment_method: { id: 'pm_1', object: 'payment_method' },
      latest_charge: { id: 'ch_1', payment_method_details: { card: { capture_before: 1_800_000_000 } } },
    } as unknown as Stripe.PaymentIntent;
    expect(paymentIntentInfoFromStripe(intent)).toEqual({
      id: 'pi_1',
      clientSecret: 'pi_1_secret_x',
      status: 'requires_capture',
      amountCents: 10_000,
      amountCapturedCents: 0,
      captureBefore: new Date(1_800_000_000_000),
      paymentMethodId: 'pm_1',
      createdAt: new Date(1_799_000_000_000),
    });
    const unexpanded = {
      ...intent,
      latest_charge: 'ch_1',
      payment_method: 'pm_2',
    } as unknown as Stripe.PaymentIntent;
    expect(paymentIntentInfoFromStripe(unexpanded)).toMatchObject({
      captureBefore: null,
      paymentMethodId: 'pm_2',
    });
  });

  it('maps our cancel reasons onto the provider ones', () => {
    expect(stripeCancellationReason('assignment_declined_by_expert')).toBe('abandoned');
    expect(stripeCancellationReason('task_cancelled_by_client')).toBe('requested_by_customer');
    expect(stripeCancellationReason('client_rejected_evidence')).toBe('requested_by_customer');
  });

  it('maps provider errors to kinds', () => {
    const generate = (raw: Record<string, unknown>) => Stripe.errors.StripeError.generate(raw as never);
    expect(
      toPaymentProviderError(
        generate({ type: 'invalid_request_error', code: 'resource_missing', message: 'No such' }),
      ).kind,
    ).toBe('not_found');
    expect(
      toPaymentProviderError(
        generate({
          type: 'invalid_request_error',
          code: 'payment_intent_unexpected_state',
          message: 'canceled',
          payment_intent: { status: 'canceled', cancellation_reason: 'automatic' },
        }),
      ).kind,
    ).toBe('hold_expired');
    expect(
      toPaymentProviderError(
        generate({
          type: 'invalid_request_error',
          code: 'payment_intent_unexpected_state',
          message: 'succeeded',
        }),
      ).kind,
    ).toBe('invalid_state');
    expect(toPaymentProviderError(generate({ type: 'idempotency_error', message: 'reused' })).kind).toBe(
      'idempotency_conflict',
    );
    expect(toPaymentProviderError(generate({ type: 'api_error', message: 'down' })).kind).toBe('unavailable');
    expect(toPaymentProviderError(new Error('boom'))).toMatchObject({ kind: 'unavailable', message: 'boom' });
  });
});
