import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { manualClock } from '../../lib/clock';
import { createTestDatabase } from '../../test/test-db';
import { LocalPaymentProvider } from './local-adapter';
import { LOCAL_ACCOUNT_LINK_TTL_MS } from './local-accounts';
import { createLocalProviderPages } from './local-hosted-pages';
import { LOCAL_PAGE_TEXT } from './local-pages-html';
import { LOCAL_TEST_CARDS } from './local-test-cards';
import { expertFieldsFromAccountStatus } from './payment-provider';

const RETURN_URL = 'http://localhost:3000/stripe-return?from=stripe&success=true';
const REFRESH_URL = 'http://localhost:3000/profile?tab=payments&refresh=true';

describe('local provider pages', () => {
  let handle: DatabaseHandle;
  let clock: ReturnType<typeof manualClock>;
  let provider: LocalPaymentProvider;
  let pages: ReturnType<typeof createLocalProviderPages>;

  beforeAll(async () => {
    handle = await createTestDatabase();
    clock = manualClock();
    provider = new LocalPaymentProvider({ db: handle.db, clock, publicUrl: 'http://localhost:3000' });
    pages = createLocalProviderPages({ provider, clock });
  });
  afterAll(async () => {
    await handle.close();
  });

  async function newLink() {
    const { accountId } = await provider.createConnectedAccount({
      email: 'expert@example.com',
      userId: randomUUID(),
      idempotencyKey: randomUUID(),
    });
    const link = await provider.createAccountLink({
      accountId,
      refreshUrl: REFRESH_URL,
      returnUrl: RETURN_URL,
    });
    const path = new URL(link.url).pathname.replace('/dev/payments', '');
    return { accountId, path };
  }

  const choose = (path: string, outcome: string) =>
    pages.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ outcome }).toString(),
    });

  it('shows an onboarding page that says what it stands in for, with three labelled outcomes', async () => {
    const { path, accountId } = await newLink();
    const response = await pages.request(path);
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain('<html lang="en">');
    expect(page).toMatch(/<h1>Set up your payment account<\/h1>/);
    // The page's apostrophes are HTML-escaped.
    expect(page).toContain('local stand-in for the payment provider&#39;s hosted account setup');
    expect(page).toContain(accountId);
    const flat = page.replace(/\s+/g, ' ');
    for (const [value, label] of [
      ['complete', LOCAL_PAGE_TEXT.complete],
      ['incomplete', LOCAL_PAGE_TEXT.incomplete],
      ['restricted', LOCAL_PAGE_TEXT.restricted],
    ]) {
      // A submit button named by its label and described by its hint.
      expect(flat).toMatch(
        new RegExp(
          `<button type="submit" name="outcome" value="${value}" aria-describedby="${value}-hint"[^>]*> ${label}<span class="hint" id="${value}-hint">`,
        ),
      );
    }
  });

  it('completes setup: the account becomes active and the browser returns like from the provider', async () => {
    const { path, accountId } = await newLink();
    const response = await choose(path, 'complete');
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(RETURN_URL);
    const status = await provider.getAccountStatus(accountId);
    expect(status).toEqual({
      detailsSubmitted: true,
      chargesEnabled: true,
      payoutsEnabled: true,
      requirementsDue: [],
      disabledReason: null,
    });
    expect(expertFieldsFromAccountStatus(status)).toEqual({
      stripe_onboarding_completed: true,
      stripe_account_status: 'active',
    });
  });

  it('leaves setup incomplete: details not submitted, still returns to return_url', async () => {
    const { path, accountId } = await newLink();
    const response = await choose(path, 'incomplete');
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(RETURN_URL);
    expect(expertFieldsFromAccountStatus(await provider.getAccountStatus(accountId))).toEqual({
      stripe_onboarding_completed: false,
      stripe_account_status: 'pending',
    });
  });

  it('finishes with a restricted account: details submitted but disabled', async () => {
    const { path, accountId } = await newLink();
    expect((await choose(path, 'restricted')).headers.get('location')).toBe(RETURN_URL);
    const status = await provider.getAccountStatus(accountId);
    expect(status.disabledReason).toBe('requirements.past_due');
    expect(status.chargesEnabled).toBe(false);
    expect(expertFieldsFromAccountStatus(status)).toEqual({
      stripe_onboarding_completed: true,
      stripe_account_status: 'restricted',
    });
  });

  it('uses a link once: visiting or submitting it again goes to refresh_url and changes nothing', async () => {
    const { path, accountId } = await newLink();
    await choose(path, 'restricted');
    const revisit = await pages.request(path);
    expect(revisit.status).toBe(303);
    expect(revisit.headers.get('location')).toBe(REFRESH_URL);
    const resubmit = await choose(path, 'complete');
    expect(resubmit.headers.get('location')).toBe(REFRESH_URL);
    expect((await provider.getAccountStatus(accountId)).disabledReason).toBe('requirements.past_due');
  });

  it('sends an expired link (after 24 hours) to refresh_url', async () => {
    const { path, accountId } = await newLink();
    clock.advance(LOCAL_ACCOUNT_LINK_TTL_MS);
    const visit = await pages.request(path);
    expect(visit.status).toBe(303);
    expect(visit.headers.get('location')).toBe(REFRESH_URL);
    expect((await choose(path, 'complete')).headers.get('location')).toBe(REFRESH_URL);
    expect((await provider.getAccountStatus(accountId)).detailsSubmitted).toBe(false);
  });

  it('answers 404 for an unknown link and 400 for an unknown outcome', async () => {
    const unknown = await pages.request('/onboarding/not-a-token');
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain(LOCAL_PAGE_TEXT.notFoundTitle);
    expect((await choose('/onboarding/not-a-token', 'complete')).status).toBe(404);
    const { path } = await newLink();
    expect((await choose(path, 'hack')).status).toBe(400);
  });

  describe('card entry stand-in (mounted at /dev/payments as the lead will)', () => {
    const mounted = () => new Hono().route('/dev/payments', pages);
    async function newIntent() {
      const { accountId } = await provider.createConnectedAccount({
        email: 'expert@example.com',
        userId: randomUUID(),
        idempotencyKey: randomUUID(),
      });
      await provider.setAccountState(accountId, 'complete');
      return provider.createPaymentIntent({
        amountCents: 7_500,
        currency: 'usd',
        applicationFeeCents: 750,
        destinationAccountId: accountId,
        description: 'x',
        metadata: {},
        idempotencyKey: randomUUID(),
      });
    }
    const confirm = (body: Record<string, unknown>) =>
      mounted().request('http://localhost:3000/dev/payments/payment-intents/confirm', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });

    it('confirms with a good card and shows the intent by client secret', async () => {
      const intent = await newIntent();
      const response = await confirm({
        clientSecret: intent.clientSecret,
        cardNumber: LOCAL_TEST_CARDS.success,
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({
        paymentIntent: { status: 'requires_capture' },
        nextAction: null,
      });
      const read = await mounted().request(`/dev/payments/payment-intents/${intent.clientSecret}`);
      expect(await read.json()).toMatchObject({
        paymentIntent: { id: intent.id, status: 'requires_capture' },
      });
    });

    it('answers a decline with 402 and the provider message', async () => {
      const intent = await newIntent();
      const response = await confirm({
        clientSecret: intent.clientSecret,
        cardNumber: LOCAL_TEST_CARDS.declined,
      });
      expect(response.status).toBe(402);
      expect(await response.json()).toMatchObject({
        error: { code: 'card_declined', kind: 'card_declined', message: 'Your card was declined.' },
      });
    });

    it('walks the authentication page and returns like the provider, for approval and refusal', async () => {
      for (const [decision, redirectStatus, finalStatus] of [
        ['approve', 'succeeded', 'requires_capture'],
        ['refuse', 'failed', 'requires_payment_method'],
      ]) {
        const intent = await newIntent();
        const response = await confirm({
          clientSecret: intent.clientSecret,
          cardNumber: LOCAL_TEST_CARDS.requiresAuthentication,
          returnUrl: '/stripe-return',
        });
        const { nextAction } = (await response.json()) as { nextAction: { redirectUrl: string } };
        expect(nextAction.redirectUrl).toBe(
          `/dev/payments/authenticate/${intent.clientSecret}?return_url=%2Fstripe-return`,
        );
        const page = await mounted().request(`http://localhost:3000${nextAction.redirectUrl}`);
        expect(await page.text()).toContain(LOCAL_PAGE_TEXT.approve);
        const done = await mounted().request(
          `http://localhost:3000/dev/payments/authenticate/${intent.clientSecret}`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ decision, return_url: '/stripe-return' }).toString(),
          },
        );
        expect(done.status).toBe(303);
        const location = new URL(done.headers.get('location')!);
        expect(location.pathname).toBe('/stripe-return');
        expect(Object.fromEntries(location.searchParams)).toEqual({
          payment_intent: intent.id,
          payment_intent_client_secret: intent.clientSecret,
          redirect_status: redirectStatus,
        });
        expect((await provider.retrievePaymentIntent(intent.id)).status).toBe(finalStatus);
      }
    });

    it('refuses to return to another site', async () => {
      const intent = await newIntent();
      await provider.confirmPaymentIntent(intent.clientSecret, {
        cardNumber: LOCAL_TEST_CARDS.requiresAuthentication,
      });
      const page = await pages.request(
        `http://localhost:3000/authenticate/${intent.clientSecret}?return_url=${encodeURIComponent('https://evil.example/x')}`,
      );
      expect(page.status).toBe(404);
      expect((await provider.retrievePaymentIntent(intent.id)).status).toBe('requires_action');
    });
  });
});
