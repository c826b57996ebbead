import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import {
  invalidWebhook,
  providerEventFromPayload,
  type AccountLinkInfo,
  type AccountStatus,
  type CancelHoldReason,
  type CaptureOptions,
  type RefundInfo,
  type RefundInput,
  type CreateAccountLinkInput,
  type CreateConnectedAccountInput,
  type CreatePaymentIntentInput,
  incrementUnavailable,
  type IncrementAuthorizationOptions,
  type PaymentIntentInfo,
  type PaymentProvider,
  type ProviderEvent,
} from './payment-provider';
import {
  accountStatusFromStripe,
  isValidPublishableKey,
  paymentIntentInfoFromStripe,
  stripeCancellationReason,
  toPaymentProviderError,
} from './stripe-mapping';
import { readStripeWebhook } from '../stripe-webhook';
import type { BalanceTransactionInfo, DashboardLoginLink, ListPayoutFactsOptions, PayoutInfo } from './provider-payouts';
import { balanceTransactionInfoFromStripe, payoutInfoFromStripe } from './stripe-payouts';
import { log } from '../../ops/logger';

export interface StripePaymentProviderOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Tests pass `Stripe.createFetchHttpClient(stubFetch)`; production uses the SDK's own client. */
  httpClient?: Stripe.HttpClient;
}

/** Every intent answer carries its charge so that the hold's deadline (capture_before) is known. */
const EXPAND_CHARGE = ['latest_charge'];

/**
 * The real provider: Connect Express accounts for experts, destination charges authorized with
 * manual capture and an application fee, and signed webhooks. Every mutating call carries an
 * idempotency key; the SDK's own retries are off so that our keys are the only ones in play.
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly publishableKey: string;
  readonly webhookSignatureHeader = 'stripe-signature';
  private readonly stripe: Stripe;
  private readonly webhookSecret: string;

  constructor(options: StripePaymentProviderOptions) {
    // The spec: a malformed publishable key is logged only; card elements may then fail to load.
    if (!isValidPublishableKey(options.publishableKey)) {
      log.error('Payment provider publishable key has an invalid format: expected pk_test_... or pk_live_...');
    }
    this.publishableKey = options.publishableKey;
    this.webhookSecret = options.webhookSecret;
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: 0,
      ...(options.httpClient ? { httpClient: options.httpClient } : {}),
    });
  }

  async createConnectedAccount(input: CreateConnectedAccountInput): Promise<{ accountId: string }> {
    const account = await call(() =>
      this.stripe.accounts.create(
        {
          type: 'express',
          country: 'US',
          email: input.email,
          capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
          metadata: { user_id: input.userId },
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return { accountId: account.id };
  }

  async createAccountLink(input: CreateAccountLinkInput): Promise<AccountLinkInfo> {
    const link = await call(() =>
      this.stripe.accountLinks.create(
        {
          account: input.accountId,
          refresh_url: input.refreshUrl,
          return_url: input.returnUrl,
          type: 'account_onboarding',
        },
        { idempotencyKey: input.idempotencyKey ?? `account-link:${randomUUID()}` },
      ),
    );
    return { url: link.url, expiresAt: new Date(link.expires_at * 1000) };
  }

  async getAccountStatus(accountId: string): Promise<AccountStatus> {
    const account = await call(() => this.stripe.accounts.retrieve(accountId));
    return accountStatusFromStripe(account);
  }

  async createPaymentIntent(input: CreatePaymentIntentInput): Promise<PaymentIntentInfo> {
    const intent = await call(() =>
      this.stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: input.currency,
          capture_method: 'manual',
          application_fee_amount: input.applicationFeeCents,
          transfer_data: { destination: input.destinationAccountId },
          automatic_payment_methods: { enabled: true },
          // Issue 51: a price increase grows this hold where the card allows it.
          payment_method_options: { card: { request_incremental_authorization: 'if_available' } },
          description: input.description,
          metadata: input.metadata,
          ...(input.paymentMethodId ? { payment_method: input.paymentMethodId } : {}),
          expand: EXPAND_CHARGE,
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return paymentIntentInfoFromStripe(intent);
  }

  async retrievePaymentIntent(id: string): Promise<PaymentIntentInfo> {
    const intent = await call(() => this.stripe.paymentIntents.retrieve(id, { expand: EXPAND_CHARGE }));
    return paymentIntentInfoFromStripe(intent);
  }

  async listPaymentIntentsForTask(taskId: string): Promise<PaymentIntentInfo[]> {
    // The Search API: the only server-side filter by metadata. Task ids are UUIDs, so nothing needs escaping.
    const query = `metadata['task_id']:'${taskId.replace(/[^0-9a-f-]/gi, '')}'`;
    const found = await call(() => this.stripe.paymentIntents.search({ query, limit: 100, expand: ['data.latest_charge'] }));
    return found.data.map((intent) => paymentIntentInfoFromStripe(intent));
  }

  async capturePaymentIntent(id: string, options: CaptureOptions): Promise<PaymentIntentInfo> {
    const intent = await call(() =>
      this.stripe.paymentIntents.capture(
        id,
        {
          expand: EXPAND_CHARGE,
          ...(options.amountCents !== undefined ? { amount_to_capture: options.amountCents } : {}),
          ...(options.applicationFeeCents !== undefined ? { application_fee_amount: options.applicationFeeCents } : {}),
        },
        { idempotencyKey: options.idempotencyKey },
      ),
    );
    return paymentIntentInfoFromStripe(intent);
  }

  async refundPayment(input: RefundInput): Promise<RefundInfo> {
    const refund = await call(() =>
      this.stripe.refunds.create(
        {
          payment_intent: input.paymentIntentId,
          amount: input.amountCents,
          // Destination charges: take the money back from the expert's account and return our fee.
          reverse_transfer: true,
          refund_application_fee: true,
          ...(input.reason ? { metadata: { reason: input.reason } } : {}),
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    const status = refund.status === 'succeeded' || refund.status === 'pending' ? refund.status : 'failed';
    return { id: refund.id, amountCents: refund.amount, status };
  }

  async reauthorizeWithSavedMethod(
    input: CreatePaymentIntentInput & { paymentMethodId: string },
  ): Promise<PaymentIntentInfo> {
    const intent = await call(() =>
      this.stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: input.currency,
          capture_method: 'manual',
          application_fee_amount: input.applicationFeeCents,
          transfer_data: { destination: input.destinationAccountId },
          payment_method: input.paymentMethodId,
          payment_method_types: ['card'],
          payment_method_options: { card: { request_incremental_authorization: 'if_available' } },
          confirm: true,
          off_session: true,
          description: input.description,
          metadata: input.metadata,
          expand: EXPAND_CHARGE,
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return paymentIntentInfoFromStripe(intent);
  }

  async cancelPaymentIntent(
    id: string,
    options: { idempotencyKey: string; reason: CancelHoldReason },
  ): Promise<PaymentIntentInfo> {
    const intent = await call(() =>
      this.stripe.paymentIntents.cancel(
        id,
        { cancellation_reason: stripeCancellationReason(options.reason), expand: EXPAND_CHARGE },
        { idempotencyKey: options.idempotencyKey },
      ),
    );
    return paymentIntentInfoFromStripe(intent);
  }

  async incrementAuthorization(id: string, options: IncrementAuthorizationOptions): Promise<PaymentIntentInfo> {
    // The provider answers an ineligible intent with a generic error: ask the charge first, so that
    // the caller can tell "use a second hold" from "try again".
    const current = await call(() => this.stripe.paymentIntents.retrieve(id, { expand: EXPAND_CHARGE }));
    if (incrementalStatusOf(current) !== 'available') throw incrementUnavailable();
    const intent = await call(() =>
      this.stripe.paymentIntents.incrementAuthorization(
        id,
        { amount: options.amountCents, application_fee_amount: options.applicationFeeCents, expand: EXPAND_CHARGE },
        { idempotencyKey: options.idempotencyKey },
      ),
    );
    return paymentIntentInfoFromStripe(intent);
  }

  async verifyWebhook(rawBody: string, signatureHeader: string | null): Promise<ProviderEvent> {
    const event = await readStripeWebhook(this.stripe, {
      rawBody,
      signatureHeader,
      secret: this.webhookSecret,
      refuse: invalidWebhook,
    });
    return providerEventFromPayload(event);
  }

  // Issue 51: the connected account's payout facts, read as that account (the Stripe-Account header).
  async listPayouts(accountId: string, options: ListPayoutFactsOptions = {}): Promise<PayoutInfo[]> {
    const payouts = await call(() =>
      this.stripe.payouts
        .list(
          { limit: 100, ...(options.createdSince ? { created: { gte: seconds(options.createdSince) } } : {}) },
          { stripeAccount: accountId },
        )
        .autoPagingToArray({ limit: MAX_LISTED }),
    );
    return payouts.map(payoutInfoFromStripe);
  }

  async listBalanceTransactions(accountId: string, options: ListPayoutFactsOptions = {}): Promise<BalanceTransactionInfo[]> {
    const rows = await call(() =>
      this.stripe.balanceTransactions
        .list(
          {
            limit: 100,
            // The charge's transfer names its PaymentIntent in its transfer group (destination charges).
            expand: ['data.source', 'data.source.source_transfer'],
            ...(options.createdSince ? { created: { gte: seconds(options.createdSince) } } : {}),
            ...(options.payoutId ? { payout: options.payoutId } : {}),
          },
          { stripeAccount: accountId },
        )
        .autoPagingToArray({ limit: MAX_LISTED }),
    );
    return rows.map((row) => balanceTransactionInfoFromStripe(row, options.payoutId ?? null));
  }

  async createDashboardLoginLink(accountId: string): Promise<DashboardLoginLink> {
    const link = await call(() =>
      this.stripe.accounts.createLoginLink(accountId, {}, { idempotencyKey: `login-link:${randomUUID()}` }),
    );
    return { url: link.url };
  }
}

/** A page of the earnings never needs more than this many of one account's objects at once. */
const MAX_LISTED = 1000;
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
/** latest_charge.payment_method_details.card.incremental_authorization.status, when the charge is expanded. */
function incrementalStatusOf(intent: Stripe.PaymentIntent): string | null {
  const charge = intent.latest_charge;
  if (!charge || typeof charge === 'string') return null;
  return charge.payment_method_details?.card?.incremental_authorization?.status ?? null;
}

async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw toPaymentProviderError(error);
  }
}
