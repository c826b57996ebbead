import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// The embedded "local" payment provider's payouts (issue 51): the connected account's balance
// transactions and the daily payouts that carry them, as the real provider keeps them. Only the
// local adapter touches these tables.

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

export const localBalanceTransactions = pgTable(
  'local_balance_transactions',
  {
    id: text('id').primaryKey(),
    account_id: text('account_id').notNull(),
    /** `payment` (a captured charge's share) or `payment_refund`. */
    type: text('type').notNull(),
    /** The local PaymentIntent behind it. */
    source_intent: text('source_intent').notNull(),
    amount: integer('amount').notNull(),
    fee: integer('fee').notNull(),
    net: integer('net').notNull(),
    /** The intent's refunded cents this account's transactions account for (on the payment row). */
    refunded_seen: integer('refunded_seen').notNull().default(0),
    available_on: timestamptz('available_on').notNull(),
    payout_id: text('payout_id'),
    created_at: timestamptz('created_at').notNull(),
  },
  (t) => [
    index('local_balance_transactions_account_idx').on(t.account_id, t.created_at),
    index('local_balance_transactions_intent_idx').on(t.source_intent),
  ],
);

export const localPayouts = pgTable(
  'local_payouts',
  {
    id: text('id').primaryKey(),
    account_id: text('account_id').notNull(),
    amount: integer('amount').notNull(),
    status: text('status').notNull(),
    arrival_date: timestamptz('arrival_date').notNull(),
    created_at: timestamptz('created_at').notNull(),
  },
  (t) => [index('local_payouts_account_idx').on(t.account_id, t.created_at)],
);
