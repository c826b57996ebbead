import { Hono, type Context } from 'hono';
import type { Clock } from '../../lib/clock';
import type { LocalPaymentProvider } from './local-adapter';
import type { LocalOnboardingOutcome } from './local-accounts';
import { authenticationPage, LOCAL_PAGE_TEXT, messagePage, onboardingPage } from './local-pages-html';
import { payoutDashboardPage } from './local-dashboard-html';
import { PaymentProviderError } from './payment-provider';

export interface LocalProviderPagesOptions {
  provider: LocalPaymentProvider;
  /** Decides link expiry; the provider's own clock when absent. */
  clock?: Clock;
}

const OUTCOMES: readonly LocalOnboardingOutcome[] = ['complete', 'incomplete', 'restricted'];

/**
 * The pages the real provider hosts, served by the local provider (mount at LOCAL_PAYMENT_PAGES_PATH,
 * outside production only):
 * - GET/POST /onboarding/:token: account setup with three outcomes; a POST uses the link up and
 *   redirects (303) to its return_url; an expired or used link redirects to its refresh_url.
 * - GET /payment-intents/:clientSecret: the intent, as the card library's retrieval would give it.
 * - POST /payment-intents/confirm: confirms with a test card (JSON), answering `nextAction.redirectUrl`
 *   when the card needs authentication.
 * - GET/POST /authenticate/:clientSecret?return_url=: the authentication step; a POST redirects to
 *   return_url with payment_intent, payment_intent_client_secret and redirect_status, like the provider.
 */
export function createLocalProviderPages(options: LocalProviderPagesOptions) {
  const { provider } = options;
  // undefined lets the provider use its own clock.
  const now = () => options.clock?.now();
  const app = new Hono();

  app.get('/onboarding/:token', async (c) => {
    const link = await provider.inspectAccountLink(c.req.param('token'), now());
    if (!link) return c.html(messagePage(LOCAL_PAGE_TEXT.notFoundTitle, LOCAL_PAGE_TEXT.notFoundBody), 404);
    if (!link.usable) return c.redirect(link.refreshUrl, 303);
    return c.html(onboardingPage(link));
  });

  app.post('/onboarding/:token', async (c) => {
    const body = await c.req.parseBody();
    const outcome = OUTCOMES.find((value) => value === body.outcome);
    if (!outcome)
      return c.html(messagePage(LOCAL_PAGE_TEXT.badRequestTitle, LOCAL_PAGE_TEXT.badRequestBody), 400);
    try {
      const { redirectTo } = await provider.completeOnboarding(c.req.param('token'), outcome, now());
      return c.redirect(redirectTo, 303);
    } catch (error) {
      if (error instanceof PaymentProviderError && error.kind === 'not_found') {
        return c.html(messagePage(LOCAL_PAGE_TEXT.notFoundTitle, LOCAL_PAGE_TEXT.notFoundBody), 404);
      }
      throw error;
    }
  });

  app.get('/payment-intents/:clientSecret', async (c) => {
    try {
      return c.json({
        paymentIntent: await provider.retrievePaymentIntentByClientSecret(c.req.param('clientSecret')),
      });
    } catch (error) {
      return providerErrorJson(c, error);
    }
  });

  app.post('/payment-intents/confirm', async (c) => {
    const body = (await c.req.json().catch(() => null)) as ConfirmBody | null;
    if (!body || typeof body.clientSecret !== 'string' || typeof body.cardNumber !== 'string') {
      return c.json(
        { error: { code: 'invalid_request', message: 'clientSecret and cardNumber are required.' } },
        400,
      );
    }
    try {
      const paymentIntent = await provider.confirmPaymentIntent(body.clientSecret, {
        cardNumber: body.cardNumber,
        expMonth: numberOrUndefined(body.expMonth),
        expYear: numberOrUndefined(body.expYear),
        cvc: typeof body.cvc === 'string' ? body.cvc : undefined,
      });
      let nextAction: { redirectUrl: string } | null = null;
      if (paymentIntent.status === 'requires_action') {
        const url = new URL(`../authenticate/${encodeURIComponent(body.clientSecret)}`, c.req.url);
        if (typeof body.returnUrl === 'string') url.searchParams.set('return_url', body.returnUrl);
        nextAction = { redirectUrl: url.pathname + url.search };
      }
      return c.json({ paymentIntent, nextAction });
    } catch (error) {
      return providerErrorJson(c, error);
    }
  });

  app.get('/authenticate/:clientSecret', async (c) => {
    const intent = await findAwaitingAuthentication(provider, c.req.param('clientSecret'));
    const returnUrl = sameOriginReturnUrl(c.req.query('return_url'), c.req.url);
    if (!intent || !returnUrl) {
      return c.html(
        messagePage(LOCAL_PAGE_TEXT.intentNotFoundTitle, LOCAL_PAGE_TEXT.intentNotFoundBody),
        404,
      );
    }
    return c.html(authenticationPage(intent, returnUrl));
  });

  app.post('/authenticate/:clientSecret', async (c) => {
    const clientSecret = c.req.param('clientSecret');
    const body = await c.req.parseBody();
    const intent = await findAwaitingAuthentication(provider, clientSecret);
    const returnUrl = sameOriginReturnUrl(
      typeof body.return_url === 'string' ? body.return_url : undefined,
      c.req.url,
    );
    if (!intent || !returnUrl) {
      return c.html(
        messagePage(LOCAL_PAGE_TEXT.intentNotFoundTitle, LOCAL_PAGE_TEXT.intentNotFoundBody),
        404,
      );
    }
    let redirectStatus = 'succeeded';
    try {
      await provider.completeAuthentication(intent.id, body.decision === 'approve');
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      redirectStatus = 'failed';
    }
    const target = new URL(returnUrl, c.req.url);
    target.searchParams.set('payment_intent', intent.id);
    target.searchParams.set('payment_intent_client_secret', clientSecret);
    target.searchParams.set('redirect_status', redirectStatus);
    return c.redirect(target.toString(), 303);
  });

  // The stand-in for the provider's Express dashboard (issue 51): the account's payouts, read only.
  app.get('/dashboard/:accountId', async (c) => {
    const accountId = c.req.param('accountId');
    const payouts = await provider.listPayouts(accountId).catch((error: unknown) => {
      if (error instanceof PaymentProviderError && error.kind === 'not_found') return null;
      throw error;
    });
    if (!payouts) return c.html(messagePage(LOCAL_PAGE_TEXT.notFoundTitle, LOCAL_PAGE_TEXT.notFoundBody), 404);
    return c.html(payoutDashboardPage(accountId, payouts));
  });

  return app;
}

interface ConfirmBody {
  clientSecret?: unknown;
  cardNumber?: unknown;
  expMonth?: unknown;
  expYear?: unknown;
  cvc?: unknown;
  returnUrl?: unknown;
}

const numberOrUndefined = (value: unknown) => (typeof value === 'number' ? value : undefined);

async function findAwaitingAuthentication(provider: LocalPaymentProvider, clientSecret: string) {
  const intent = await provider.retrievePaymentIntentByClientSecret(clientSecret).catch(() => null);
  return intent?.status === 'requires_action' ? intent : null;
}

/** Only our own pages may be returned to, so these pages are no open redirect. */
function sameOriginReturnUrl(value: string | undefined, requestUrl: string): string | null {
  if (!value) return null;
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  if (!URL.canParse(value)) return null;
  return new URL(value).origin === new URL(requestUrl).origin ? value : null;
}

const STATUS_BY_KIND: Record<PaymentProviderError['kind'], 400 | 402 | 404 | 409 | 502> = {
  card_declined: 402,
  authentication_failed: 402,
  invalid_state: 409,
  hold_expired: 409,
  not_found: 404,
  invalid_request: 400,
  idempotency_conflict: 409,
  unavailable: 502,
};

/** The provider's error shape for the card-entry JSON routes: `{ error: { code, message, declineCode } }`. */
function providerErrorJson(c: Context, error: unknown) {
  if (!(error instanceof PaymentProviderError)) throw error;
  return c.json(
    {
      error: {
        code: error.providerCode ?? error.kind,
        kind: error.kind,
        message: error.message,
        declineCode: error.declineCode,
      },
    },
    STATUS_BY_KIND[error.kind],
  );
}
