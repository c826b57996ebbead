import type { EarningRowDto, EarningStatus, EarningTotals } from '@shared/schemas/earnings.schemas';
import type { TipRow } from '../tips/tips.repository';
import type { BalanceTransactionRow, ExpertPaymentRow, PayoutRow } from './earnings.repository';

/**
 * The expert's earnings, one row per task, from our ledger (price, platform fee), the tips, and the
 * provider's records stored by the sync (its fee, the payouts). Pure: integer cents in, integer
 * cents out. Net = price - platform fee - provider fee + tip, which equals the sum of the provider's
 * net amounts for the task's charges once it has reported them (decision 0470).
 */
export interface EarningRow extends Omit<EarningRowDto, 'date' | 'expected_arrival'> {
  date: Date;
  expected_arrival: Date | null;
}

const PAYMENT_TYPES = new Set(['payment', 'charge', 'payment_refund', 'transfer', 'refund']);

export function earningRows(input: {
  payments: ExpertPaymentRow[];
  tips: TipRow[];
  balance: BalanceTransactionRow[];
  payouts: PayoutRow[];
}): EarningRow[] {
  // One payment per task: the latest (a replaced hold leaves the earlier one voided, so out of the list).
  const byTask = new Map<string, ExpertPaymentRow>();
  for (const payment of input.payments) byTask.set(payment.task_id, payment);
  const payoutById = new Map(input.payouts.map((payout) => [payout.id, payout]));
  const balanceByIntent = new Map<string, BalanceTransactionRow[]>();
  for (const row of input.balance) {
    if (!row.payment_intent_id || !PAYMENT_TYPES.has(row.type)) continue;
    balanceByIntent.set(row.payment_intent_id, [...(balanceByIntent.get(row.payment_intent_id) ?? []), row]);
  }
  const rows: EarningRow[] = [];
  for (const payment of byTask.values()) {
    const tips = input.tips.filter((tip) => tip.task_id === payment.task_id);
    const held = payment.status === 'authorized';
    const price = payment.amount - payment.amount_refunded;
    const platformFee = payment.amount > 0 ? Math.round((payment.platform_fee * price) / payment.amount) : 0;
    const tip = tips.reduce((sum, row) => sum + row.amount, 0);
    const intents = [payment.intent_id, ...tips.map((row) => row.payment_intent_id)].filter(
      (id): id is string => !!id,
    );
    const reported = held ? [] : intents.flatMap((id) => balanceByIntent.get(id) ?? []);
    const providerFee = reported.length > 0 ? reported.reduce((sum, row) => sum + row.fee, 0) : null;
    const payouts = reported.map((row) => (row.payout_id ? payoutById.get(row.payout_id) : undefined));
    rows.push({
      task_id: payment.task_id,
      title: payment.title,
      date: held
        ? payment.created_at
        : (earliest(reported.map((row) => row.created_at)) ?? payment.updated_at),
      price_cents: price,
      platform_fee_cents: platformFee,
      provider_fee_cents: providerFee,
      tip_cents: tip,
      net_cents: price - platformFee - (providerFee ?? 0) + tip,
      status: statusOf(held, payouts),
      expected_arrival:
        latest(payouts.map((payout) => payout?.arrival_date)) ??
        latest(reported.map((row) => row.available_on)),
    });
  }
  return rows.sort((a, b) => b.date.getTime() - a.date.getTime());
}

/** Paid when every reported charge reached the bank; in transit while part of it is on its way; else captured. */
function statusOf(held: boolean, payouts: (PayoutRow | undefined)[]): EarningStatus {
  if (held) return 'held';
  const known = payouts.filter(
    (payout): payout is PayoutRow => !!payout && payout.status !== 'failed' && payout.status !== 'canceled',
  );
  if (
    known.length > 0 &&
    known.length === payouts.length &&
    known.every((payout) => payout.status === 'paid')
  )
    return 'paid';
  return known.length > 0 ? 'in_transit' : 'captured';
}

const earliest = (dates: Date[]) =>
  dates.length === 0 ? null : new Date(Math.min(...dates.map((date) => date.getTime())));
const latest = (dates: (Date | undefined)[]) => {
  const known = dates.filter((date): date is Date => !!date);
  return known.length === 0 ? null : new Date(Math.max(...known.map((date) => date.getTime())));
};

export const emptyTotals = (): EarningTotals => ({
  price_cents: 0,
  platform_fee_cents: 0,
  provider_fee_cents: 0,
  tip_cents: 0,
  net_cents: 0,
});

/** Totals of the rows that earned money (held payments are counted apart). */
export function totalsOf(rows: EarningRow[]): EarningTotals {
  const totals = emptyTotals();
  for (const row of rows) {
    if (row.status === 'held') continue;
    totals.price_cents += row.price_cents;
    totals.platform_fee_cents += row.platform_fee_cents;
    totals.provider_fee_cents += row.provider_fee_cents ?? 0;
    totals.tip_cents += row.tip_cents;
    totals.net_cents += row.net_cents;
  }
  return totals;
}

/** Rows dated within [from, to] (UTC days, both included); open ends allowed. */
export function withinDays(rows: EarningRow[], from?: string, to?: string): EarningRow[] {
  const start = from ? Date.parse(`${from}T00:00:00Z`) : -Infinity;
  const end = to ? Date.parse(`${to}T00:00:00Z`) + 24 * 60 * 60 * 1000 : Infinity;
  return rows.filter((row) => row.date.getTime() >= start && row.date.getTime() < end);
}
