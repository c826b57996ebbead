import { messages } from '@shared/messages';
import { AppError, type ErrorCode } from '../../lib/errors';
import type { BalanceTransactionInfo, DashboardLoginLink, ListPayoutFactsOptions, PayoutInfo } from './provider-payouts';

/**
 * The card payment provider as the rest of the server sees it: connected accounts for experts,
 * PaymentIntents authorized now and captured later (manual capture) with the platform fee kept as
 * an application fee, and verified webhooks. Two adapters implement it: the real provider
 * (stripe-adapter.ts) and the embedded default that runs the same state machine in our database
 * (local-adapter.ts). Amounts are integer cents.
 */
export interface PaymentProvider {
  readonly name: 'stripe' | 'local';
  /** Given to the web to load the provider's card elements; null for the local provider. */
  readonly publishableKey: string | null;
  /** The request header that carries the webhook signature (`stripe-signature` or `x-local-signature`). */
  readonly webhookSignatureHeader: string;

  createConnectedAccount(input: CreateConnectedAccountInput): Promise<{ accountId: string }>;
  createAccountLink(input: CreateAccountLinkInput): Promise<AccountLinkInfo>;
  getAccountStatus(accountId: string): Promise<AccountStatus>;

  createPaymentIntent(input: CreatePaymentIntentInput): Promise<PaymentIntentInfo>;
  retrievePaymentIntent(id: string): Promise<PaymentIntentInfo>;
  /**
   * Every intent made for one task (by its `task_id` metadata), newest first: the reconciler and the
   * card step look here for holds the ledger does not know (a crash between the provider's answer and
   * our record). The real provider's search index trails its writes by up to a minute, so callers
   * treat a missing intent as "not seen yet", never as "does not exist".
   */
  listPaymentIntentsForTask(taskId: string): Promise<PaymentIntentInfo[]>;
  /**
   * Captures a held intent: the whole amount, or `amountCents` (1..amount) with its own application
   * fee for a partial capture; the rest of the hold is released.
   */
  capturePaymentIntent(id: string, options: CaptureOptions): Promise<PaymentIntentInfo>;
  /** Refunds part or all of a captured intent (the transfer and the fee are reversed pro rata). */
  refundPayment(input: RefundInput): Promise<RefundInfo>;
  /**
   * A fresh hold with a payment method the client already used (an off-session confirmation);
   * throws card_declined / authentication_failed / invalid_request when the provider refuses it,
   * in which case the client authorizes again through the payment dialog.
   */
  reauthorizeWithSavedMethod(input: CreatePaymentIntentInput & { paymentMethodId: string }): Promise<PaymentIntentInfo>;
  cancelPaymentIntent(
    id: string,
    options: { idempotencyKey: string; reason: CancelHoldReason },
  ): Promise<PaymentIntentInfo>;
  /**
   * Grows an authorized hold to `amountCents` (the new total) with `applicationFeeCents` (the new
   * total fee): the provider's incremental authorization. Throws INCREMENT_UNAVAILABLE (kind
   * invalid_state) when the card does not allow it; the caller then places a second hold for the
   * difference with the saved payment method (docs/decisions/0467).
   */
  incrementAuthorization(id: string, options: IncrementAuthorizationOptions): Promise<PaymentIntentInfo>;

  /** Verifies the signature of a raw webhook body; throws AppError bad_request when it does not match. */
  verifyWebhook(rawBody: string, signatureHeader: string | null): Promise<ProviderEvent>;

  // Issue 51, the expert's earnings: payout facts of a connected account (`Stripe-Account` calls).
  /** The account's payouts, newest first. */
  listPayouts(accountId: string, options?: ListPayoutFactsOptions): Promise<PayoutInfo[]>;
  /** The account's balance transactions, newest first, each mapped to its PaymentIntent when it has one. */
  listBalanceTransactions(accountId: string, options?: ListPayoutFactsOptions): Promise<BalanceTransactionInfo[]>;
  /** A one-time link into the account's payout dashboard (the provider's Express dashboard). */
  createDashboardLoginLink(accountId: string): Promise<DashboardLoginLink>;
}

export interface CreateConnectedAccountInput {
  email: string;
  userId: string;
  idempotencyKey: string;
}

export interface CreateAccountLinkInput {
  accountId: string;
  /** Where the provider sends the user when the link expired or was already used. */
  refreshUrl: string;
  /** Where the provider sends the user when they leave onboarding (finished or not). */
  returnUrl: string;
  /** Optional: a fresh random key is used when absent (each link is meant to be new). */
  idempotencyKey?: string;
}

export interface CaptureOptions {
  idempotencyKey: string;
  /** A partial capture; the whole authorized amount when absent. */
  amountCents?: number;
  /** The platform fee on a partial capture. */
  applicationFeeCents?: number;
}

export interface IncrementAuthorizationOptions {
  /** The hold's new total (more than it holds now). */
  amountCents: number;
  /** The platform fee on the new total. */
  applicationFeeCents: number;
  idempotencyKey: string;
}

/** The provider code of a refused incremental authorization (the card or the intent does not allow it). */
export const INCREMENT_UNAVAILABLE = 'incremental_authorization_unavailable';

export const incrementUnavailable = () =>
  new PaymentProviderError('invalid_state', 'This PaymentIntent is not eligible for an incremental authorization.', {
    providerCode: INCREMENT_UNAVAILABLE,
  });

/** Whether a failure of incrementAuthorization means "use a second hold", not "try again". */
export const isIncrementUnavailable = (error: unknown) =>
  error instanceof PaymentProviderError && error.providerCode === INCREMENT_UNAVAILABLE;

export interface RefundInput {
  paymentIntentId: string;
  amountCents: number;
  idempotencyKey: string;
  reason?: string;
}

export interface RefundInfo {
  id: string;
  amountCents: number;
  status: 'succeeded' | 'pending' | 'failed';
}

export interface AccountLinkInfo {
  url: string;
  expiresAt: Date;
}

export interface AccountStatus {
  detailsSubmitted: boolean;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  /** Requirements currently due or past due (the provider's field names). */
  requirementsDue: string[];
  disabledReason: string | null;
}

export interface CreatePaymentIntentInput {
  amountCents: number;
  currency: 'usd';
  /** The platform fee kept from the destination charge. */
  applicationFeeCents: number;
  /** The expert's connected account that receives the rest. */
  destinationAccountId: string;
  description: string;
  metadata: Record<string, string>;
  idempotencyKey: string;
  /** A payment method created beforehand by the provider's client library, if any. */
  paymentMethodId?: string;
}

export type PaymentIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'succeeded'
  | 'canceled';

export interface PaymentIntentInfo {
  id: string;
  clientSecret: string;
  status: PaymentIntentStatus;
  amountCents: number;
  amountCapturedCents: number;
  /** When the authorization hold lapses (only known once authorized). */
  captureBefore: Date | null;
  paymentMethodId: string | null;
  /** When the provider made it: the reconciler leaves an intent alone while a flow may still attach it. */
  createdAt: Date;
}

/** Why a hold is released (the spec's cancel-hold reasons). */
export type CancelHoldReason =
  | 'assignment_declined_by_expert'
  | 'task_cancelled_by_client'
  | 'client_rejected_evidence'
  | 'hold_replaced'
  | 'dispute_refunded'
  | 'task_cancelled_by_admin';

export interface ProviderEvent {
  id: string;
  type: string;
  /** The connected account the event is about (`account.updated`, or a Connect event's account). */
  accountId?: string;
  /** The PaymentIntent the event is about (`payment_intent.*` and `charge.*` events). */
  paymentIntentId?: string;
  /** The provider's object as received. */
  object: Record<string, unknown>;
}

/** What a failure means for the caller; the message is the provider's own text. */
export type PaymentProviderErrorKind =
  | 'card_declined'
  | 'authentication_failed'
  | 'invalid_state'
  | 'hold_expired'
  | 'not_found'
  | 'invalid_request'
  | 'idempotency_conflict'
  | 'unavailable';

const appCodeByKind: Record<PaymentProviderErrorKind, ErrorCode> = {
  card_declined: 'bad_request',
  authentication_failed: 'bad_request',
  invalid_state: 'conflict',
  hold_expired: 'conflict',
  not_found: 'not_found',
  invalid_request: 'bad_request',
  idempotency_conflict: 'conflict',
  unavailable: 'provider_error',
};

/**
 * A failure reported by (or on the way to) the payment provider. `message` is the provider's text,
 * not a spec text: callers catch it and use the spec's wording (e.g. 'Failed to capture payment: {msg}').
 */
export class PaymentProviderError extends AppError {
  readonly kind: PaymentProviderErrorKind;
  /** The provider's own error code, e.g. `card_declined`, `payment_intent_unexpected_state`. */
  readonly providerCode: string | null;
  readonly declineCode: string | null;

  constructor(
    kind: PaymentProviderErrorKind,
    message: string,
    options: { providerCode?: string | null; declineCode?: string | null; cause?: unknown } = {},
  ) {
    super(appCodeByKind[kind], message, { details: options.cause });
    this.name = 'PaymentProviderError';
    this.kind = kind;
    this.providerCode = options.providerCode ?? null;
    this.declineCode = options.declineCode ?? null;
  }
}

export type ExpertPaymentFields = {
  stripe_onboarding_completed: boolean;
  stripe_account_status: 'pending' | 'active' | 'restricted';
};

/** Disabled reasons that mean "the provider is still checking", not "the account is blocked". */
const UNDER_REVIEW_REASONS = new Set(['requirements.pending_verification', 'under_review']);

/**
 * The expert profile's payment fields from the provider's account state:
 * - details not submitted: onboarding not completed, pending;
 * - details submitted, charges and payouts enabled, nothing due, not disabled: completed, active;
 * - details submitted and the provider is still verifying (nothing due): completed, pending ("under review");
 * - details submitted but disabled for any other reason, or information due: completed, restricted.
 */
export function expertFieldsFromAccountStatus(status: AccountStatus): ExpertPaymentFields {
  if (!status.detailsSubmitted)
    return { stripe_onboarding_completed: false, stripe_account_status: 'pending' };
  const nothingDue = status.requirementsDue.length === 0;
  if (status.chargesEnabled && status.payoutsEnabled && nothingDue && !status.disabledReason) {
    return { stripe_onboarding_completed: true, stripe_account_status: 'active' };
  }
  const underReview = !status.disabledReason || UNDER_REVIEW_REASONS.has(status.disabledReason);
  if (nothingDue && underReview)
    return { stripe_onboarding_completed: true, stripe_account_status: 'pending' };
  return { stripe_onboarding_completed: true, stripe_account_status: 'restricted' };
}

export type TaskPaymentAction =
  | 'create_payment_intent'
  | 'capture'
  | 'cancel_hold'
  | 'reauthorize'
  | 'refund'
  // Issue 51: a price increase grows the hold, or places a second one for the difference.
  | 'increment_authorization'
  | 'second_hold';

/**
 * The idempotency key of one payment call about one task. Retries of the same call reuse it, so a
 * retried capture never captures twice. Pass `attempt` when the task legitimately needs a new object
 * for the same action (a new PaymentIntent after a declined assignment reopened the task), because
 * the provider replays the first answer for a known key.
 */
export function idempotencyKeyFor(
  taskId: string,
  action: TaskPaymentAction,
  attempt?: number | string,
): string {
  const base = `task:${taskId}:${action}`;
  return attempt === undefined || attempt === '' ? base : `${base}:${attempt}`;
}

/** The idempotency key for creating an expert's connected account. */
export function accountIdempotencyKeyFor(userId: string, attempt?: number | string): string {
  const base = `user:${userId}:create_connected_account`;
  return attempt === undefined || attempt === '' ? base : `${base}:${attempt}`;
}

/** Both adapters receive the provider's event JSON (`{ id, type, account?, data: { object } }`). */
export function providerEventFromPayload(payload: unknown): ProviderEvent {
  const event = payload as { id?: unknown; type?: unknown; account?: unknown; data?: { object?: unknown } };
  if (typeof event?.id !== 'string' || typeof event.type !== 'string' || !isRecord(event.data?.object)) {
    throw invalidWebhook('The webhook body is not a payment provider event.');
  }
  const object = event.data.object;
  const objectKind = object.object;
  let accountId = typeof event.account === 'string' ? event.account : undefined;
  if (objectKind === 'account' && typeof object.id === 'string') accountId = object.id;
  let paymentIntentId: string | undefined;
  if (objectKind === 'payment_intent' && typeof object.id === 'string') paymentIntentId = object.id;
  else if (typeof object.payment_intent === 'string') paymentIntentId = object.payment_intent;
  return {
    id: event.id,
    type: event.type,
    ...(accountId ? { accountId } : {}),
    ...(paymentIntentId ? { paymentIntentId } : {}),
    object,
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The error of a webhook that fails verification; the reason is kept in details for the log. */
export const invalidWebhook = (reason: string) =>
  new AppError('bad_request', messages.common.invalidRequest, { details: reason });
