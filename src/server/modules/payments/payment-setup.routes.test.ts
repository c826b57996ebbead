import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '@shared/messages';
import type {
  MyExpertProfileResponse,
  PaymentSetupLinkResponse,
  PaymentSetupVerifyResponse,
} from '@shared/schemas/expert-onboarding.schemas';
import { expertProfiles, webhookEvents } from '../../db/schema';
import type { AppEnv } from '../../http/context';
import { handleError } from '../../http/errors';
import type { LocalPaymentProvider } from '../../providers/payments/local-adapter';
import { PaymentProviderError } from '../../providers/payments/payment-provider';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';
import { newExpert, submitApplication } from '../experts/experts.test-helpers';
import { onboardingReturnUrls } from './payment-setup.service';
import { paymentSetupRoutes } from './payment-setup.routes';

let t: TestApp;
let local: LocalPaymentProvider;
/** The routes through app.ts once the lead mounts them; until then, the same routes on a test app. */
let send: (method: string, path: string, init?: { body?: unknown; cookie?: string; headers?: Record<string, string> }) => Promise<Response>;

beforeAll(async () => {
  t = await createTestApp();
  local = t.providers.payments as LocalPaymentProvider;
  const probe = await t.request('POST', '/api/payment-setup/verify');
  if (probe.status !== 404) {
    send = t.request;
    return;
  }
  const routes = new Hono<AppEnv>();
  routes.onError(handleError);
  routes.use('*', async (c, next) => {
    const session = await t.context.auth.api.getSession({ headers: c.req.raw.headers });
    c.set('user', session ? { ...session.user, id: session.user.id } : null);
    c.set('session', session ? { id: session.session.id, expiresAt: new Date(session.session.expiresAt) } : null);
    await next();
  });
  routes.route('/api', paymentSetupRoutes(t.context));
  send = async (method, path, init = {}) => {
    if (!path.startsWith('/api/payment-setup') && !path.startsWith('/api/payment-webhooks')) return t.request(method, path, init);
    const headers: Record<string, string> = { origin: TEST_ORIGIN, ...(init.headers ?? {}) };
    if (init.cookie) headers.cookie = init.cookie;
    let body: string | undefined;
    if (typeof init.body === 'string') body = init.body;
    else if (init.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.body);
    }
    return routes.request(`${TEST_ORIGIN}${path}`, { method, headers, body });
  };
});
afterAll(async () => {
  await t.close();
});

type ErrorBody = { error: { code: string; message: string } };
const errorOf = async (response: Response) => (await t.json<ErrorBody>(response)).error;
const expertRow = async (id: string) => (await t.db.select().from(expertProfiles).where(eq(expertProfiles.id, id)))[0];

const startOnboarding = (user: TestUser, platform?: 'web' | 'mobile') =>
  send('POST', '/api/payment-setup/account', { cookie: user.cookie, body: platform ? { platform } : undefined });
const refreshLink = (user: TestUser) => send('POST', '/api/payment-setup/refresh-link', { cookie: user.cookie, body: {} });
const verify = (user: TestUser) => send('POST', '/api/payment-setup/verify', { cookie: user.cookie });

/** What a person does on the local provider's hosted page: press one of its three buttons. */
async function finishHostedOnboarding(url: string, outcome: 'complete' | 'incomplete' | 'restricted') {
  const path = new URL(url).pathname;
  expect((await t.request('GET', path)).status).toBe(200);
  return t.request('POST', path, {
    body: new URLSearchParams({ outcome }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

async function applicant() {
  const user = await newExpert(t);
  expect((await submitApplication(t, user.cookie)).status).toBe(200);
  return user;
}

describe('onboardingReturnUrls', () => {
  it('returns to /stripe-return with from=stripe and success or refresh', () => {
    expect(onboardingReturnUrls('https://example.com/', 'web')).toEqual({
      returnUrl: 'https://example.com/stripe-return?from=stripe&success=true',
      refreshUrl: 'https://example.com/stripe-return?from=stripe&refresh=true',
    });
    expect(onboardingReturnUrls('https://example.com', 'mobile').returnUrl).toBe(
      'https://example.com/stripe-return?from=stripe&success=true&platform=mobile',
    );
  });
});

describe('who may set up payments', () => {
  it('refuses signed-out visitors', async () => {
    for (const path of ['/api/payment-setup/account', '/api/payment-setup/refresh-link', '/api/payment-setup/verify']) {
      expect((await send('POST', path)).status).toBe(401);
    }
  });

  it('answers "Expert profile not found" to a client', async () => {
    const client = await t.createUser('client');
    for (const response of [await startOnboarding(client), await refreshLink(client), await verify(client)]) {
      expect(response.status).toBe(404);
      expect((await errorOf(response)).message).toBe('Expert profile not found');
    }
  });

  it('requires the LPCA terms (the application) before creating an account', async () => {
    const user = await newExpert(t);
    const response = await startOnboarding(user);
    expect(response.status).toBe(409);
    expect((await errorOf(response)).message).toBe('You must accept the LPCA terms to proceed');
  });

  it('answers "No payment account found" to refresh and verify before an account exists', async () => {
    const user = await applicant();
    for (const response of [await refreshLink(user), await verify(user)]) {
      expect(response.status).toBe(404);
      expect((await errorOf(response)).message).toBe('No payment account found. Please contact an administrator.');
    }
  });

  it('refuses a platform other than web or mobile', async () => {
    const user = await applicant();
    const response = await send('POST', '/api/payment-setup/account', { cookie: user.cookie, body: { platform: 'tv' } });
    expect(response.status).toBe(400);
  });
});

describe('the local provider: account -> link -> hosted page -> verify', () => {
  it('completes onboarding and ends verified and active', async () => {
    const user = await applicant();
    const started = await startOnboarding(user);
    expect(started.status).toBe(200);
    const link = await t.json<PaymentSetupLinkResponse>(started);
    expect(link.success).toBe(true);
    expect(link.onboardingUrl).toMatch(new RegExp(`^${TEST_ORIGIN}/dev/payments/onboarding/`));
    expect(new Date(link.expiresAt).getTime() - t.clock.now().getTime()).toBe(24 * 60 * 60 * 1000);
    const row = await expertRow(user.id);
    expect(row.stripe_account_id).toMatch(/^acct_/);
    expect(row.stripe_onboarding_url).toBe(link.onboardingUrl);

    const finished = await finishHostedOnboarding(link.onboardingUrl, 'complete');
    expect(finished.status).toBe(303);
    expect(finished.headers.get('location')).toBe(`${TEST_ORIGIN}/stripe-return?from=stripe&success=true`);

    const verified = await verify(user);
    expect(verified.status).toBe(200);
    const { expert } = await t.json<PaymentSetupVerifyResponse>(verified);
    expect(expert).toMatchObject({
      stripe_onboarding_completed: true,
      stripe_account_status: 'active',
      is_verified: true,
      status_text: 'Verified Expert',
      payment_setup_state: 'complete_active',
    });
    const mine = await t.json<MyExpertProfileResponse>(await t.request('GET', '/api/experts/me', { cookie: user.cookie }));
    expect(mine.expert?.is_verified).toBe(true);
  });

  it('creates the account once: a second start reuses it with a new link', async () => {
    const user = await applicant();
    const spy = vi.spyOn(local, 'createConnectedAccount');
    const first = await t.json<PaymentSetupLinkResponse>(await startOnboarding(user));
    const accountId = (await expertRow(user.id)).stripe_account_id;
    const second = await t.json<PaymentSetupLinkResponse>(await startOnboarding(user));
    expect((await expertRow(user.id)).stripe_account_id).toBe(accountId);
    expect(second.onboardingUrl).not.toBe(first.onboardingUrl);
    expect(spy).toHaveBeenCalledTimes(1);
    expect(spy.mock.calls[0][0]).toMatchObject({ userId: user.id, idempotencyKey: `user:${user.id}:create_connected_account` });
    spy.mockRestore();
  });

  it('leaves onboarding incomplete, then refreshes the link and completes', async () => {
    const user = await applicant();
    const link = await t.json<PaymentSetupLinkResponse>(await startOnboarding(user));
    await finishHostedOnboarding(link.onboardingUrl, 'incomplete');
    const incomplete = await t.json<PaymentSetupVerifyResponse>(await verify(user));
    expect(incomplete.expert).toMatchObject({
      stripe_onboarding_completed: false,
      payment_setup_state: 'incomplete',
      status_text: 'Complete payment provider onboarding to receive payments',
    });

    const refreshed = await refreshLink(user);
    expect(refreshed.status).toBe(200);
    const fresh = await t.json<PaymentSetupLinkResponse>(refreshed);
    expect(fresh.onboardingUrl).not.toBe(link.onboardingUrl);
    await finishHostedOnboarding(fresh.onboardingUrl, 'complete');
    expect((await t.json<PaymentSetupVerifyResponse>(await verify(user))).expert.is_verified).toBe(true);
  });

  it('shows a restricted account as "Account Restricted"', async () => {
    const user = await applicant();
    const link = await t.json<PaymentSetupLinkResponse>(await startOnboarding(user));
    await finishHostedOnboarding(link.onboardingUrl, 'restricted');
    const { expert } = await t.json<PaymentSetupVerifyResponse>(await verify(user));
    expect(expert).toMatchObject({
      stripe_onboarding_completed: true,
      stripe_account_status: 'restricted',
      status_text: 'Account Restricted',
      payment_setup_state: 'complete_under_review',
      is_verified: false,
    });
  });

  it('sends an expired link (after 24 hours) to the refresh URL', async () => {
    const user = await applicant();
    const link = await t.json<PaymentSetupLinkResponse>(await startOnboarding(user));
    t.clock.advance(24 * 60 * 60 * 1000 + 1);
    const response = await t.request('GET', new URL(link.onboardingUrl).pathname);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`${TEST_ORIGIN}/stripe-return?from=stripe&refresh=true`);
  });

  it('brings an onboarding started in the app back with platform=mobile', async () => {
    const user = await applicant();
    const link = await t.json<PaymentSetupLinkResponse>(await startOnboarding(user, 'mobile'));
    const finished = await finishHostedOnboarding(link.onboardingUrl, 'complete');
    expect(finished.headers.get('location')).toBe(`${TEST_ORIGIN}/stripe-return?from=stripe&success=true&platform=mobile`);
  });
});

describe('provider failures carry the spec texts', () => {
  const failure = () => new PaymentProviderError('unavailable', 'provider down');

  it('account creation', async () => {
    const user = await applicant();
    const spy = vi.spyOn(local, 'createConnectedAccount').mockRejectedValueOnce(failure());
    const response = await startOnboarding(user);
    expect(response.status).toBe(502);
    const { message } = await errorOf(response);
    expect(message).toBe(messages.paymentSetup.createAccountFailed);
    expect(message).toBe('Failed to create payment account. Please try again.');
    expect((await expertRow(user.id)).stripe_account_id).toBeNull();
    spy.mockRestore();
  });

  it('the first link', async () => {
    const user = await applicant();
    const spy = vi.spyOn(local, 'createAccountLink').mockRejectedValueOnce(failure());
    const response = await startOnboarding(user);
    expect(response.status).toBe(502);
    expect((await errorOf(response)).message).toBe('Unable to generate payment setup link. Please contact an administrator.');
    // The account was created and kept: the next try only needs a link.
    expect((await expertRow(user.id)).stripe_account_id).toMatch(/^acct_/);
    spy.mockRestore();
  });

  it('a refreshed link', async () => {
    const user = await applicant();
    await startOnboarding(user);
    const spy = vi.spyOn(local, 'createAccountLink').mockRejectedValueOnce(failure());
    const response = await refreshLink(user);
    expect(response.status).toBe(502);
    expect((await errorOf(response)).message).toBe('Failed to refresh onboarding link. Please try again.');
    spy.mockRestore();
  });

  it('reading the account status', async () => {
    const user = await applicant();
    await startOnboarding(user);
    const spy = vi.spyOn(local, 'getAccountStatus').mockRejectedValueOnce(failure());
    const response = await verify(user);
    expect(response.status).toBe(502);
    expect((await errorOf(response)).message).toBe('Unable to access payment setup. Please contact an administrator.');
    spy.mockRestore();
  });
});

describe('POST /api/payment-webhooks', () => {
  async function onboardedAccount() {
    const user = await applicant();
    await startOnboarding(user);
    const accountId = (await expertRow(user.id)).stripe_account_id!;
    return { user, accountId };
  }
  const deliver = (rawBody: string, signature: string | null) =>
    send('POST', '/api/payment-webhooks', {
      body: rawBody,
      headers: { 'content-type': 'application/json', ...(signature ? { [local.webhookSignatureHeader]: signature } : {}) },
    });

  it('refuses a body whose signature does not match', async () => {
    const { accountId } = await onboardedAccount();
    const event = local.buildWebhookEvent({ type: 'account.updated', object: { object: 'account', id: accountId } });
    expect((await deliver(event.rawBody, null)).status).toBe(400);
    expect((await deliver(event.rawBody, 'bad')).status).toBe(400);
    expect((await deliver(event.rawBody.replace('account.updated', 'account.updatex'), event.signature)).status).toBe(400);
  });

  it('handles account.updated once per event id', async () => {
    const { user, accountId } = await onboardedAccount();
    await local.setAccountState(accountId, 'complete');
    const event = local.buildWebhookEvent({ type: 'account.updated', object: { object: 'account', id: accountId } });
    const spy = vi.spyOn(local, 'getAccountStatus');

    const first = await deliver(event.rawBody, event.signature);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, duplicate: false });
    expect(await expertRow(user.id)).toMatchObject({ stripe_onboarding_completed: true, stripe_account_status: 'active' });

    // The account changes, but a repeat of the same event is acknowledged and not handled again.
    await local.setAccountState(accountId, 'restricted');
    const repeat = await deliver(event.rawBody, event.signature);
    expect(repeat.status).toBe(200);
    expect(await repeat.json()).toEqual({ received: true, duplicate: true });
    expect((await expertRow(user.id)).stripe_account_status).toBe('active');
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockRestore();

    const recorded = await t.db.select().from(webhookEvents).where(eq(webhookEvents.id, JSON.parse(event.rawBody).id));
    expect(recorded).toMatchObject([{ provider: 'local', type: 'account.updated' }]);
  });

  it('records nothing when handling fails, so the provider retry is handled', async () => {
    const { user, accountId } = await onboardedAccount();
    await local.setAccountState(accountId, 'complete');
    const event = local.buildWebhookEvent({ type: 'account.updated', object: { object: 'account', id: accountId } });
    const spy = vi
      .spyOn(local, 'getAccountStatus')
      .mockRejectedValueOnce(new PaymentProviderError('unavailable', 'provider down'));
    expect((await deliver(event.rawBody, event.signature)).status).toBe(502);
    expect((await expertRow(user.id)).stripe_onboarding_completed).toBe(false);
    const retry = await deliver(event.rawBody, event.signature);
    expect(await retry.json()).toEqual({ received: true, duplicate: false });
    expect((await expertRow(user.id)).stripe_account_status).toBe('active');
    spy.mockRestore();
  });

  it('acknowledges and records event types it does not handle', async () => {
    const event = local.buildWebhookEvent({ type: 'payout.paid', object: { object: 'payout', id: 'po_1' } });
    const response = await deliver(event.rawBody, event.signature);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, duplicate: false });
  });
});
