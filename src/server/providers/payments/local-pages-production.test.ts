import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { tasks } from '../../db/schema';
import { assignedTask, CARDS, createIntent, confirmBody, localOf } from '../../modules/payments/payments.test-helpers';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/test-app';
import { EMBEDDED_PRODUCTION_ENV } from '../../test/production-env';
import { LOCAL_PAGE_TEXT } from './local-pages-html';
import { LOCAL_PAYMENT_PAGES_PATH } from './local-adapter';

// Issue 53 (decision 0474): PAYMENTS_PROVIDER=local in production works end to end. The local
// provider's own pages are mounted wherever it runs; nothing else of /dev is.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { ...EMBEDDED_PRODUCTION_ENV, NODE_ENV: 'production', PUBLIC_URL: TEST_ORIGIN, AUTH_SECRET: 'p'.repeat(48) },
  });
});
afterAll(() => t.close());

const form = (fields: Record<string, string>) => ({
  body: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

async function expectTestPage(response: Response) {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  const page = await response.text();
  expect(page).toContain(`<p class="test-banner" role="note">${LOCAL_PAGE_TEXT.testBanner}</p>`);
  expect(page).toContain('<meta name="robots" content="noindex, nofollow" />');
  return page;
}

describe('PAYMENTS_PROVIDER=local in production', () => {
  it('runs the local provider in production', () => {
    expect(t.context.env.NODE_ENV).toBe('production');
    expect(t.providers.payments.name).toBe('local');
  });

  it("serves the provider's account setup page, marked as a test page, and the setup completes", async () => {
    const local = localOf(t);
    const { accountId } = await local.createConnectedAccount({ email: 'expert@example.com', userId: randomUUID(), idempotencyKey: 'prod-setup' });
    const link = await local.createAccountLink({
      accountId,
      refreshUrl: `${TEST_ORIGIN}/stripe-return?from=stripe&refresh=true`,
      returnUrl: `${TEST_ORIGIN}/stripe-return?from=stripe&success=true`,
    });
    const path = new URL(link.url).pathname;
    expect(path.startsWith(`${LOCAL_PAYMENT_PAGES_PATH}/onboarding/`)).toBe(true);
    await expectTestPage(await t.request('GET', path));
    const done = await t.request('POST', path, form({ outcome: 'complete' }));
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`${TEST_ORIGIN}/stripe-return?from=stripe&success=true`);
    expect((await local.getAccountStatus(accountId)).chargesEnabled).toBe(true);
  });

  it("authorizes a hold through the provider's pages: a card that asks for authentication, the test authentication page, then the product records the hold", async () => {
    const task = await assignedTask(t);
    const intent = await createIntent(t, task);
    expect(intent.provider).toBe('local');

    const confirmed = await t.request('POST', `${LOCAL_PAYMENT_PAGES_PATH}/payment-intents/confirm`, {
      body: {
        clientSecret: intent.paymentIntentClientSecret,
        cardNumber: CARDS.authenticate.replaceAll(' ', ''),
        expMonth: 12,
        expYear: 2099,
        cvc: '123',
        returnUrl: '/stripe-return?from=payment',
      },
    });
    expect(confirmed.status).toBe(200);
    const { paymentIntent, nextAction } = await t.json<{ paymentIntent: { status: string }; nextAction: { redirectUrl: string } }>(confirmed);
    expect(paymentIntent.status).toBe('requires_action');
    expect(nextAction.redirectUrl.startsWith(`${LOCAL_PAYMENT_PAGES_PATH}/authenticate/`)).toBe(true);

    const page = await expectTestPage(await t.request('GET', nextAction.redirectUrl));
    expect(page).toContain(LOCAL_PAGE_TEXT.authenticationTitle);
    const approved = await t.request(
      'POST',
      new URL(nextAction.redirectUrl, TEST_ORIGIN).pathname,
      form({ decision: 'approve', return_url: '/stripe-return?from=payment' }),
    );
    expect(approved.status).toBe(303);
    const back = new URL(approved.headers.get('location')!);
    expect(back.searchParams.get('redirect_status')).toBe('succeeded');

    const read = await t.request('GET', `${LOCAL_PAYMENT_PAGES_PATH}/payment-intents/${encodeURIComponent(intent.paymentIntentClientSecret)}`);
    expect((await t.json<{ paymentIntent: { status: string } }>(read)).paymentIntent.status).toBe('requires_capture');

    const recorded = await t.request('POST', '/api/payments/confirm', { body: confirmBody(task, intent), cookie: task.client.cookie });
    expect(recorded.status).toBe(200);
    const [row] = await t.db.select({ payment_status: tasks.payment_status }).from(tasks).where(eq(tasks.id, task.taskId));
    expect(row.payment_status).toBe('authorized');
  });

  it('mounts nothing else of /dev: no outbox, no clock control, no local background check', async () => {
    for (const [method, path] of [
      ['GET', '/dev/outbox/messages'],
      ['GET', '/dev/outbox'],
      ['GET', '/dev/clock'],
      ['POST', '/dev/clock/advance'],
      ['GET', '/dev/verification/anything'],
    ] as const) {
      const response = await t.request(method, path, method === 'POST' ? { body: { hours: 1 } } : {});
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
    }
  });
});
