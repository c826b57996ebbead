import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import {
  accountIdempotencyKeyFor,
  expertFieldsFromAccountStatus,
  idempotencyKeyFor,
  PaymentProviderError,
  providerEventFromPayload,
  type AccountStatus,
} from './payment-provider';

const status = (changes: Partial<AccountStatus>): AccountStatus => ({
  detailsSubmitted: true,
  chargesEnabled: true,
  payoutsEnabled: true,
  requirementsDue: [],
  disabledReason: null,
  ...changes,
});

describe('expertFieldsFromAccountStatus', () => {
  it.each([
    [
      'details not submitted',
      status({ detailsSubmitted: false, chargesEnabled: false, payoutsEnabled: false }),
      false,
      'pending',
    ],
    ['fully enabled, nothing due', status({}), true, 'active'],
    [
      'submitted, provider still verifying',
      status({ chargesEnabled: false, disabledReason: 'requirements.pending_verification' }),
      true,
      'pending',
    ],
    [
      'submitted, under review',
      status({ chargesEnabled: false, payoutsEnabled: false, disabledReason: 'under_review' }),
      true,
      'pending',
    ],
    ['submitted, payouts not yet enabled, nothing due', status({ payoutsEnabled: false }), true, 'pending'],
    [
      'requirements past due',
      status({
        chargesEnabled: false,
        disabledReason: 'requirements.past_due',
        requirementsDue: ['external_account'],
      }),
      true,
      'restricted',
    ],
    [
      'rejected',
      status({ chargesEnabled: false, payoutsEnabled: false, disabledReason: 'rejected.fraud' }),
      true,
      'restricted',
    ],
    [
      'enabled but information due',
      status({ requirementsDue: ['individual.verification.document'] }),
      true,
      'restricted',
    ],
    [
      'verifying but information due',
      status({
        chargesEnabled: false,
        disabledReason: 'requirements.pending_verification',
        requirementsDue: ['x'],
      }),
      true,
      'restricted',
    ],
  ] as const)('%s', (_label, input, completed, accountStatus) => {
    expect(expertFieldsFromAccountStatus(input)).toEqual({
      stripe_onboarding_completed: completed,
      stripe_account_status: accountStatus,
    });
  });
});

describe('idempotency keys', () => {
  it('derives keys from the task and the action, with an optional attempt', () => {
    expect(idempotencyKeyFor('t-1', 'capture')).toBe('task:t-1:capture');
    expect(idempotencyKeyFor('t-1', 'create_payment_intent', 2)).toBe('task:t-1:create_payment_intent:2');
    expect(idempotencyKeyFor('t-1', 'cancel_hold')).not.toBe(idempotencyKeyFor('t-2', 'cancel_hold'));
    expect(accountIdempotencyKeyFor('u-1')).toBe('user:u-1:create_connected_account');
  });
});

describe('providerEventFromPayload', () => {
  it('finds the payment intent of payment_intent and charge events', () => {
    expect(
      providerEventFromPayload({
        id: 'evt_1',
        type: 'payment_intent.canceled',
        data: { object: { id: 'pi_1', object: 'payment_intent' } },
      }),
    ).toEqual({
      id: 'evt_1',
      type: 'payment_intent.canceled',
      paymentIntentId: 'pi_1',
      object: { id: 'pi_1', object: 'payment_intent' },
    });
    expect(
      providerEventFromPayload({
        id: 'e',
        type: 'charge.captured',
        data: { object: { object: 'charge', payment_intent: 'pi_2' } },
      }).paymentIntentId,
    ).toBe('pi_2');
  });

  it('refuses bodies that are not events', () => {
    for (const payload of [null, {}, { id: 'e', type: 't' }, { id: 'e', type: 't', data: { object: [] } }]) {
      expect(() => providerEventFromPayload(payload)).toThrow(AppError);
    }
  });
});

describe('PaymentProviderError', () => {
  it('is an AppError whose code follows the kind', () => {
    const declined = new PaymentProviderError('card_declined', 'Your card was declined.', {
      declineCode: 'generic_decline',
    });
    expect(declined).toBeInstanceOf(AppError);
    expect(declined.code).toBe('bad_request');
    expect(new PaymentProviderError('hold_expired', 'x').status).toBe(409);
    expect(new PaymentProviderError('unavailable', 'x').status).toBe(502);
  });
});
