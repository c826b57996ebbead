import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { expertBalanceTransactions, expertPayouts, tasks, transactions } from '../../db/schema';
import type { BalanceTransactionInfo, PayoutInfo } from '../../providers/payments/provider-payouts';

export type PayoutRow = typeof expertPayouts.$inferSelect;
export type BalanceTransactionRow = typeof expertBalanceTransactions.$inferSelect;

/** Stores payouts as the provider reports them; a newer report replaces the older. */
export async function upsertPayouts(
  db: Db,
  params: { expertId: string; accountId: string; payouts: PayoutInfo[]; now: Date },
): Promise<void> {
  for (const payout of params.payouts) {
    const values = {
      id: payout.id,
      expert_id: params.expertId,
      account_id: params.accountId,
      amount: payout.amountCents,
      status: payout.status,
      arrival_date: payout.arrivalDate,
      failure_message: payout.failureMessage,
      created_at: payout.createdAt,
      updated_at: params.now,
    };
    await db
      .insert(expertPayouts)
      .values(values)
      .onConflictDoUpdate({
        target: expertPayouts.id,
        // A late, older event never moves a finished payout back (events arrive out of order).
        set: {
          amount: values.amount,
          status: sql`case when ${expertPayouts.status} in ('paid', 'failed', 'canceled') then ${expertPayouts.status} else ${values.status} end`,
          arrival_date: values.arrival_date,
          failure_message: values.failure_message,
          updated_at: params.now,
        },
      });
  }
}

/** Stores balance transactions; a known one keeps its payout unless this report names one. */
export async function upsertBalanceTransactions(
  db: Db,
  params: { expertId: string; accountId: string; rows: BalanceTransactionInfo[] },
): Promise<void> {
  for (const row of params.rows) {
    await db
      .insert(expertBalanceTransactions)
      .values({
        id: row.id,
        expert_id: params.expertId,
        account_id: params.accountId,
        type: row.type,
        amount: row.amountCents,
        fee: row.feeCents,
        net: row.netCents,
        payment_intent_id: row.paymentIntentId,
        payout_id: row.payoutId,
        available_on: row.availableOn,
        created_at: row.createdAt,
      })
      .onConflictDoUpdate({
        target: expertBalanceTransactions.id,
        set: {
          fee: row.feeCents,
          net: row.netCents,
          payout_id: sql`coalesce(${row.payoutId}, ${expertBalanceTransactions.payout_id})`,
        },
      });
  }
}

export async function payoutsOfExpert(db: Db, expertId: string): Promise<PayoutRow[]> {
  return db.select().from(expertPayouts).where(eq(expertPayouts.expert_id, expertId));
}

export async function balanceTransactionsOfExpert(
  db: Db,
  expertId: string,
): Promise<BalanceTransactionRow[]> {
  return db.select().from(expertBalanceTransactions).where(eq(expertBalanceTransactions.expert_id, expertId));
}

/** Payouts we already know for an account, by id (the sync skips listing what has not changed). */
export async function knownPayoutStatuses(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: expertPayouts.id, status: expertPayouts.status })
    .from(expertPayouts)
    .where(inArray(expertPayouts.id, ids));
  return new Map(rows.map((row) => [row.id, row.status]));
}

/** The expert's task payments that earn money: held, captured or (partly) refunded; oldest first. */
export async function paymentsOfExpert(db: Db, expertId: string) {
  return db
    .select({
      task_id: tasks.id,
      title: tasks.title,
      intent_id: transactions.stripe_payment_intent_id,
      amount: transactions.amount,
      amount_refunded: transactions.amount_refunded,
      platform_fee: transactions.platform_fee,
      status: transactions.status,
      created_at: transactions.created_at,
      updated_at: transactions.updated_at,
    })
    .from(transactions)
    .innerJoin(tasks, eq(tasks.id, transactions.task_id))
    .where(
      and(
        eq(tasks.expert_id, expertId),
        inArray(transactions.status, ['authorized', 'captured', 'partially_refunded', 'refunded']),
      ),
    )
    .orderBy(asc(transactions.created_at));
}
export type ExpertPaymentRow = Awaited<ReturnType<typeof paymentsOfExpert>>[number];
