import { randomUUID } from 'node:crypto';
import type { manualClock } from '../../../lib/clock';
import type { LocalPaymentProvider } from '../local-adapter';
import { LOCAL_TEST_CARDS } from '../local-test-cards';
import type { PaymentProviderContractHarness } from '../../../test/contracts/payment-provider.contract';
import type { Db } from '../../../db/client';
import type { PaymentProvider } from '../payment-provider';
import { findIntent } from '../local-store';

/**
 * The contract harness of an adapter whose state lives in a local provider (the local adapter
 * itself, or the real adapter over the faked provider API): accounts are made through `provider`;
 * onboarding, the card step and a lapsing hold happen on `local` and its clock.
 */
export function localStateHarness(params: {
  provider: PaymentProvider;
  local: LocalPaymentProvider;
  clock: ReturnType<typeof manualClock>;
  /** The local provider's database, where its intents (and their fees) are kept. */
  db: Db;
  signWebhook: (rawBody: string) => string;
  close: () => Promise<void>;
}): PaymentProviderContractHarness {
  const { provider, local, clock } = params;
  return {
    provider,
    now: () => clock.now(),
    async createPayableAccount() {
      const { accountId } = await provider.createConnectedAccount({
        email: 'expert@example.com',
        userId: randomUUID(),
        idempotencyKey: randomUUID(),
      });
      await local.setAccountState(accountId, 'complete');
      return accountId;
    },
    async authorize(intent, options) {
      const cardNumber = options?.incremental === false ? LOCAL_TEST_CARDS.noIncrementalAuthorization : LOCAL_TEST_CARDS.success;
      await local.confirmPaymentIntent(intent.clientSecret, { cardNumber });
    },
    async expireHold(intent) {
      const current = await local.retrievePaymentIntent(intent.id);
      clock.set(new Date(current.captureBefore!.getTime() + 1));
    },
    async applicationFeeOf(intentId) {
      const row = await findIntent(params.db, intentId);
      if (!row) throw new Error(`no local intent ${intentId}`);
      return row.application_fee_amount;
    },
    signWebhook: params.signWebhook,
    close: params.close,
  };
}
