import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { isIncrementUnavailable, PaymentProviderError, type PaymentProviderErrorKind } from '../../providers/payments/payment-provider';
import type { PaymentProviderContractHarness } from './payment-provider.contract';

/**
 * Issue 51 (docs/decisions/0467): the contract's cases of a price increase. The hold grows by
 * incremental authorization where the card allows it; where it does not, the provider refuses
 * with INCREMENT_UNAVAILABLE and a second hold with the saved method takes the difference.
 */
const key = (what: string) => `contract:${what}:${randomUUID()}`;

async function expectProviderError(promise: Promise<unknown>, kind: PaymentProviderErrorKind) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error, `expected a ${kind} PaymentProviderError`).toBeInstanceOf(PaymentProviderError);
  expect((error as PaymentProviderError).kind).toBe(kind);
  return error as PaymentProviderError;
}

export function incrementalAuthorizationCases(harness: () => PaymentProviderContractHarness) {
  const newIntent = async (destination: string) =>
    harness().provider.createPaymentIntent({
      amountCents: 10_000,
      currency: 'usd',
      applicationFeeCents: 1_000,
      destinationAccountId: destination,
      description: 'Task payment',
      metadata: { task_id: randomUUID() },
      idempotencyKey: key('intent'),
    });

    it('grows a hold by incremental authorization with the new total fee, once per key, and captures it whole', async () => {
      const destination = await harness().createPayableAccount();
      const intent = await newIntent(destination);
      await harness().authorize(intent);
      const options = { amountCents: 13_000, applicationFeeCents: 1_300, idempotencyKey: key('increment') };
      const grown = await harness().provider.incrementAuthorization(intent.id, options);
      expect(grown).toMatchObject({ id: intent.id, status: 'requires_capture', amountCents: 13_000 });
      expect(await harness().applicationFeeOf(intent.id)).toBe(1_300);
      // A retried call (its answer lost) replays; a smaller or equal total is refused.
      expect((await harness().provider.incrementAuthorization(intent.id, options)).amountCents).toBe(13_000);
      await expectProviderError(harness().provider.incrementAuthorization(intent.id, { ...options, amountCents: 12_000, idempotencyKey: key('increment') }), 'invalid_request');
      const captured = await harness().provider.capturePaymentIntent(intent.id, { idempotencyKey: key('capture') });
      expect(captured).toMatchObject({ status: 'succeeded', amountCapturedCents: 13_000 });
    });

    it('refuses an incremental authorization the card does not allow (the caller takes a second hold)', async () => {
      const destination = await harness().createPayableAccount();
      const intent = await newIntent(destination);
      await harness().authorize(intent, { incremental: false });
      const refused = await expectProviderError(
        harness().provider.incrementAuthorization(intent.id, { amountCents: 13_000, applicationFeeCents: 1_300, idempotencyKey: key('increment') }),
        'invalid_state',
      );
      expect(isIncrementUnavailable(refused)).toBe(true);
      expect((await harness().provider.retrievePaymentIntent(intent.id)).amountCents).toBe(10_000);
      // The fallback: a second hold for the difference with the saved method, captured with the first.
      const held = await harness().provider.retrievePaymentIntent(intent.id);
      const second = await harness().provider.reauthorizeWithSavedMethod({
        amountCents: 3_000,
        currency: 'usd',
        applicationFeeCents: 300,
        destinationAccountId: destination,
        description: 'Task payment (price increase)',
        metadata: { task_id: randomUUID() },
        idempotencyKey: key('second-hold'),
        paymentMethodId: held.paymentMethodId!,
      });
      expect(second).toMatchObject({ status: 'requires_capture', amountCents: 3_000 });
      await harness().provider.capturePaymentIntent(intent.id, { idempotencyKey: key('capture') });
      expect((await harness().provider.capturePaymentIntent(second.id, { idempotencyKey: key('capture') })).amountCapturedCents).toBe(3_000);
    });

    it('refuses to increment an intent that is not held', async () => {
      const destination = await harness().createPayableAccount();
      const intent = await newIntent(destination);
      await expectProviderError(
        harness().provider.incrementAuthorization(intent.id, { amountCents: 13_000, applicationFeeCents: 1_300, idempotencyKey: key('increment') }),
        'invalid_state',
      );
    });

}
