import type { LocalPaymentProvider } from '../local-adapter';
import { NO_INCREMENTAL_SUFFIX } from '../local-test-cards';
import { PaymentProviderError, type PaymentIntentInfo } from '../payment-provider';

/**
 * A stand-in for the real provider's HTTP API, for tests of the stripe adapter: it records every
 * request (method, path, form parameters, headers) and answers in the provider's JSON shapes. The
 * state behind it is a LocalPaymentProvider, so the adapter can be run through the same contract
 * test as the local adapter. It refuses POSTs without an Idempotency-Key and intents without
 * manual capture, so a regression in the adapter's requests fails the contract too.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  /** Form (POST) or query (GET) parameters in the provider's bracket notation, e.g. `transfer_data[destination]`. */
  params: Record<string, string>;
  headers: Record<string, string>;
}

export function createFakeStripeApi(local: LocalPaymentProvider) {
  const requests: RecordedRequest[] = [];

  async function fetchStub(input: string | URL | Request, init?: RequestInit): Promise<Response> {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const method = (init?.method ?? 'GET').toUpperCase();
    // Header names come back lower-cased from Headers.
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const form =
      method === 'GET'
        ? url.searchParams
        : new URLSearchParams(typeof init?.body === 'string' ? init.body : '');
    const params = Object.fromEntries(form.entries());
    requests.push({ method, path: url.pathname, params, headers });
    try {
      if (method === 'POST' && !headers['idempotency-key']) {
        return errorResponse(400, {
          type: 'invalid_request_error',
          message: 'fake: missing Idempotency-Key header',
        });
      }
      if (headers['stripe-account']) return json(200, await connectedRoute(method, url.pathname, params, headers['stripe-account']));
      return json(200, await route(method, url.pathname, params, headers['idempotency-key'] ?? ''));
    } catch (error) {
      if (error instanceof PaymentProviderError) return providerErrorResponse(error);
      throw error;
    }
  }

  async function route(method: string, path: string, p: Record<string, string>, idempotencyKey: string) {
    const expandCharge = Object.entries(p).some(
      ([key, value]) => key.startsWith('expand[') && value === 'latest_charge',
    );
    let match: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/accounts') {
      const { accountId } = await local.createConnectedAccount({
        email: p.email,
        userId: p['metadata[user_id]'],
        idempotencyKey,
      });
      return renderAccount(accountId);
    }
    if (method === 'GET' && (match = path.match(/^\/v1\/accounts\/([^/]+)$/))) return renderAccount(match[1]);
    if (method === 'POST' && (match = path.match(/^\/v1\/accounts\/([^/]+)\/login_links$/))) {
      const link = await local.createDashboardLoginLink(match[1]);
      return { object: 'login_link', url: link.url, created: 0 };
    }
    if (method === 'POST' && path === '/v1/account_links') {
      if (p.type !== 'account_onboarding')
        throw new PaymentProviderError('invalid_request', 'fake: type must be account_onboarding');
      const link = await local.createAccountLink({
        accountId: p.account,
        refreshUrl: p.refresh_url,
        returnUrl: p.return_url,
      });
      return {
        object: 'account_link',
        url: link.url,
        expires_at: Math.floor(link.expiresAt.getTime() / 1000),
        created: 0,
      };
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      if (p.capture_method !== 'manual')
        throw new PaymentProviderError('invalid_request', 'fake: capture_method must be manual');
      if (p['payment_method_options[card][request_incremental_authorization]'] !== 'if_available')
        throw new PaymentProviderError('invalid_request', 'fake: holds ask for incremental authorization where available');
      const metadata = Object.fromEntries(
        Object.entries(p)
          .filter(([key]) => key.startsWith('metadata['))
          .map(([key, value]) => [key.slice('metadata['.length, -1), value]),
      );
      const input = {
        amountCents: Number(p.amount),
        currency: p.currency as 'usd',
        applicationFeeCents: Number(p.application_fee_amount),
        destinationAccountId: p['transfer_data[destination]'],
        description: p.description,
        metadata,
        idempotencyKey,
        ...(p.payment_method ? { paymentMethodId: p.payment_method } : {}),
      };
      if (p.confirm === 'true') {
        if (p.off_session !== 'true' || !p.payment_method)
          throw new PaymentProviderError('invalid_request', 'fake: a saved-method confirmation is off_session with a payment_method');
        const intent = await local.reauthorizeWithSavedMethod({ ...input, paymentMethodId: p.payment_method });
        return renderIntent(intent, expandCharge);
      }
      return renderIntent(await local.createPaymentIntent(input), expandCharge);
    }
    if (method === 'GET' && path === '/v1/payment_intents/search') {
      // The only query the adapter sends: metadata['task_id']:'<uuid>'.
      const taskId = /^metadata\['task_id'\]:'([0-9a-f-]+)'$/i.exec(p.query ?? '')?.[1];
      if (!taskId) throw new PaymentProviderError('invalid_request', `fake: unsupported search query ${p.query}`);
      const expandSearch = Object.entries(p).some(([key, value]) => key.startsWith('expand[') && value === 'data.latest_charge');
      const intents = await local.listPaymentIntentsForTask(taskId);
      return {
        object: 'search_result',
        url: '/v1/payment_intents/search',
        has_more: false,
        next_page: null,
        data: await Promise.all(intents.map((intent) => renderIntent(intent, expandSearch))),
      };
    }
    if (method === 'GET' && (match = path.match(/^\/v1\/payment_intents\/([^/]+)$/))) {
      return renderIntent(await local.retrievePaymentIntent(match[1]), expandCharge);
    }
    if (method === 'POST' && (match = path.match(/^\/v1\/payment_intents\/([^/]+)\/capture$/))) {
      const intent = await local.capturePaymentIntent(match[1], {
        idempotencyKey,
        ...(p.amount_to_capture ? { amountCents: Number(p.amount_to_capture) } : {}),
        ...(p.application_fee_amount ? { applicationFeeCents: Number(p.application_fee_amount) } : {}),
      });
      return renderIntent(intent, expandCharge);
    }
    if (method === 'POST' && (match = path.match(/^\/v1\/payment_intents\/([^/]+)\/increment_authorization$/))) {
      const intent = await local.incrementAuthorization(match[1], {
        idempotencyKey,
        amountCents: Number(p.amount),
        applicationFeeCents: Number(p.application_fee_amount),
      });
      return renderIntent(intent, expandCharge);
    }
    if (method === 'POST' && path === '/v1/refunds') {
      if (p.reverse_transfer !== 'true' || p.refund_application_fee !== 'true')
        throw new PaymentProviderError('invalid_request', 'fake: refunds reverse the transfer and the fee');
      const refund = await local.refundPayment({
        paymentIntentId: p.payment_intent,
        amountCents: Number(p.amount),
        idempotencyKey,
      });
      return { id: refund.id, object: 'refund', amount: refund.amountCents, status: refund.status, payment_intent: p.payment_intent };
    }
    if (method === 'POST' && (match = path.match(/^\/v1\/payment_intents\/([^/]+)\/cancel$/))) {
      const intent = await local.cancelPaymentIntent(match[1], {
        idempotencyKey,
        reason: 'task_cancelled_by_client',
      });
      return renderIntent(intent, expandCharge, p.cancellation_reason ?? null);
    }
    return errorBody(404, { type: 'invalid_request_error', message: `fake: no route ${method} ${path}` });
  }

  /** Calls made as a connected account (the Stripe-Account header): its payouts and balance transactions. */
  async function connectedRoute(method: string, path: string, p: Record<string, string>, accountId: string) {
    const createdSince = p['created[gte]'] ? new Date(Number(p['created[gte]']) * 1000) : undefined;
    if (method === 'GET' && path === '/v1/payouts') {
      const payouts = await local.listPayouts(accountId, { createdSince });
      return list('/v1/payouts', payouts.map((payout) => ({
        id: payout.id,
        object: 'payout',
        amount: payout.amountCents,
        currency: 'usd',
        status: payout.status,
        arrival_date: Math.floor(payout.arrivalDate.getTime() / 1000),
        created: Math.floor(payout.createdAt.getTime() / 1000),
        failure_message: payout.failureMessage,
      })));
    }
    if (method === 'GET' && path === '/v1/balance_transactions') {
      const expanded = Object.values(p).includes('data.source.source_transfer');
      if (!expanded) throw new PaymentProviderError('invalid_request', 'fake: the source and its transfer are expanded');
      const rows = await local.listBalanceTransactions(accountId, { createdSince, ...(p.payout ? { payoutId: p.payout } : {}) });
      return list('/v1/balance_transactions', rows.map((row) => ({
        id: row.id,
        object: 'balance_transaction',
        type: row.type,
        amount: row.amountCents,
        fee: row.feeCents,
        net: row.netCents,
        currency: 'usd',
        created: Math.floor(row.createdAt.getTime() / 1000),
        available_on: Math.floor(row.availableOn.getTime() / 1000),
        // A destination charge's payment on the connected account, made by the platform's transfer.
        source: row.paymentIntentId
          ? { id: `py_${row.id}`, object: 'charge', source_transfer: { id: `tr_${row.id}`, object: 'transfer', transfer_group: `group_${row.paymentIntentId}` } }
          : null,
      })));
    }
    return errorBody(404, { type: 'invalid_request_error', message: `fake: no connected-account route ${method} ${path}` });
  }

  const list = (url: string, data: unknown[]) => ({ object: 'list', url, has_more: false, data });

  async function renderAccount(accountId: string) {
    const status = await local.getAccountStatus(accountId);
    return {
      id: accountId,
      object: 'account',
      type: 'express',
      details_submitted: status.detailsSubmitted,
      charges_enabled: status.chargesEnabled,
      payouts_enabled: status.payoutsEnabled,
      requirements: {
        currently_due: status.requirementsDue,
        past_due: status.disabledReason === 'requirements.past_due' ? status.requirementsDue : [],
        disabled_reason: status.disabledReason,
      },
    };
  }

  function renderIntent(
    intent: PaymentIntentInfo,
    expandCharge: boolean,
    cancellationReason: string | null = null,
  ) {
    const chargeId = `ch_${intent.id}`;
    const charge = intent.captureBefore
      ? {
          id: chargeId,
          object: 'charge',
          payment_method_details: {
            type: 'card',
            card: {
              capture_before: Math.floor(intent.captureBefore.getTime() / 1000),
              // The local provider marks a card without incremental authorization on its payment method.
              incremental_authorization: { status: intent.paymentMethodId?.endsWith(NO_INCREMENTAL_SUFFIX) ? 'unavailable' : 'available' },
            },
          },
        }
      : null;
    return {
      id: intent.id,
      object: 'payment_intent',
      client_secret: intent.clientSecret,
      status: intent.status,
      amount: intent.amountCents,
      amount_received: intent.amountCapturedCents,
      currency: 'usd',
      capture_method: 'manual',
      payment_method: intent.paymentMethodId,
      created: Math.floor(intent.createdAt.getTime() / 1000),
      cancellation_reason: intent.status === 'canceled' ? cancellationReason : null,
      latest_charge: charge ? (expandCharge ? charge : chargeId) : null,
    };
  }

  function providerErrorResponse(error: PaymentProviderError): Response {
    const base = { message: error.message, code: error.providerCode ?? undefined };
    switch (error.kind) {
      case 'card_declined':
        return errorResponse(402, {
          ...base,
          type: 'card_error',
          decline_code: error.declineCode ?? undefined,
        });
      case 'not_found':
        return errorResponse(404, { ...base, type: 'invalid_request_error', code: 'resource_missing' });
      case 'idempotency_conflict':
        return errorResponse(400, { ...base, type: 'idempotency_error' });
      case 'hold_expired':
        return errorResponse(400, {
          ...base,
          type: 'invalid_request_error',
          code: 'payment_intent_unexpected_state',
          payment_intent: { object: 'payment_intent', status: 'canceled', cancellation_reason: 'automatic' },
        });
      case 'unavailable':
        return errorResponse(500, { ...base, type: 'api_error' });
      default:
        return errorResponse(400, { ...base, type: 'invalid_request_error' });
    }
  }

  return { fetch: fetchStub, requests };
}

class ErrorBody {
  constructor(
    readonly status: number,
    readonly error: Record<string, unknown>,
  ) {}
}

const errorBody = (status: number, error: Record<string, unknown>) => new ErrorBody(status, error);

function json(status: number, body: unknown): Response {
  if (body instanceof ErrorBody) return errorResponse(body.status, body.error);
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'request-id': 'req_fake' },
  });
}

function errorResponse(status: number, error: Record<string, unknown>): Response {
  return new Response(JSON.stringify({ error }), {
    status,
    headers: { 'content-type': 'application/json', 'request-id': 'req_fake' },
  });
}
