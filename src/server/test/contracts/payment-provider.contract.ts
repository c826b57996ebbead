import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { incrementalAuthorizationCases } from './incremental-authorization.contract';
import {
  expertFieldsFromAccountStatus,
  PaymentProviderError,
  type PaymentIntentInfo,
  type PaymentProvider,
  type PaymentProviderErrorKind,
} from '../../providers/payments/payment-provider';

/**
 * The behaviour every PaymentProvider adapter must share, run by each adapter's test file with
 * its own harness. Only interface methods are used here; how an intent gets authorized (card entry
 * in the browser for the real provider) is the harness's business.
 */
export interface PaymentProviderContractHarness {
  provider: PaymentProvider;
  /** The provider's idea of now (the manual clock of the local state). */
  now(): Date;
  /** A connected account that has finished onboarding and can receive destination charges. */
  createPayableAccount(): Promise<string>;
  /**
   * Brings an intent to requires_capture, as the client's card entry would; `incremental: false`
   * with a card whose holds cannot be incremented (issue 51).
   */
  authorize(intent: PaymentIntentInfo, options?: { incremental?: boolean }): Promise<void>;
  /** Moves time past the intent's hold, when the harness can. */
  expireHold?(intent: PaymentIntentInfo): Promise<void>;
  /** The application fee the provider holds on an intent now (read from the provider's own state). */
  applicationFeeOf(intentId: string): Promise<number>;
  /** The signature header value the provider would send for this raw body. */
  signWebhook(rawBody: string): string;
  close(): Promise<void>;
}

const key = (what: string) => `contract:${what}:${randomUUID()}`;

async function expectProviderError(promise: Promise<unknown>, kind: PaymentProviderErrorKind) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error, `expected a ${kind} PaymentProviderError`).toBeInstanceOf(PaymentProviderError);
  expect((error as PaymentProviderError).kind).toBe(kind);
  expect((error as PaymentProviderError).message).not.toBe('');
  return error as PaymentProviderError;
}

export function runPaymentProviderContract(
  label: string,
  setup: () => Promise<PaymentProviderContractHarness>,
) {
  describe(`PaymentProvider contract: ${label}`, () => {
    let h: PaymentProviderContractHarness;
    beforeAll(async () => {
      h = await setup();
    });
    afterAll(async () => {
      await h?.close();
    });

    const newIntent = async (destination: string, amountCents = 10_000) =>
      h.provider.createPaymentIntent({
        amountCents,
        currency: 'usd',
        applicationFeeCents: amountCents / 10,
        destinationAccountId: destination,
        description: 'Task payment',
        metadata: { task_id: randomUUID() },
        idempotencyKey: key('intent'),
      });

    it('creates connected accounts idempotently, starting with onboarding pending', async () => {
      const idempotencyKey = key('account');
      const input = { email: 'expert@example.com', userId: randomUUID(), idempotencyKey };
      const first = await h.provider.createConnectedAccount(input);
      const again = await h.provider.createConnectedAccount(input);
      const other = await h.provider.createConnectedAccount({ ...input, idempotencyKey: key('account') });
      expect(first.accountId).toMatch(/^acct_/);
      expect(again.accountId).toBe(first.accountId);
      expect(other.accountId).not.toBe(first.accountId);
      const status = await h.provider.getAccountStatus(first.accountId);
      expect(status.detailsSubmitted).toBe(false);
      expect(expertFieldsFromAccountStatus(status)).toEqual({
        stripe_onboarding_completed: false,
        stripe_account_status: 'pending',
      });
    });

    it('creates onboarding links that expire in the future', async () => {
      const { accountId } = await h.provider.createConnectedAccount({
        email: 'expert@example.com',
        userId: randomUUID(),
        idempotencyKey: key('account'),
      });
      const link = await h.provider.createAccountLink({
        accountId,
        refreshUrl: 'https://app.example/profile?tab=payments&refresh=true',
        returnUrl: 'https://app.example/stripe-return?from=stripe&success=true',
      });
      expect(URL.canParse(link.url)).toBe(true);
      expect(link.expiresAt.getTime()).toBeGreaterThan(h.now().getTime());
    });

    it('reports unknown accounts and intents as not_found', async () => {
      await expectProviderError(h.provider.getAccountStatus('acct_missing'), 'not_found');
      await expectProviderError(h.provider.retrievePaymentIntent('pi_missing'), 'not_found');
    });

    it('creates a manual-capture intent idempotently, waiting for a payment method', async () => {
      const destination = await h.createPayableAccount();
      const input = {
        amountCents: 12_500,
        currency: 'usd' as const,
        applicationFeeCents: 1_250,
        destinationAccountId: destination,
        description: 'Task payment',
        metadata: { task_id: 't1' },
        idempotencyKey: key('intent'),
      };
      const intent = await h.provider.createPaymentIntent(input);
      expect(intent).toMatchObject({
        status: 'requires_payment_method',
        amountCents: 12_500,
        amountCapturedCents: 0,
        captureBefore: null,
        paymentMethodId: null,
      });
      expect(intent.clientSecret.startsWith(`${intent.id}_secret_`)).toBe(true);
      expect((await h.provider.createPaymentIntent(input)).id).toBe(intent.id);
      expect(await h.provider.retrievePaymentIntent(intent.id)).toEqual(intent);
      await expectProviderError(
        h.provider.createPaymentIntent({ ...input, amountCents: 99_900 }),
        'idempotency_conflict',
      );
    });

    it('lists the intents of one task by its metadata, in their current states, and no other task\'s', async () => {
      const destination = await h.createPayableAccount();
      const taskId = randomUUID();
      const otherTaskId = randomUUID();
      const make = (task: string, what: string) =>
        h.provider.createPaymentIntent({
          amountCents: 5_000,
          currency: 'usd',
          applicationFeeCents: 500,
          destinationAccountId: destination,
          description: 'Task payment',
          metadata: { task_id: task },
          idempotencyKey: key(what),
        });
      const held = await make(taskId, 'list-held');
      await h.authorize(held);
      const waiting = await make(taskId, 'list-waiting');
      await make(otherTaskId, 'list-other');
      const listed = await h.provider.listPaymentIntentsForTask(taskId);
      expect(listed.map((intent) => intent.id).sort()).toEqual([held.id, waiting.id].sort());
      expect(listed.find((intent) => intent.id === held.id)?.status).toBe('requires_capture');
      expect(listed.find((intent) => intent.id === waiting.id)?.status).toBe('requires_payment_method');
      expect(await h.provider.listPaymentIntentsForTask(randomUUID())).toEqual([]);
    });

    it('refuses a destination that does not exist', async () => {
      await expectProviderError(newIntent('acct_missing'), 'not_found');
    });

    it('captures only an authorized intent, once, and replays a retried capture', async () => {
      const intent = await newIntent(await h.createPayableAccount());
      await expectProviderError(
        h.provider.capturePaymentIntent(intent.id, { idempotencyKey: key('early') }),
        'invalid_state',
      );
      await h.authorize(intent);
      const authorized = await h.provider.retrievePaymentIntent(intent.id);
      expect(authorized.status).toBe('requires_capture');
      expect(authorized.captureBefore!.getTime()).toBeGreaterThan(h.now().getTime());
      expect(authorized.paymentMethodId).toBeTruthy();

      const captureKey = key('capture');
      const captured = await h.provider.capturePaymentIntent(intent.id, { idempotencyKey: captureKey });
      expect(captured).toMatchObject({ id: intent.id, status: 'succeeded', amountCapturedCents: 10_000 });
      expect(await h.provider.capturePaymentIntent(intent.id, { idempotencyKey: captureKey })).toMatchObject({
        status: 'succeeded',
        amountCapturedCents: 10_000,
      });
      await expectProviderError(
        h.provider.capturePaymentIntent(intent.id, { idempotencyKey: key('again') }),
        'invalid_state',
      );
      await expectProviderError(
        h.provider.cancelPaymentIntent(intent.id, {
          idempotencyKey: key('cancel'),
          reason: 'task_cancelled_by_client',
        }),
        'invalid_state',
      );
    });

    it('cancels a held authorization, replays a retried cancel, and cannot capture it afterwards', async () => {
      const intent = await newIntent(await h.createPayableAccount());
      await h.authorize(intent);
      const cancelKey = key('cancel');
      const canceled = await h.provider.cancelPaymentIntent(intent.id, {
        idempotencyKey: cancelKey,
        reason: 'client_rejected_evidence',
      });
      expect(canceled).toMatchObject({ status: 'canceled', amountCapturedCents: 0 });
      const replay = await h.provider.cancelPaymentIntent(intent.id, {
        idempotencyKey: cancelKey,
        reason: 'client_rejected_evidence',
      });
      expect(replay.status).toBe('canceled');
      await expectProviderError(
        h.provider.capturePaymentIntent(intent.id, { idempotencyKey: key('capture') }),
        'invalid_state',
      );
    });

    it('cancels an intent that was never authorized', async () => {
      const intent = await newIntent(await h.createPayableAccount());
      const canceled = await h.provider.cancelPaymentIntent(intent.id, {
        idempotencyKey: key('cancel'),
        reason: 'assignment_declined_by_expert',
      });
      expect(canceled.status).toBe('canceled');
    });

    it('refuses to capture after the authorization hold lapsed', async (context) => {
      if (!h.expireHold) return context.skip();
      const intent = await newIntent(await h.createPayableAccount());
      await h.authorize(intent);
      await h.expireHold(intent);
      await expectProviderError(
        h.provider.capturePaymentIntent(intent.id, { idempotencyKey: key('late') }),
        'hold_expired',
      );
      expect((await h.provider.retrievePaymentIntent(intent.id)).status).toBe('canceled');
    });

    it('captures part of a hold with its own fee and releases the rest', async () => {
      const intent = await newIntent(await h.createPayableAccount());
      await h.authorize(intent);
      await expectProviderError(
        h.provider.capturePaymentIntent(intent.id, { idempotencyKey: key('too-much'), amountCents: 10_001 }),
        'invalid_request',
      );
      const captured = await h.provider.capturePaymentIntent(intent.id, {
        idempotencyKey: key('partial'),
        amountCents: 4_000,
        applicationFeeCents: 400,
      });
      expect(captured).toMatchObject({ status: 'succeeded', amountCents: 10_000, amountCapturedCents: 4_000 });
      expect(await h.provider.retrievePaymentIntent(intent.id)).toMatchObject({ status: 'succeeded', amountCapturedCents: 4_000 });
    });

    // Issue 50: a late cancel's call-out fee is a partial capture of the hold (decision 0460).
    it('a partial capture takes the amount with its own platform fee, and the rest is released for good', async () => {
      const intent = await newIntent(await h.createPayableAccount(), 12_000);
      await h.authorize(intent);
      expect(await h.applicationFeeOf(intent.id)).toBe(1_200);
      const partialKey = key('callout');
      const captured = await h.provider.capturePaymentIntent(intent.id, { idempotencyKey: partialKey, amountCents: 3_000, applicationFeeCents: 300 });
      expect(captured).toMatchObject({ status: 'succeeded', amountCents: 12_000, amountCapturedCents: 3_000 });
      // The fee follows the captured amount, not the authorized one.
      expect(await h.applicationFeeOf(intent.id)).toBe(300);
      // A retried call replays; nothing more can be captured, and the released rest is not refundable.
      expect(await h.provider.capturePaymentIntent(intent.id, { idempotencyKey: partialKey, amountCents: 3_000, applicationFeeCents: 300 })).toMatchObject({
        amountCapturedCents: 3_000,
      });
      await expectProviderError(
        h.provider.capturePaymentIntent(intent.id, { idempotencyKey: key('rest'), amountCents: 9_000 }),
        'invalid_state',
      );
      await expectProviderError(
        h.provider.refundPayment({ paymentIntentId: intent.id, amountCents: 3_001, idempotencyKey: key('over') }),
        'invalid_request',
      );
      const refund = await h.provider.refundPayment({ paymentIntentId: intent.id, amountCents: 3_000, idempotencyKey: key('all') });
      expect(refund).toMatchObject({ amountCents: 3_000, status: 'succeeded' });
    });

    it('refunds a captured payment in parts, once per key, never more than was captured', async () => {
      const intent = await newIntent(await h.createPayableAccount());
      await h.authorize(intent);
      await expectProviderError(
        h.provider.refundPayment({ paymentIntentId: intent.id, amountCents: 100, idempotencyKey: key('early') }),
        'invalid_state',
      );
      await h.provider.capturePaymentIntent(intent.id, { idempotencyKey: key('capture') });
      const refundKey = key('refund');
      const first = await h.provider.refundPayment({ paymentIntentId: intent.id, amountCents: 3_000, idempotencyKey: refundKey });
      expect(first).toMatchObject({ amountCents: 3_000, status: 'succeeded' });
      expect(first.id).toMatch(/^re_/);
      const replay = await h.provider.refundPayment({ paymentIntentId: intent.id, amountCents: 3_000, idempotencyKey: refundKey });
      expect(replay.id).toBe(first.id);
      await expectProviderError(
        h.provider.refundPayment({ paymentIntentId: intent.id, amountCents: 7_001, idempotencyKey: key('over') }),
        'invalid_request',
      );
      const rest = await h.provider.refundPayment({ paymentIntentId: intent.id, amountCents: 7_000, idempotencyKey: key('rest') });
      expect(rest.id).not.toBe(first.id);
    });

    it('re-authorizes with the saved payment method: a new hold, idempotent per key', async () => {
      const destination = await h.createPayableAccount();
      const intent = await newIntent(destination);
      await h.authorize(intent);
      const old = await h.provider.retrievePaymentIntent(intent.id);
      const input = {
        amountCents: 10_000,
        currency: 'usd' as const,
        applicationFeeCents: 1_000,
        destinationAccountId: destination,
        description: 'Task payment (re-authorized)',
        metadata: { task_id: 't-reauth' },
        idempotencyKey: key('reauth'),
        paymentMethodId: old.paymentMethodId!,
      };
      const fresh = await h.provider.reauthorizeWithSavedMethod(input);
      expect(fresh.id).not.toBe(intent.id);
      expect(fresh).toMatchObject({ status: 'requires_capture', amountCents: 10_000, paymentMethodId: old.paymentMethodId });
      expect(fresh.captureBefore!.getTime()).toBeGreaterThan(h.now().getTime());
      expect((await h.provider.reauthorizeWithSavedMethod(input)).id).toBe(fresh.id);
      expect((await h.provider.retrievePaymentIntent(intent.id)).status).toBe('requires_capture');
    });

    // Issue 51: a price increase grows the hold, or takes a second one (./incremental-authorization.contract.ts).
    incrementalAuthorizationCases(() => h);

    it('verifies webhook signatures and maps the event', async () => {
      const rawBody = JSON.stringify({
        id: `evt_${randomUUID().replace(/-/g, '')}`,
        object: 'event',
        type: 'payment_intent.amount_capturable_updated',
        data: { object: { id: 'pi_123', object: 'payment_intent', status: 'requires_capture' } },
      });
      const event = await h.provider.verifyWebhook(rawBody, h.signWebhook(rawBody));
      expect(event).toMatchObject({
        type: 'payment_intent.amount_capturable_updated',
        paymentIntentId: 'pi_123',
        object: { status: 'requires_capture' },
      });

      const tampered = rawBody.replace('requires_capture', 'succeeded');
      for (const attempt of [
        h.provider.verifyWebhook(tampered, h.signWebhook(rawBody)),
        h.provider.verifyWebhook(rawBody, null),
        h.provider.verifyWebhook(rawBody, 'not-a-signature'),
      ]) {
        const error = await attempt.then(
          () => null,
          (caught: unknown) => caught,
        );
        expect(error).toBeInstanceOf(AppError);
        expect((error as AppError).code).toBe('bad_request');
      }
    });
  });
}
