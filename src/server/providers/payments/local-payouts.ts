import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { localBalanceTransactions, localPayouts } from '../../db/schema/local-payouts';
import { localIdempotencyKeys, localPaymentIntents } from '../../db/schema/local-payments';
import type {
  BalanceTransactionInfo,
  ListPayoutFactsOptions,
  PayoutInfo,
  PayoutStatus,
} from './provider-payouts';
import { localProcessingFeeCents } from './provider-payouts';

/**
 * The local provider's payout schedule (issue 51, decision 0470), played forward whenever the
 * account's payout facts are read: each captured charge's share becomes a balance transaction
 * (its fee 2.9% + 30 cents), available at the start of the next UTC day; a daily payout collects
 * what is available and arrives the day after, so money reaches the bank two days after capture.
 * Refunds become negative transactions when first seen. One account's play runs under a lock, so
 * two readers never make the same payout twice.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const startOfUtcDay = (date: Date) => new Date(Math.floor(date.getTime() / DAY_MS) * DAY_MS);
const newId = (prefix: 'txn' | 'po') => `${prefix}_local_${randomBytes(12).toString('hex')}`;

export async function settleLocalAccount(db: Db, accountId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`local-payouts:${accountId}`}))`);
    await recordCharges(tx as unknown as Db, accountId, now);
    await runDailyPayouts(tx as unknown as Db, accountId, now);
    await tx
      .update(localPayouts)
      .set({ status: 'paid' })
      .where(
        and(
          eq(localPayouts.account_id, accountId),
          eq(localPayouts.status, 'in_transit'),
          lte(localPayouts.arrival_date, now),
        ),
      );
  });
}

/** Captured intents to this account get their `payment` transaction once, and a `payment_refund` per refund seen. */
async function recordCharges(db: Db, accountId: string, now: Date) {
  const intents = await db
    .select()
    .from(localPaymentIntents)
    .where(and(eq(localPaymentIntents.destination, accountId), eq(localPaymentIntents.status, 'succeeded')));
  if (intents.length === 0) return;
  const ids = intents.map((intent) => intent.id);
  const known = await db
    .select()
    .from(localBalanceTransactions)
    .where(
      and(inArray(localBalanceTransactions.source_intent, ids), eq(localBalanceTransactions.type, 'payment')),
    );
  const byIntent = new Map(known.map((row) => [row.source_intent, row]));
  // When each intent was captured: the local provider keeps its capture key with the time it was used.
  const captures = await db
    .select({
      object_id: localIdempotencyKeys.object_id,
      at: sql<Date>`min(${localIdempotencyKeys.created_at})`.mapWith(localIdempotencyKeys.created_at),
    })
    .from(localIdempotencyKeys)
    .where(
      and(inArray(localIdempotencyKeys.object_id, ids), sql`${localIdempotencyKeys.key} like 'capture:%'`),
    )
    .groupBy(localIdempotencyKeys.object_id);
  const capturedAt = new Map(captures.map((row) => [row.object_id, row.at]));
  for (const intent of intents) {
    const share = intent.amount_captured - intent.application_fee_amount;
    let payment = byIntent.get(intent.id);
    if (!payment) {
      const created = capturedAt.get(intent.id) ?? now;
      const fee = localProcessingFeeCents(intent.amount_captured, share);
      [payment] = await db
        .insert(localBalanceTransactions)
        .values({
          id: newId('txn'),
          account_id: accountId,
          type: 'payment',
          source_intent: intent.id,
          amount: share,
          fee,
          net: share - fee,
          available_on: new Date(startOfUtcDay(created).getTime() + DAY_MS),
          created_at: created,
        })
        .returning();
    }
    const newlyRefunded = intent.amount_refunded - payment.refunded_seen;
    if (newlyRefunded > 0 && intent.amount_captured > 0) {
      // The transfer is reversed pro rata, like a destination charge's refund.
      const back = Math.round((newlyRefunded * share) / intent.amount_captured);
      await db.insert(localBalanceTransactions).values({
        id: newId('txn'),
        account_id: accountId,
        type: 'payment_refund',
        source_intent: intent.id,
        amount: -back,
        fee: 0,
        net: -back,
        available_on: now,
        created_at: now,
      });
      await db
        .update(localBalanceTransactions)
        .set({ refunded_seen: intent.amount_refunded })
        .where(eq(localBalanceTransactions.id, payment.id));
    }
  }
}

/** Every day from the oldest unpaid transaction's availability to today gets its payout (if positive). */
async function runDailyPayouts(db: Db, accountId: string, now: Date) {
  const unpaid = await db
    .select()
    .from(localBalanceTransactions)
    .where(
      and(eq(localBalanceTransactions.account_id, accountId), isNull(localBalanceTransactions.payout_id)),
    )
    .orderBy(asc(localBalanceTransactions.available_on));
  if (unpaid.length === 0) return;
  const today = startOfUtcDay(now);
  for (
    let day = startOfUtcDay(unpaid[0].available_on);
    day.getTime() <= today.getTime();
    day = new Date(day.getTime() + DAY_MS)
  ) {
    const due = unpaid.filter((row) => row.payout_id === null && row.available_on.getTime() <= day.getTime());
    const total = due.reduce((sum, row) => sum + row.net, 0);
    if (due.length === 0 || total <= 0) continue;
    const arrival = new Date(day.getTime() + DAY_MS);
    const id = newId('po');
    await db.insert(localPayouts).values({
      id,
      account_id: accountId,
      amount: total,
      status: arrival.getTime() <= now.getTime() ? 'paid' : 'in_transit',
      arrival_date: arrival,
      created_at: day,
    });
    const dueIds = due.map((row) => row.id);
    await db
      .update(localBalanceTransactions)
      .set({ payout_id: id })
      .where(inArray(localBalanceTransactions.id, dueIds));
    for (const row of due) row.payout_id = id;
  }
}

export async function listLocalPayouts(
  db: Db,
  accountId: string,
  options: ListPayoutFactsOptions,
): Promise<PayoutInfo[]> {
  const rows = await db
    .select()
    .from(localPayouts)
    .where(
      and(
        eq(localPayouts.account_id, accountId),
        options.createdSince ? gte(localPayouts.created_at, options.createdSince) : undefined,
      ),
    )
    .orderBy(desc(localPayouts.created_at));
  return rows.map((row) => ({
    id: row.id,
    amountCents: row.amount,
    status: row.status as PayoutStatus,
    arrivalDate: row.arrival_date,
    createdAt: row.created_at,
    failureMessage: null,
  }));
}

export async function listLocalBalanceTransactions(
  db: Db,
  accountId: string,
  options: ListPayoutFactsOptions,
): Promise<BalanceTransactionInfo[]> {
  const rows = await db
    .select()
    .from(localBalanceTransactions)
    .where(
      and(
        eq(localBalanceTransactions.account_id, accountId),
        options.createdSince ? gte(localBalanceTransactions.created_at, options.createdSince) : undefined,
        options.payoutId ? eq(localBalanceTransactions.payout_id, options.payoutId) : undefined,
      ),
    )
    .orderBy(desc(localBalanceTransactions.created_at));
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    amountCents: row.amount,
    feeCents: row.fee,
    netCents: row.net,
    createdAt: row.created_at,
    availableOn: row.available_on,
    paymentIntentId: row.source_intent,
    payoutId: row.payout_id,
  }));
}
