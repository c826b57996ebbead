import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { profiles } from './profiles';

// The earnings module's copy of what the payment provider says about an expert's money (issue 51,
// decision 0470): payouts and balance transactions of the expert's connected account, stored as the
// sync job and the payout.* webhooks learn them, so the earnings page reads our database only.

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

export const expertPayouts = pgTable(
  'expert_payouts',
  {
    /** The provider's payout id. */
    id: text('id').primaryKey(),
    expert_id: uuid('expert_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    account_id: text('account_id').notNull(),
    /** Integer cents. */
    amount: integer('amount').notNull(),
    /** pending | in_transit | paid | failed | canceled (the provider's). */
    status: text('status').notNull(),
    arrival_date: timestamptz('arrival_date').notNull(),
    failure_message: text('failure_message'),
    created_at: timestamptz('created_at').notNull(),
    updated_at: timestamptz('updated_at').notNull(),
  },
  (t) => [index('expert_payouts_expert_idx').on(t.expert_id, t.created_at)],
);

export const expertBalanceTransactions = pgTable(
  'expert_balance_transactions',
  {
    /** The provider's balance transaction id. */
    id: text('id').primaryKey(),
    expert_id: uuid('expert_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    account_id: text('account_id').notNull(),
    type: text('type').notNull(),
    /** Integer cents, as the provider reports them. */
    amount: integer('amount').notNull(),
    fee: integer('fee').notNull(),
    net: integer('net').notNull(),
    payment_intent_id: text('payment_intent_id'),
    payout_id: text('payout_id'),
    available_on: timestamptz('available_on').notNull(),
    created_at: timestamptz('created_at').notNull(),
  },
  (t) => [
    index('expert_balance_transactions_expert_idx').on(t.expert_id, t.created_at),
    index('expert_balance_transactions_intent_idx').on(t.payment_intent_id),
  ],
);
