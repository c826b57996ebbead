import type Stripe from 'stripe';
import type { BalanceTransactionInfo, PayoutInfo, PayoutStatus } from './provider-payouts';

/** Pure translations of the provider's payouts and balance transactions (issue 51). */

const PAYOUT_STATUSES: readonly PayoutStatus[] = ['pending', 'in_transit', 'paid', 'failed', 'canceled'];
const fromSeconds = (value: number) => new Date(value * 1000);

export function payoutInfoFromStripe(payout: Stripe.Payout): PayoutInfo {
  const status = PAYOUT_STATUSES.includes(payout.status as PayoutStatus)
    ? (payout.status as PayoutStatus)
    : 'pending';
  return {
    id: payout.id,
    amountCents: payout.amount,
    status,
    arrivalDate: fromSeconds(payout.arrival_date),
    createdAt: fromSeconds(payout.created),
    failureMessage: payout.failure_message ?? null,
  };
}

const GROUP_OF_INTENT = /^group_(pi_[A-Za-z0-9_]+)$/;

/**
 * The PaymentIntent behind a connected account's balance transaction. A destination charge reaches
 * the account as a payment (`py_`) made by a transfer whose transfer group is `group_<intent id>`;
 * a direct charge names its intent itself.
 */
export function paymentIntentOfSource(source: unknown): string | null {
  if (!source || typeof source !== 'object') return null;
  const object = source as { payment_intent?: unknown; source_transfer?: unknown; transfer_group?: unknown };
  if (typeof object.payment_intent === 'string') return object.payment_intent;
  if (object.payment_intent && typeof object.payment_intent === 'object') {
    const id = (object.payment_intent as { id?: unknown }).id;
    if (typeof id === 'string') return id;
  }
  const transfer = object.source_transfer;
  const group =
    transfer && typeof transfer === 'object'
      ? (transfer as { transfer_group?: unknown }).transfer_group
      : object.transfer_group;
  if (typeof group === 'string') return GROUP_OF_INTENT.exec(group)?.[1] ?? null;
  return null;
}

export function balanceTransactionInfoFromStripe(
  row: Stripe.BalanceTransaction,
  payoutId: string | null,
): BalanceTransactionInfo {
  return {
    id: row.id,
    type: row.type,
    amountCents: row.amount,
    feeCents: row.fee,
    netCents: row.net,
    createdAt: fromSeconds(row.created),
    availableOn: fromSeconds(row.available_on),
    paymentIntentId: paymentIntentOfSource(row.source),
    payoutId,
  };
}
