import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { manualClock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { createTestDatabase } from '../../test/test-db';
import { LocalPaymentProvider } from './local-adapter';
import { LOCAL_TEST_CARDS } from './local-test-cards';
import { runPaymentProviderContract } from '../../test/contracts/payment-provider.contract';
import { runPayoutContract } from '../../test/contracts/payment-provider-payouts.contract';
import { PaymentProviderError } from './payment-provider';
import { StripePaymentProvider } from './stripe-adapter';
import { createFakeStripeApi, type RecordedRequest } from './test-support/fake-stripe-api';
import { localStateHarness } from './test-support/local-state-harness';
import { log as logger } from '../../ops/logger';

const WEBHOOK_SECRET = 'whsec_test_secret';
const keys = { secretKey: 'sk_test_123', publishableKey: 'pk_test_abc123', webhookSecret: WEBHOOK_SECRET };
const signer = new Stripe('sk_test_123');
const sign = (payload: string, secret = WEBHOOK_SECRET) =>
  signer.webhooks.generateTestHeaderString({ payload, secret });

/** The real adapter over HTTP, with the provider's API faked on top of a local provider's state. */
async function stripeOverFakeApi() {
  const handle = await createTestDatabase();
  const clock = manualClock();
  const local = new LocalPaymentProvider({ db: handle.db, clock, publicUrl: 'http://localhost:3000' });
  const api = createFakeStripeApi(local);
  const provider = new StripePaymentProvider({
    ...keys,
    httpClient: Stripe.createFetchHttpClient(api.fetch),
  });
  return { handle, clock, local, api, provider };
}

runPaymentProviderContract('stripe adapter over a faked provider API', async () => {
  const { handle, clock, local, provider } = await stripeOverFakeApi();
  return localStateHarness({
    provider,
    local,
    clock,
    db: handle.db,
    signWebhook: (rawBody) => sign(rawBody),
    close: () => handle.close(),
  });
});

runPayoutContract('stripe adapter over a faked provider API', async () => {
  const { handle, clock, local, provider } = await stripeOverFakeApi();
  const harness = localStateHarness({
    provider,
    local,
    clock,
    db: handle.db,
    signWebhook: (rawBody) => sign(rawBody),
    close: () => handle.close(),
  });
  return { ...harness, advance: (ms: number) => clock.advance(ms) };
});

describe('StripePaymentProvider requests', () => {
  let env: Awaited<ReturnType<typeof stripeOverFakeApi>>;
  beforeAll(async () => {
    env = await stripeOverFakeApi();
  });
  afterAll(async () => {
    await env.handle.close();
  });

  const lastRequest = (): RecordedRequest => env.api.requests.at(-1)!;

  const payableAccount = async () => {
    const { accountId } = await env.provider.createConnectedAccount({
      email: 'e@example.com',
      userId: 'u1',
      idempotencyKey: randomUUID(),
    });
    await env.local.setAccountState(accountId, 'complete');
    return accountId;
  };

  it('creates an Express account with card payments and transfers, under the given key', async () => {
    const { accountId } = await env.provider.createConnectedAccount({
      email: 'expert@example.com',
      userId: 'user-42',
      idempotencyKey: 'user:user-42:create_connected_account',
    });
    const request = lastRequest();
    expect(request).toMatchObject({ method: 'POST', path: '/v1/accounts' });
    expect(request.headers['authorization']).toBe('Bearer sk_test_123');
    expect(request.headers['idempotency-key']).toBe('user:user-42:create_connected_account');
    expect(request.params).toMatchObject({
      type: 'express',
      email: 'expert@example.com',
      'capabilities[card_payments][requested]': 'true',
      'capabilities[transfers][requested]': 'true',
      'metadata[user_id]': 'user-42',
    });
    expect(accountId).toMatch(/^acct_/);

    const status = await env.provider.getAccountStatus(accountId);
    expect(lastRequest()).toMatchObject({ method: 'GET', path: `/v1/accounts/${accountId}` });
    expect(status).toMatchObject({ detailsSubmitted: false, chargesEnabled: false, payoutsEnabled: false });
  });

  it('creates account_onboarding links with both URLs and an idempotency key', async () => {
    const accountId = await payableAccount();
    const link = await env.provider.createAccountLink({
      accountId,
      refreshUrl: 'https://app.example/profile?tab=payments&refresh=true',
      returnUrl: 'https://app.example/stripe-return?from=stripe&success=true',
    });
    const request = lastRequest();
    expect(request).toMatchObject({ method: 'POST', path: '/v1/account_links' });
    expect(request.params).toEqual({
      account: accountId,
      refresh_url: 'https://app.example/profile?tab=payments&refresh=true',
      return_url: 'https://app.example/stripe-return?from=stripe&success=true',
      type: 'account_onboarding',
    });
    expect(request.headers['idempotency-key']).toBeTruthy();
    expect(link.expiresAt.getTime()).toBe(
      Math.floor(env.clock.now().getTime() / 1000) * 1000 + 24 * 3600 * 1000,
    );
  });

  it('creates a destination charge with manual capture and the application fee', async () => {
    const destination = await payableAccount();
    const intent = await env.provider.createPaymentIntent({
      amountCents: 20_000,
      currency: 'usd',
      applicationFeeCents: 2_000,
      destinationAccountId: destination,
      description: 'Inspect a house',
      metadata: { task_id: 'task-7' },
      idempotencyKey: 'task:task-7:create_payment_intent',
    });
    const request = lastRequest();
    expect(request).toMatchObject({ method: 'POST', path: '/v1/payment_intents' });
    expect(request.headers['idempotency-key']).toBe('task:task-7:create_payment_intent');
    expect(request.params).toMatchObject({
      amount: '20000',
      currency: 'usd',
      capture_method: 'manual',
      application_fee_amount: '2000',
      'transfer_data[destination]': destination,
      'automatic_payment_methods[enabled]': 'true',
      'payment_method_options[card][request_incremental_authorization]': 'if_available',
      description: 'Inspect a house',
      'metadata[task_id]': 'task-7',
      'expand[0]': 'latest_charge',
    });
    expect(intent).toMatchObject({ status: 'requires_payment_method', amountCents: 20_000 });
  });

  it('captures and cancels with the caller keys, and maps the hold deadline from the charge', async () => {
    const destination = await payableAccount();
    const create = (key: string) =>
      env.provider.createPaymentIntent({
        amountCents: 5_000,
        currency: 'usd',
        applicationFeeCents: 500,
        destinationAccountId: destination,
        description: 'x',
        metadata: {},
        idempotencyKey: key,
      });
    const first = await create(randomUUID());
    await env.local.confirmPaymentIntent(first.clientSecret, { cardNumber: LOCAL_TEST_CARDS.success });
    const retrieved = await env.provider.retrievePaymentIntent(first.id);
    expect(lastRequest()).toMatchObject({ method: 'GET', path: `/v1/payment_intents/${first.id}` });
    expect(lastRequest().params['expand[0]']).toBe('latest_charge');
    expect(retrieved.captureBefore).toEqual((await env.local.retrievePaymentIntent(first.id)).captureBefore);

    await env.provider.capturePaymentIntent(first.id, { idempotencyKey: 'task:t:capture' });
    expect(lastRequest()).toMatchObject({ method: 'POST', path: `/v1/payment_intents/${first.id}/capture` });
    expect(lastRequest().headers['idempotency-key']).toBe('task:t:capture');

    const second = await create(randomUUID());
    await env.provider.cancelPaymentIntent(second.id, {
      idempotencyKey: 'task:t:cancel_hold',
      reason: 'assignment_declined_by_expert',
    });
    expect(lastRequest()).toMatchObject({ method: 'POST', path: `/v1/payment_intents/${second.id}/cancel` });
    expect(lastRequest().headers['idempotency-key']).toBe('task:t:cancel_hold');
    expect(lastRequest().params.cancellation_reason).toBe('abandoned');
  });

  // Issue 51: a price increase (decision 0467).
  it('increments an eligible hold with the new total, its fee and the caller key; an ineligible one is refused before any POST', async () => {
    const destination = await payableAccount();
    const create = () =>
      env.provider.createPaymentIntent({ amountCents: 5_000, currency: 'usd', applicationFeeCents: 500, destinationAccountId: destination, description: 'x', metadata: {}, idempotencyKey: randomUUID() });
    const eligible = await create();
    await env.local.confirmPaymentIntent(eligible.clientSecret, { cardNumber: LOCAL_TEST_CARDS.success });
    const grown = await env.provider.incrementAuthorization(eligible.id, { amountCents: 6_500, applicationFeeCents: 650, idempotencyKey: 'task:t:increment_authorization:c1' });
    expect(lastRequest()).toMatchObject({ method: 'POST', path: `/v1/payment_intents/${eligible.id}/increment_authorization` });
    expect(lastRequest().params).toMatchObject({ amount: '6500', application_fee_amount: '650' });
    expect(lastRequest().headers['idempotency-key']).toBe('task:t:increment_authorization:c1');
    expect(grown.amountCents).toBe(6_500);

    const ineligible = await create();
    await env.local.confirmPaymentIntent(ineligible.clientSecret, { cardNumber: LOCAL_TEST_CARDS.noIncrementalAuthorization });
    await expect(
      env.provider.incrementAuthorization(ineligible.id, { amountCents: 6_500, applicationFeeCents: 650, idempotencyKey: randomUUID() }),
    ).rejects.toMatchObject({ providerCode: 'incremental_authorization_unavailable' });
    expect(lastRequest()).toMatchObject({ method: 'GET', path: `/v1/payment_intents/${ineligible.id}` });
  });

  // Issue 50: the call-out fee of a late cancel is a partial capture (decision 0460).
  it('captures part of a hold with amount_to_capture and the fee on that part', async () => {
    const intent = await env.provider.createPaymentIntent({
      amountCents: 12_000,
      currency: 'usd',
      applicationFeeCents: 1_200,
      destinationAccountId: await payableAccount(),
      description: 'x',
      metadata: {},
      idempotencyKey: randomUUID(),
    });
    await env.local.confirmPaymentIntent(intent.clientSecret, { cardNumber: LOCAL_TEST_CARDS.success });
    const captured = await env.provider.capturePaymentIntent(intent.id, { idempotencyKey: 'task:t2:capture', amountCents: 3_000, applicationFeeCents: 300 });
    expect(lastRequest()).toMatchObject({ method: 'POST', path: `/v1/payment_intents/${intent.id}/capture` });
    expect(lastRequest().params).toMatchObject({ amount_to_capture: '3000', application_fee_amount: '300' });
    expect(lastRequest().headers['idempotency-key']).toBe('task:t2:capture');
    expect(captured).toMatchObject({ status: 'succeeded', amountCents: 12_000, amountCapturedCents: 3_000 });
  });

  // Issue 51: payout facts are read as the connected account, the dashboard through a login link.
  it('reads payouts and balance transactions as the connected account, with the source expanded', async () => {
    const accountId = await payableAccount();
    await env.provider.listPayouts(accountId, { createdSince: new Date('2026-01-01T00:00:00Z') });
    expect(lastRequest()).toMatchObject({ method: 'GET', path: '/v1/payouts' });
    expect(lastRequest().headers['stripe-account']).toBe(accountId);
    expect(lastRequest().params['created[gte]']).toBe(String(Date.parse('2026-01-01T00:00:00Z') / 1000));
    await env.provider.listBalanceTransactions(accountId, { payoutId: 'po_1' });
    expect(lastRequest()).toMatchObject({ method: 'GET', path: '/v1/balance_transactions' });
    expect(lastRequest().headers['stripe-account']).toBe(accountId);
    expect(lastRequest().params).toMatchObject({ payout: 'po_1', 'expand[0]': 'data.source', 'expand[1]': 'data.source.source_transfer' });
    await env.provider.createDashboardLoginLink(accountId);
    expect(lastRequest()).toMatchObject({ method: 'POST', path: `/v1/accounts/${accountId}/login_links` });
  });

  it('sends an idempotency key on every mutating call', () => {
    const posts = env.api.requests.filter((request) => request.method === 'POST');
    expect(posts.length).toBeGreaterThan(5);
    for (const request of posts) expect(request.headers['idempotency-key'], request.path).toBeTruthy();
  });

  it('maps a card decline from the provider to card_declined with the decline code', async () => {
    const fetchStub = async () =>
      new Response(
        JSON.stringify({
          error: {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'generic_decline',
            message: 'Your card was declined.',
          },
        }),
        { status: 402, headers: { 'content-type': 'application/json' } },
      );
    const provider = new StripePaymentProvider({
      ...keys,
      httpClient: Stripe.createFetchHttpClient(fetchStub),
    });
    const error = await provider.retrievePaymentIntent('pi_1').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect(error).toMatchObject({
      kind: 'card_declined',
      declineCode: 'generic_decline',
      message: 'Your card was declined.',
    });
  });

  it('maps a network failure to unavailable', async () => {
    const fetchStub = async () => {
      throw new TypeError('fetch failed');
    };
    const provider = new StripePaymentProvider({
      ...keys,
      httpClient: Stripe.createFetchHttpClient(fetchStub),
    });
    await expect(provider.getAccountStatus('acct_1')).rejects.toMatchObject({
      kind: 'unavailable',
      code: 'provider_error',
    });
  });
});

describe('StripePaymentProvider webhooks and keys', () => {
  const provider = new StripePaymentProvider(keys);
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('accepts a body signed with the webhook secret and maps account and charge events', async () => {
    const accountEvent = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'account.updated',
      data: { object: { id: 'acct_9', object: 'account', charges_enabled: true } },
    });
    expect(await provider.verifyWebhook(accountEvent, sign(accountEvent))).toEqual({
      id: 'evt_1',
      type: 'account.updated',
      accountId: 'acct_9',
      object: { id: 'acct_9', object: 'account', charges_enabled: true },
    });
    const chargeEvent = JSON.stringify({
      id: 'evt_2',
      object: 'event',
      type: 'charge.refunded',
      account: 'acct_3',
      data: { object: { id: 'ch_1', object: 'charge', payment_intent: 'pi_5' } },
    });
    expect(await provider.verifyWebhook(chargeEvent, sign(chargeEvent))).toMatchObject({
      accountId: 'acct_3',
      paymentIntentId: 'pi_5',
    });
  });

  it('refuses a tampered body, another secret and a missing header', async () => {
    const body = JSON.stringify({ id: 'evt_1', object: 'event', type: 'x', data: { object: { id: 'o' } } });
    for (const attempt of [
      provider.verifyWebhook(body.replace('"x"', '"y"'), sign(body)),
      provider.verifyWebhook(body, sign(body, 'whsec_other')),
      provider.verifyWebhook(body, null),
    ]) {
      const error = await attempt.catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('bad_request');
    }
  });

  it('logs (only) a publishable key of the wrong format', () => {
    const log = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    new StripePaymentProvider(keys);
    expect(log).not.toHaveBeenCalled();
    const provider = new StripePaymentProvider({ ...keys, publishableKey: 'sk_test_oops' });
    expect(log).toHaveBeenCalledTimes(1);
    expect(provider.publishableKey).toBe('sk_test_oops');
  });
});
