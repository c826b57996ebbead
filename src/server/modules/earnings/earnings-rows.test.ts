import { describe, expect, it } from 'vitest';
import { localProcessingFeeCents } from '../../providers/payments/provider-payouts';
import type { TipRow } from '../tips/tips.repository';
import { earningRows, totalsOf, withinDays } from './earnings-rows';
import type { BalanceTransactionRow, ExpertPaymentRow, PayoutRow } from './earnings.repository';

/** A small deterministic generator: the same "random" month on every run. */
function random(seed: number) {
  let state = seed;
  return (max: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % max;
  };
}

const DAY = 24 * 60 * 60 * 1000;
const MARCH = Date.UTC(2026, 2, 1);

/**
 * Issue 51's proof that money stays exact: a month of random tasks with their platform fees,
 * provider fees, tips and refunds sums, to the cent, to what the provider would report as net.
 */
describe('earningRows over a random month', () => {
  it('totals equal the sum of the provider records, to the cent', () => {
    const next = random(51);
    const payments: ExpertPaymentRow[] = [];
    const tips: TipRow[] = [];
    const balance: BalanceTransactionRow[] = [];
    const payout: PayoutRow = {
      id: 'po_1',
      expert_id: 'e',
      account_id: 'acct',
      amount: 0,
      status: 'paid',
      arrival_date: new Date(MARCH + 31 * DAY),
      failure_message: null,
      created_at: new Date(MARCH + 30 * DAY),
      updated_at: new Date(MARCH + 30 * DAY),
    };
    let providerNet = 0;
    for (let index = 0; index < 120; index += 1) {
      const at = new Date(MARCH + next(30) * DAY + next(DAY));
      const amount = 2_000 + next(200_000);
      const fee = Math.round(amount * 0.1);
      // A third of the tasks were partly refunded: the share and the fee shrink pro rata.
      const refunded = next(3) === 0 ? next(amount) : 0;
      const intent = `pi_${index}`;
      payments.push({
        task_id: `t${index}`,
        title: `Task ${index}`,
        intent_id: intent,
        amount,
        amount_refunded: refunded,
        platform_fee: fee,
        status: refunded ? 'partially_refunded' : 'captured',
        created_at: at,
        updated_at: at,
      });
      const price = amount - refunded;
      const platform = Math.round((fee * price) / amount);
      const providerFee = localProcessingFeeCents(price, price - platform);
      balance.push({
        id: `txn_${index}`,
        expert_id: 'e',
        account_id: 'acct',
        type: 'payment',
        amount: price - platform,
        fee: providerFee,
        net: price - platform - providerFee,
        payment_intent_id: intent,
        payout_id: 'po_1',
        available_on: at,
        created_at: at,
      });
      providerNet += price - platform - providerFee;
      if (next(2) === 0) {
        const tip = 100 + next(5_000);
        const tipFee = localProcessingFeeCents(tip, tip);
        tips.push({
          id: `tip${index}`,
          task_id: `t${index}`,
          client_id: 'c',
          expert_id: 'e',
          amount: tip,
          percent: null,
          status: 'succeeded',
          client_key: `k${index}`,
          payment_intent_id: `pi_tip_${index}`,
          failure_message: null,
          captured_at: at,
          created_at: at,
          updated_at: at,
        });
        balance.push({
          id: `txn_tip_${index}`,
          expert_id: 'e',
          account_id: 'acct',
          type: 'payment',
          amount: tip,
          fee: tipFee,
          net: tip - tipFee,
          payment_intent_id: `pi_tip_${index}`,
          payout_id: 'po_1',
          available_on: at,
          created_at: at,
        });
        providerNet += tip - tipFee;
      }
    }
    const rows = earningRows({ payments, tips, balance, payouts: [payout] });
    expect(rows).toHaveLength(120);
    const totals = totalsOf(withinDays(rows, '2026-03-01', '2026-03-31'));
    expect(totals.net_cents).toBe(providerNet);
    expect(
      totals.price_cents - totals.platform_fee_cents - totals.provider_fee_cents + totals.tip_cents,
    ).toBe(totals.net_cents);
    expect(totals.tip_cents).toBe(tips.reduce((sum, tip) => sum + tip.amount, 0));
    for (const row of rows) {
      expect(Number.isInteger(row.net_cents)).toBe(true);
      expect(row.status).toBe('paid');
    }
  });

  it('names the status from the payouts: held, captured, in transit, paid', () => {
    const at = new Date(MARCH);
    const payment = (task: string, status: string): ExpertPaymentRow => ({
      task_id: task,
      title: task,
      intent_id: `pi_${task}`,
      amount: 10_000,
      amount_refunded: 0,
      platform_fee: 1_000,
      status: status as ExpertPaymentRow['status'],
      created_at: at,
      updated_at: at,
    });
    const bt = (task: string, payoutId: string | null): BalanceTransactionRow => ({
      id: `txn_${task}`,
      expert_id: 'e',
      account_id: 'a',
      type: 'payment',
      amount: 9_000,
      fee: 320,
      net: 8_680,
      payment_intent_id: `pi_${task}`,
      payout_id: payoutId,
      available_on: new Date(MARCH + DAY),
      created_at: at,
    });
    const po = (id: string, status: string): PayoutRow => ({
      id,
      expert_id: 'e',
      account_id: 'a',
      amount: 8_680,
      status,
      arrival_date: new Date(MARCH + 2 * DAY),
      failure_message: null,
      created_at: at,
      updated_at: at,
    });
    const rows = earningRows({
      payments: [
        payment('held', 'authorized'),
        payment('captured', 'captured'),
        payment('transit', 'captured'),
        payment('paid', 'captured'),
      ],
      tips: [],
      balance: [bt('captured', null), bt('transit', 'po_t'), bt('paid', 'po_p')],
      payouts: [po('po_t', 'in_transit'), po('po_p', 'paid')],
    });
    const byTask = Object.fromEntries(rows.map((row) => [row.task_id, row]));
    expect(byTask.held).toMatchObject({ status: 'held', provider_fee_cents: null, net_cents: 9_000 });
    expect(byTask.captured).toMatchObject({ status: 'captured', expected_arrival: new Date(MARCH + DAY) });
    expect(byTask.transit).toMatchObject({
      status: 'in_transit',
      expected_arrival: new Date(MARCH + 2 * DAY),
      net_cents: 8_680,
    });
    expect(byTask.paid).toMatchObject({ status: 'paid' });
    expect(totalsOf(rows).net_cents).toBe(3 * 8_680);
  });
});
