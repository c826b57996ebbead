import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentProviderError } from '../../providers/payments/payment-provider';
import type { PaymentProviderContractHarness } from './payment-provider.contract';

/**
 * Issue 51's part of the PaymentProvider contract, run by each adapter's test file: a tip charged
 * with the saved payment method (no application fee) and captured at once, the connected account's
 * balance transactions (each mapped to its PaymentIntent, with the provider's fee) and payouts, and
 * the dashboard login link. The harness's clock must move (`advance`) for the payout schedule.
 */
export type PayoutContractHarness = PaymentProviderContractHarness & { advance(ms: number): void };

const DAY = 24 * 60 * 60 * 1000;
const key = (what: string) => `contract:${what}:${randomUUID()}`;

export function runPayoutContract(label: string, setup: () => Promise<PayoutContractHarness>) {
  describe(`PaymentProvider payouts contract: ${label}`, () => {
    let h: PayoutContractHarness;
    beforeAll(async () => {
      h = await setup();
    });
    afterAll(async () => {
      await h?.close();
    });

    const capturedCharge = async (destination: string, amountCents: number, feeCents: number) => {
      const intent = await h.provider.createPaymentIntent({
        amountCents,
        currency: 'usd',
        applicationFeeCents: feeCents,
        destinationAccountId: destination,
        description: 'Task payment',
        metadata: { task_id: randomUUID() },
        idempotencyKey: key('intent'),
      });
      await h.authorize(intent);
      await h.provider.capturePaymentIntent(intent.id, { idempotencyKey: key('capture') });
      return h.provider.retrievePaymentIntent(intent.id);
    };

    it('charges a tip with the saved payment method and no application fee, captured at once and once per key', async () => {
      const destination = await h.createPayableAccount();
      const task = await capturedCharge(destination, 10_000, 1_000);
      const input = {
        amountCents: 1_500,
        currency: 'usd' as const,
        applicationFeeCents: 0,
        destinationAccountId: destination,
        description: 'Tip',
        metadata: { task_id: randomUUID(), tip_id: randomUUID() },
        idempotencyKey: key('tip'),
        paymentMethodId: task.paymentMethodId!,
      };
      const held = await h.provider.reauthorizeWithSavedMethod(input);
      expect(held).toMatchObject({ status: 'requires_capture', amountCents: 1_500 });
      expect(await h.applicationFeeOf(held.id)).toBe(0);
      const captureKey = key('tip-capture');
      const captured = await h.provider.capturePaymentIntent(held.id, { idempotencyKey: captureKey });
      expect(captured).toMatchObject({ status: 'succeeded', amountCapturedCents: 1_500 });
      expect((await h.provider.reauthorizeWithSavedMethod(input)).id).toBe(held.id);
      expect(
        (await h.provider.capturePaymentIntent(held.id, { idempotencyKey: captureKey })).amountCapturedCents,
      ).toBe(1_500);
    });

    it('lists balance transactions with the provider fee, mapped to their PaymentIntents, and the payouts that carry them', async () => {
      const destination = await h.createPayableAccount();
      expect(await h.provider.listPayouts(destination)).toEqual([]);
      const first = await capturedCharge(destination, 10_000, 1_000);
      const second = await capturedCharge(destination, 5_000, 500);
      const rows = await h.provider.listBalanceTransactions(destination);
      expect(rows.map((row) => row.paymentIntentId).sort()).toEqual([first.id, second.id].sort());
      const ofFirst = rows.find((row) => row.paymentIntentId === first.id)!;
      expect(ofFirst).toMatchObject({ type: 'payment', amountCents: 9_000 });
      expect(ofFirst.feeCents).toBeGreaterThanOrEqual(0);
      expect(ofFirst.netCents).toBe(ofFirst.amountCents - ofFirst.feeCents);
      expect(ofFirst.availableOn.getTime()).toBeGreaterThan(ofFirst.createdAt.getTime());

      h.advance(3 * DAY);
      const payouts = await h.provider.listPayouts(destination);
      expect(payouts).toHaveLength(1);
      const [payout] = payouts;
      expect(payout.status).toBe('paid');
      expect(payout.arrivalDate.getTime()).toBeLessThanOrEqual(h.now().getTime());
      const carried = await h.provider.listBalanceTransactions(destination, { payoutId: payout.id });
      expect(carried.map((row) => row.payoutId)).toEqual([payout.id, payout.id]);
      expect(payout.amountCents).toBe(carried.reduce((sum, row) => sum + row.netCents, 0));
      // Reading again makes no second payout for the same money.
      expect(await h.provider.listPayouts(destination)).toHaveLength(1);
    });

    it('opens the payout dashboard through a login link, and refuses an unknown account', async () => {
      const destination = await h.createPayableAccount();
      const link = await h.provider.createDashboardLoginLink(destination);
      expect(URL.canParse(link.url)).toBe(true);
      const error = await h.provider
        .createDashboardLoginLink('acct_missing')
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(PaymentProviderError);
      expect((error as PaymentProviderError).kind).toBe('not_found');
    });
  });
}
