/**
 * What the payment provider says about an expert's money after capture (issue 51): the connected
 * account's balance transactions (each charge's share, with the provider's own fee) and the payouts
 * that carry them to the expert's bank. Amounts are integer cents; dates are the provider's.
 */

export type PayoutStatus = 'pending' | 'in_transit' | 'paid' | 'failed' | 'canceled';

export interface PayoutInfo {
  id: string;
  amountCents: number;
  status: PayoutStatus;
  /** When the money is expected in (or reached) the bank. */
  arrivalDate: Date;
  createdAt: Date;
  /** The provider's reason when the payout failed. */
  failureMessage: string | null;
}

export interface BalanceTransactionInfo {
  id: string;
  /** The provider's type: `payment` (a charge's share), `payment_refund`, `payout`, `transfer`, ... */
  type: string;
  amountCents: number;
  /** The provider's own processing fee on this transaction, as it reports it. */
  feeCents: number;
  netCents: number;
  createdAt: Date;
  /** When the funds become available for a payout. */
  availableOn: Date;
  /** The PaymentIntent behind it (from its expanded source), when it has one. */
  paymentIntentId: string | null;
  /** The payout that carried it, when known (always when listed by payout). */
  payoutId: string | null;
}

export interface ListPayoutFactsOptions {
  /** Only objects created at or after this. */
  createdSince?: Date;
  /** Balance transactions: only those carried by this payout. */
  payoutId?: string;
}

export interface DashboardLoginLink {
  url: string;
}

/** The local provider's payout schedule: daily, in the bank two days after capture (decision 0470). */
export const LOCAL_PAYOUT_DELAY_DAYS = 2;
/** The local provider's processing fee: 2.9% + 30 cents of the charge, as the provider's standard card pricing. */
export const LOCAL_FEE_PERCENT = 2.9;
export const LOCAL_FEE_FIXED_CENTS = 30;

/** The local processing fee of a charge, in whole cents, never more than the share it is taken from. */
export function localProcessingFeeCents(chargeCents: number, shareCents: number): number {
  const fee = Math.round((chargeCents * LOCAL_FEE_PERCENT) / 100) + LOCAL_FEE_FIXED_CENTS;
  return Math.max(0, Math.min(fee, shareCents));
}
