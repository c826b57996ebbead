import type { Db } from '../../db/client';
import { localAccountLinks, localPaymentAccounts, localPaymentIntents } from '../../db/schema/local-payments';
import type { Clock } from '../../lib/clock';
import { localEventBody, readSignedLocalWebhook, signLocalWebhookBody } from '../local-webhooks';
import {
  invalidWebhook,
  PaymentProviderError,
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
  type PaymentIntentStatus,
  type PaymentProvider,
  type ProviderEvent,
} from './payment-provider';
import {
  accountStatusFromRow,
  completeOnboarding,
  findAccount,
  inspectAccountLink,
  LOCAL_ACCOUNT_LINK_TTL_MS,
  noSuchAccount,
  setAccountState,
  type LocalAccountLinkView,
  type LocalOnboardingOutcome,
} from './local-accounts';
import {
  expireHoldIfDue,
  findIntent,
  findIntentByClientSecret,
  intentInfoFromRow,
  listIntentsOfTask,
  localId,
  noSuchIntent,
  randomToken,
  runIdempotent,
  unexpectedState,
  type LocalIntentRow,
} from './local-store';
import {
  authorizedState,
  cancelLocalIntent,
  captureLocalIntent,
  CONFIRMABLE,
  idempotencyConflict,
  incrementLocalIntent,
  moveLocalIntent,
} from './local-intent-changes';
import { validateNewIntent } from './local-intent-rules';
import { refundLocalPayment } from './local-refunds';
import { cardOutcome, NO_INCREMENTAL_SUFFIX, type LocalCardInput } from './local-test-cards';
import { listLocalBalanceTransactions, listLocalPayouts, settleLocalAccount } from './local-payouts';
import type { BalanceTransactionInfo, DashboardLoginLink, ListPayoutFactsOptions, PayoutInfo } from './provider-payouts';

export interface LocalPaymentProviderOptions {
  db: Db;
  clock: Clock;
  /** The product's public origin: onboarding links point at its /dev/payments pages. */
  publicUrl: string;
  /** Signs local webhook bodies; a fixed development value when absent. */
  webhookSecret?: string;
}

/** Where the lead mounts createLocalProviderPages(); the local links point there. */
export const LOCAL_PAYMENT_PAGES_PATH = '/dev/payments';
export { LOCAL_AUTHORIZATION_HOLD_MS } from './local-intent-changes';
export const LOCAL_WEBHOOK_SIGNATURE_HEADER = 'x-local-signature';
const DEFAULT_LOCAL_WEBHOOK_SECRET = 'local-payments-webhook-secret-development-only';

const AUTHENTICATION_FAILED =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

/**
 * The embedded default provider: the real provider's account and PaymentIntent state machine, kept
 * in our database so that onboarding, authorization, capture and cancellation work offline.
 * Extra local-only methods stand in for what the provider's hosted pages and card elements do.
 */
export class LocalPaymentProvider implements PaymentProvider {
  readonly name = 'local' as const;
  readonly publishableKey = null;
  readonly webhookSignatureHeader = LOCAL_WEBHOOK_SIGNATURE_HEADER;
  private readonly db: Db;
  private readonly clock: Clock;
  private readonly publicUrl: string;
  private readonly webhookSecret: string;

  constructor(options: LocalPaymentProviderOptions) {
    this.db = options.db;
    this.clock = options.clock;
    this.publicUrl = options.publicUrl.replace(/\/$/, '');
    this.webhookSecret = options.webhookSecret ?? DEFAULT_LOCAL_WEBHOOK_SECRET;
  }

  async createConnectedAccount(input: CreateConnectedAccountInput): Promise<{ accountId: string }> {
    const now = this.clock.now();
    const id = localId('acct');
    const { objectId } = await runIdempotent(
      this.db,
      { scope: 'create_account', key: input.idempotencyKey, objectId: id, now },
      async (tx) => {
        await tx.insert(localPaymentAccounts).values({ id, email: input.email, created_at: now });
      },
    );
    return { accountId: objectId };
  }

  async createAccountLink(input: CreateAccountLinkInput): Promise<AccountLinkInfo> {
    const now = this.clock.now();
    if (!(await findAccount(this.db, input.accountId))) throw noSuchAccount(input.accountId);
    const token = randomToken();
    const expiresAt = new Date(now.getTime() + LOCAL_ACCOUNT_LINK_TTL_MS);
    await this.db.insert(localAccountLinks).values({
      token,
      account_id: input.accountId,
      refresh_url: input.refreshUrl,
      return_url: input.returnUrl,
      expires_at: expiresAt,
      created_at: now,
    });
    return { url: `${this.publicUrl}${LOCAL_PAYMENT_PAGES_PATH}/onboarding/${token}`, expiresAt };
  }

  async getAccountStatus(accountId: string): Promise<AccountStatus> {
    const account = await findAccount(this.db, accountId);
    if (!account) throw noSuchAccount(accountId);
    return accountStatusFromRow(account);
  }

  async createPaymentIntent(input: CreatePaymentIntentInput): Promise<PaymentIntentInfo> {
    const now = this.clock.now();
    const id = localId('pi');
    const { objectId, replayed } = await runIdempotent(
      this.db,
      { scope: 'create_intent', key: input.idempotencyKey, objectId: id, now },
      async (tx) => {
        await validateNewIntent(tx, input);
        await tx.insert(localPaymentIntents).values({
          id,
          client_secret: `${id}_secret_${randomToken()}`,
          amount: input.amountCents,
          currency: input.currency,
          application_fee_amount: input.applicationFeeCents,
          destination: input.destinationAccountId,
          description: input.description,
          status: input.paymentMethodId ? 'requires_confirmation' : 'requires_payment_method',
          payment_method: input.paymentMethodId ?? null,
          metadata: JSON.stringify(input.metadata),
          created_at: now,
        });
      },
    );
    const row = await this.loadIntent(objectId);
    if (replayed && (row.amount !== input.amountCents || row.destination !== input.destinationAccountId)) {
      throw idempotencyConflict();
    }
    return intentInfoFromRow(row);
  }

  async retrievePaymentIntent(id: string): Promise<PaymentIntentInfo> {
    return intentInfoFromRow(await this.loadIntent(id));
  }

  async listPaymentIntentsForTask(taskId: string): Promise<PaymentIntentInfo[]> {
    const rows = await listIntentsOfTask(this.db, taskId);
    const now = this.clock.now();
    for (const row of rows) await expireHoldIfDue(this.db, row.id, now);
    return (await listIntentsOfTask(this.db, taskId)).map(intentInfoFromRow);
  }

  /** Local stand-in for the card library's retrieval by client secret (the payment return page). */
  async retrievePaymentIntentByClientSecret(clientSecret: string): Promise<PaymentIntentInfo> {
    const row = await findIntentByClientSecret(this.db, clientSecret);
    if (!row) throw noSuchIntent(clientSecret.split('_secret_')[0]);
    return intentInfoFromRow(await this.loadIntent(row.id));
  }

  async capturePaymentIntent(id: string, options: CaptureOptions): Promise<PaymentIntentInfo> {
    const now = this.clock.now();
    const intent = await this.loadIntent(id);
    const amount = options.amountCents ?? intent.amount;
    if (!Number.isInteger(amount) || amount < 1 || amount > intent.amount) {
      throw new PaymentProviderError(
        'invalid_request',
        'The amount to capture must be a positive integer less than or equal to the amount capturable.',
        { providerCode: 'amount_too_large' },
      );
    }
    await captureLocalIntent(this.db, {
      id,
      amount,
      applicationFeeCents: options.applicationFeeCents,
      idempotencyKey: options.idempotencyKey,
      now,
    });
    return this.retrievePaymentIntent(id);
  }

  async refundPayment(input: RefundInput): Promise<RefundInfo> {
    await this.loadIntent(input.paymentIntentId);
    return refundLocalPayment(this.db, input, this.clock.now());
  }

  async reauthorizeWithSavedMethod(
    input: CreatePaymentIntentInput & { paymentMethodId: string },
  ): Promise<PaymentIntentInfo> {
    const intent = await this.createPaymentIntent(input);
    // A replayed key answers with the intent as it is now, even when captured since (a tip's retry).
    if (intent.status !== 'requires_confirmation') return intent;
    if (!input.paymentMethodId.startsWith('pm_')) {
      throw new PaymentProviderError('invalid_request', `No such PaymentMethod: '${input.paymentMethodId}'`, {
        providerCode: 'resource_missing',
      });
    }
    return this.moveIntent(intent.id, ['requires_confirmation'], authorizedState(this.clock.now(), input.paymentMethodId));
  }

  async cancelPaymentIntent(
    id: string,
    options: { idempotencyKey: string; reason: CancelHoldReason },
  ): Promise<PaymentIntentInfo> {
    const now = this.clock.now();
    await this.loadIntent(id);
    await cancelLocalIntent(this.db, { id, idempotencyKey: options.idempotencyKey, now });
    return this.retrievePaymentIntent(id);
  }

  async incrementAuthorization(id: string, options: IncrementAuthorizationOptions): Promise<PaymentIntentInfo> {
    const intent = await this.loadIntent(id);
    if (intent.payment_method?.endsWith(NO_INCREMENTAL_SUFFIX)) throw incrementUnavailable();
    await incrementLocalIntent(this.db, { id, ...options, now: this.clock.now() });
    return this.retrievePaymentIntent(id);
  }

  async verifyWebhook(rawBody: string, signatureHeader: string | null): Promise<ProviderEvent> {
    const payload = readSignedLocalWebhook({
      secret: this.webhookSecret,
      rawBody,
      signatureHeader,
      headerName: LOCAL_WEBHOOK_SIGNATURE_HEADER,
      refuse: invalidWebhook,
    });
    return providerEventFromPayload(payload);
  }

  // ---- Payout facts (issue 51): the daily schedule is played forward on each read (local-payouts.ts). ----

  async listPayouts(accountId: string, options: ListPayoutFactsOptions = {}): Promise<PayoutInfo[]> {
    await this.settle(accountId);
    return listLocalPayouts(this.db, accountId, options);
  }

  async listBalanceTransactions(accountId: string, options: ListPayoutFactsOptions = {}): Promise<BalanceTransactionInfo[]> {
    await this.settle(accountId);
    return listLocalBalanceTransactions(this.db, accountId, options);
  }

  async createDashboardLoginLink(accountId: string): Promise<DashboardLoginLink> {
    if (!(await findAccount(this.db, accountId))) throw noSuchAccount(accountId);
    return { url: `${this.publicUrl}${LOCAL_PAYMENT_PAGES_PATH}/dashboard/${encodeURIComponent(accountId)}` };
  }

  private async settle(accountId: string) {
    if (!(await findAccount(this.db, accountId))) throw noSuchAccount(accountId);
    await settleLocalAccount(this.db, accountId, this.clock.now());
  }

  // ---- Local-only: what the provider's card elements, 3-D Secure page and dashboard would do. ----

  /**
   * Confirms an intent with a test card (see LOCAL_TEST_CARDS): authorized -> requires_capture with
   * a 7-day hold; authentication card -> requires_action; declined -> throws card_declined
   * ('Your card was declined.') and the intent stays requires_payment_method.
   */
  async confirmPaymentIntent(clientSecret: string, card: LocalCardInput): Promise<PaymentIntentInfo> {
    const now = this.clock.now();
    const row = await findIntentByClientSecret(this.db, clientSecret);
    if (!row) throw noSuchIntent(clientSecret.split('_secret_')[0]);
    if (!CONFIRMABLE.includes(row.status as PaymentIntentStatus)) {
      throw unexpectedState(
        `You cannot confirm this PaymentIntent because it has a status of ${row.status}. Only a PaymentIntent with one of the following statuses may be confirmed: ${CONFIRMABLE.join(', ')}.`,
      );
    }
    const outcome = cardOutcome(card, now);
    if (outcome.kind === 'declined') {
      await this.moveIntent(row.id, CONFIRMABLE, { status: 'requires_payment_method', payment_method: null });
      throw new PaymentProviderError('card_declined', outcome.message, {
        providerCode: outcome.code,
        declineCode: outcome.declineCode,
      });
    }
    const paymentMethod = outcome.kind === 'authorized' && !outcome.incremental ? `${localId('pm')}${NO_INCREMENTAL_SUFFIX}` : localId('pm');
    return outcome.kind === 'authorized'
      ? this.moveIntent(row.id, CONFIRMABLE, authorizedState(now, paymentMethod))
      : this.moveIntent(row.id, CONFIRMABLE, { status: 'requires_action', payment_method: paymentMethod });
  }

  /**
   * Ends the authentication step of a requires_action intent. Approved: requires_capture with a
   * 7-day hold. Refused: back to requires_payment_method, and throws authentication_failed.
   */
  async completeAuthentication(intentId: string, approve: boolean): Promise<PaymentIntentInfo> {
    const now = this.clock.now();
    await this.loadIntent(intentId);
    if (approve) {
      const row = await findIntent(this.db, intentId);
      return this.moveIntent(
        intentId,
        ['requires_action'],
        authorizedState(now, row!.payment_method ?? localId('pm')),
      );
    }
    await this.moveIntent(intentId, ['requires_action'], {
      status: 'requires_payment_method',
      payment_method: null,
    });
    throw new PaymentProviderError('authentication_failed', AUTHENTICATION_FAILED, {
      providerCode: 'payment_intent_authentication_failure',
    });
  }

  /** The onboarding link behind a token, or null when unknown. */
  inspectAccountLink(token: string, now = this.clock.now()): Promise<LocalAccountLinkView | null> {
    return inspectAccountLink(this.db, token, now);
  }

  /** Finishes hosted onboarding through a link; see local-accounts.ts completeOnboarding. */
  completeOnboarding(token: string, outcome: LocalOnboardingOutcome, now = this.clock.now()) {
    return completeOnboarding(this.db, { token, outcome, now });
  }

  /** Puts an account straight into an onboarding outcome (tests and demo seed data). */
  setAccountState(accountId: string, outcome: LocalOnboardingOutcome): Promise<void> {
    return setAccountState(this.db, accountId, outcome);
  }

  /** The `x-local-signature` value for a raw body: hex HMAC-SHA256 with the local webhook secret. */
  signWebhookBody(rawBody: string): string {
    return signLocalWebhookBody(this.webhookSecret, rawBody);
  }

  /** A signed event in the provider's JSON shape, ready to POST to the webhook route. */
  buildWebhookEvent(event: { type: string; object: Record<string, unknown>; accountId?: string }) {
    const rawBody = localEventBody({
      id: localId('evt'),
      type: event.type,
      createdAt: this.clock.now(),
      accountId: event.accountId,
      object: event.object,
    });
    return { rawBody, signature: this.signWebhookBody(rawBody), header: LOCAL_WEBHOOK_SIGNATURE_HEADER };
  }

  /** A conditional state change; loses cleanly to a concurrent change of the same intent. */
  private async moveIntent(
    id: string,
    from: PaymentIntentStatus[],
    changes: Partial<Pick<LocalIntentRow, 'status' | 'payment_method' | 'capture_before'>>,
  ): Promise<PaymentIntentInfo> {
    const moved = await moveLocalIntent(this.db, { id, from, changes });
    if (!moved) {
      const current = await this.loadIntent(id);
      throw unexpectedState(
        `This PaymentIntent's status is ${current.status}; expected one of: ${from.join(', ')}.`,
      );
    }
    return moved;
  }

  /** Reads an intent, first letting a lapsed hold expire as the real provider would. */
  private async loadIntent(id: string): Promise<LocalIntentRow> {
    await expireHoldIfDue(this.db, id, this.clock.now());
    const row = await findIntent(this.db, id);
    if (!row) throw noSuchIntent(id);
    return row;
  }
}
