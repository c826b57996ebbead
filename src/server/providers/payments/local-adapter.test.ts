import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { manualClock } from '../../lib/clock';
import { createTestDatabase } from '../../test/test-db';
import { LOCAL_AUTHORIZATION_HOLD_MS, LocalPaymentProvider } from './local-adapter';
import { LOCAL_ACCOUNT_LINK_TTL_MS } from './local-accounts';
import { IDEMPOTENCY_KEY_TTL_MS } from './local-store';
import { LOCAL_TEST_CARDS } from './local-test-cards';
import { runPaymentProviderContract } from '../../test/contracts/payment-provider.contract';
import { runPayoutContract } from '../../test/contracts/payment-provider-payouts.contract';
import { PaymentProviderError, type PaymentProviderErrorKind } from './payment-provider';
import { localStateHarness } from './test-support/local-state-harness';

runPaymentProviderContract('local adapter', async () => {
  const handle = await createTestDatabase();
  const clock = manualClock();
  const provider = new LocalPaymentProvider({ db: handle.db, clock, publicUrl: 'http://localhost:3000' });
  return localStateHarness({
    provider,
    local: provider,
    clock,
    db: handle.db,
    signWebhook: (rawBody) => provider.signWebhookBody(rawBody),
    close: () => handle.close(),
  });
});

runPayoutContract('local adapter', async () => {
  const handle = await createTestDatabase();
  const clock = manualClock();
  const provider = new LocalPaymentProvider({ db: handle.db, clock, publicUrl: 'http://localhost:3000' });
  const harness = localStateHarness({
    provider,
    local: provider,
    clock,
    db: handle.db,
    signWebhook: (rawBody) => provider.signWebhookBody(rawBody),
    close: () => handle.close(),
  });
  return { ...harness, advance: (ms: number) => clock.advance(ms) };
});

describe('LocalPaymentProvider (local-only behaviour)', () => {
  let handle: DatabaseHandle;
  let clock: ReturnType<typeof manualClock>;
  let provider: LocalPaymentProvider;

  beforeAll(async () => {
    handle = await createTestDatabase();
    clock = manualClock();
    provider = new LocalPaymentProvider({ db: handle.db, clock, publicUrl: 'http://localhost:3000/' });
  });
  afterAll(async () => {
    await handle.close();
  });

  const newAccount = async () =>
    (
      await provider.createConnectedAccount({
        email: 'expert@example.com',
        userId: randomUUID(),
        idempotencyKey: randomUUID(),
      })
    ).accountId;

  const payableAccount = async () => {
    const accountId = await newAccount();
    await provider.setAccountState(accountId, 'complete');
    return accountId;
  };

  const newIntent = async (destination?: string) =>
    provider.createPaymentIntent({
      amountCents: 5_000,
      currency: 'usd',
      applicationFeeCents: 500,
      destinationAccountId: destination ?? (await payableAccount()),
      description: 'Inspect a car',
      metadata: { task_id: 'task-1' },
      idempotencyKey: randomUUID(),
    });

  async function errorOf(promise: Promise<unknown>, kind: PaymentProviderErrorKind) {
    const error = await promise.then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect((error as PaymentProviderError).kind).toBe(kind);
    return error as PaymentProviderError;
  }

  it('uses local id formats and onboarding links under /dev/payments', async () => {
    const accountId = await newAccount();
    expect(accountId).toMatch(/^acct_local_[0-9a-f]+$/);
    const link = await provider.createAccountLink({
      accountId,
      refreshUrl: 'http://r',
      returnUrl: 'http://s',
    });
    expect(link.url).toMatch(/^http:\/\/localhost:3000\/dev\/payments\/onboarding\/[A-Za-z0-9_-]+$/);
    expect(link.expiresAt.getTime() - clock.now().getTime()).toBe(LOCAL_ACCOUNT_LINK_TTL_MS);
    const intent = await newIntent();
    expect(intent.id).toMatch(/^pi_local_[0-9a-f]+$/);
    expect(intent.clientSecret).toMatch(/^pi_local_[0-9a-f]+_secret_[A-Za-z0-9_-]+$/);
  });

  it('refuses links for unknown accounts', async () => {
    await errorOf(
      provider.createAccountLink({ accountId: 'acct_local_x', refreshUrl: 'a', returnUrl: 'b' }),
      'not_found',
    );
  });

  it('makes onboarding links unusable after 24 hours', async () => {
    const accountId = await newAccount();
    const link = await provider.createAccountLink({
      accountId,
      refreshUrl: 'http://r',
      returnUrl: 'http://s',
    });
    const token = link.url.split('/').pop()!;
    expect((await provider.inspectAccountLink(token))?.usable).toBe(true);
    clock.advance(LOCAL_ACCOUNT_LINK_TTL_MS - 1);
    expect((await provider.inspectAccountLink(token))?.usable).toBe(true);
    clock.advance(1);
    expect((await provider.inspectAccountLink(token))?.usable).toBe(false);
    expect(await provider.completeOnboarding(token, 'complete')).toEqual({
      redirectTo: 'http://r',
      applied: false,
    });
    expect((await provider.getAccountStatus(accountId)).detailsSubmitted).toBe(false);
    expect(await provider.inspectAccountLink('no-such-token')).toBeNull();
  });

  it('refuses intents to an account that has not finished onboarding', async () => {
    const error = await errorOf(newIntent(await newAccount()), 'invalid_request');
    expect(error.providerCode).toBe('insufficient_capabilities_for_transfer');
  });

  it('validates amounts like the real provider', async () => {
    const destinationAccountId = await payableAccount();
    const base = {
      currency: 'usd' as const,
      destinationAccountId,
      description: 'x',
      metadata: {},
    };
    await errorOf(
      provider.createPaymentIntent({
        ...base,
        amountCents: 49,
        applicationFeeCents: 0,
        idempotencyKey: randomUUID(),
      }),
      'invalid_request',
    );
    await errorOf(
      provider.createPaymentIntent({
        ...base,
        amountCents: 100,
        applicationFeeCents: 101,
        idempotencyKey: randomUUID(),
      }),
      'invalid_request',
    );
  });

  it('authorizes with 4242 4242 4242 4242 and holds for 7 days', async () => {
    const intent = await newIntent();
    const authorized = await provider.confirmPaymentIntent(intent.clientSecret, {
      cardNumber: '4242 4242 4242 4242',
    });
    expect(authorized.status).toBe('requires_capture');
    expect(authorized.paymentMethodId).toMatch(/^pm_local_/);
    expect(authorized.captureBefore!.getTime() - clock.now().getTime()).toBe(LOCAL_AUTHORIZATION_HOLD_MS);
    await errorOf(
      provider.confirmPaymentIntent(intent.clientSecret, { cardNumber: '4242424242424242' }),
      'invalid_state',
    );
  });

  it('declines 4000 0000 0000 0002 and leaves the intent waiting for a payment method', async () => {
    const intent = await newIntent();
    const error = await errorOf(
      provider.confirmPaymentIntent(intent.clientSecret, { cardNumber: '4000 0000 0000 0002' }),
      'card_declined',
    );
    expect(error.message).toBe('Your card was declined.');
    expect(error.declineCode).toBe('generic_decline');
    expect((await provider.retrievePaymentIntent(intent.id)).status).toBe('requires_payment_method');
    // Another card can still be tried.
    expect(
      (await provider.confirmPaymentIntent(intent.clientSecret, { cardNumber: LOCAL_TEST_CARDS.success }))
        .status,
    ).toBe('requires_capture');
  });

  it('rejects malformed and expired cards', async () => {
    const intent = await newIntent();
    const wrong = await errorOf(
      provider.confirmPaymentIntent(intent.clientSecret, { cardNumber: '4242424242424241' }),
      'card_declined',
    );
    expect(wrong.message).toBe('Your card number is incorrect.');
    const expired = await errorOf(
      provider.confirmPaymentIntent(intent.clientSecret, {
        cardNumber: LOCAL_TEST_CARDS.success,
        expMonth: 12,
        expYear: 2020,
      }),
      'card_declined',
    );
    expect(expired.message).toBe('Your card has expired.');
  });

  it('asks for authentication with 4000 0025 0000 3155, then authorizes or returns to card entry', async () => {
    const approved = await newIntent();
    const pending = await provider.confirmPaymentIntent(approved.clientSecret, {
      cardNumber: '4000 0025 0000 3155',
    });
    expect(pending.status).toBe('requires_action');
    await errorOf(
      provider.capturePaymentIntent(approved.id, { idempotencyKey: randomUUID() }),
      'invalid_state',
    );
    const done = await provider.completeAuthentication(approved.id, true);
    expect(done.status).toBe('requires_capture');
    expect(done.captureBefore).not.toBeNull();

    const refused = await newIntent();
    await provider.confirmPaymentIntent(refused.clientSecret, {
      cardNumber: LOCAL_TEST_CARDS.requiresAuthentication,
    });
    await errorOf(provider.completeAuthentication(refused.id, false), 'authentication_failed');
    const after = await provider.retrievePaymentIntent(refused.id);
    expect(after.status).toBe('requires_payment_method');
    expect(after.paymentMethodId).toBeNull();
    await errorOf(provider.completeAuthentication(refused.id, true), 'invalid_state');
  });

  it('captures up to the last moment of the hold, not after', async () => {
    const onTime = await newIntent();
    await provider.confirmPaymentIntent(onTime.clientSecret, { cardNumber: LOCAL_TEST_CARDS.success });
    const late = await newIntent();
    await provider.confirmPaymentIntent(late.clientSecret, { cardNumber: LOCAL_TEST_CARDS.success });
    clock.advance(LOCAL_AUTHORIZATION_HOLD_MS - 1);
    expect((await provider.capturePaymentIntent(onTime.id, { idempotencyKey: randomUUID() })).status).toBe(
      'succeeded',
    );
    clock.advance(1);
    await errorOf(provider.capturePaymentIntent(late.id, { idempotencyKey: randomUUID() }), 'hold_expired');
    expect((await provider.retrievePaymentIntent(late.id)).status).toBe('canceled');
    await errorOf(
      provider.cancelPaymentIntent(late.id, {
        idempotencyKey: randomUUID(),
        reason: 'task_cancelled_by_client',
      }),
      'invalid_state',
    );
    // The captured one is unaffected by time passing.
    expect((await provider.retrievePaymentIntent(onTime.id)).status).toBe('succeeded');
  });

  it('replays a capture with the same key for 24 hours, and refuses the key for another intent', async () => {
    const intent = await newIntent();
    await provider.confirmPaymentIntent(intent.clientSecret, { cardNumber: LOCAL_TEST_CARDS.success });
    const captureKey = randomUUID();
    const [first, second] = await Promise.all([
      provider.capturePaymentIntent(intent.id, { idempotencyKey: captureKey }),
      provider.capturePaymentIntent(intent.id, { idempotencyKey: captureKey }),
    ]);
    expect(first).toEqual(second);
    expect(first.status).toBe('succeeded');
    const other = await newIntent();
    await errorOf(
      provider.capturePaymentIntent(other.id, { idempotencyKey: captureKey }),
      'idempotency_conflict',
    );
    clock.advance(IDEMPOTENCY_KEY_TTL_MS - 1);
    expect((await provider.capturePaymentIntent(intent.id, { idempotencyKey: captureKey })).status).toBe(
      'succeeded',
    );
    clock.advance(1);
    // Like the real provider, a key is forgotten after 24 hours: the retry is a new, refused capture.
    await errorOf(provider.capturePaymentIntent(intent.id, { idempotencyKey: captureKey }), 'invalid_state');
  });

  it('cancels from requires_action and forgets idempotency keys after 24 hours', async () => {
    const intent = await newIntent();
    await provider.confirmPaymentIntent(intent.clientSecret, {
      cardNumber: LOCAL_TEST_CARDS.requiresAuthentication,
    });
    const cancelKey = randomUUID();
    const canceled = await provider.cancelPaymentIntent(intent.id, {
      idempotencyKey: cancelKey,
      reason: 'task_cancelled_by_client',
    });
    expect(canceled.status).toBe('canceled');
    clock.advance(IDEMPOTENCY_KEY_TTL_MS + 1);
    // Past the key's lifetime the call runs again, and an already canceled intent cannot be canceled.
    await errorOf(
      provider.cancelPaymentIntent(intent.id, {
        idempotencyKey: cancelKey,
        reason: 'task_cancelled_by_client',
      }),
      'invalid_state',
    );
  });

  it('retrieves by client secret, for the payment return page', async () => {
    const intent = await newIntent();
    expect(await provider.retrievePaymentIntentByClientSecret(intent.clientSecret)).toEqual(intent);
    await errorOf(provider.retrievePaymentIntentByClientSecret('pi_local_x_secret_y'), 'not_found');
  });

  it('signs and verifies its own webhook events, and refuses another secret', async () => {
    const event = provider.buildWebhookEvent({
      type: 'account.updated',
      object: { id: 'acct_local_1', object: 'account', charges_enabled: true },
    });
    expect(event.header).toBe('x-local-signature');
    expect(await provider.verifyWebhook(event.rawBody, event.signature)).toMatchObject({
      type: 'account.updated',
      accountId: 'acct_local_1',
    });
    const other = new LocalPaymentProvider({
      db: handle.db,
      clock,
      publicUrl: 'http://x',
      webhookSecret: 'another',
    });
    await expect(other.verifyWebhook(event.rawBody, event.signature)).rejects.toMatchObject({
      code: 'bad_request',
    });
  });
});
