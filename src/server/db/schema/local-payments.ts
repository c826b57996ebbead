import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

// State of the embedded "local" payment provider. It mirrors the provider's own objects
// so that the same state machine runs offline; the real adapter never touches these tables.

export const localPaymentAccounts = pgTable('local_payment_accounts', {
  id: text('id').primaryKey(),
  email: text('email'),
  details_submitted: boolean('details_submitted').notNull().default(false),
  charges_enabled: boolean('charges_enabled').notNull().default(false),
  payouts_enabled: boolean('payouts_enabled').notNull().default(false),
  disabled_reason: text('disabled_reason'),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const localAccountLinks = pgTable('local_account_links', {
  token: text('token').primaryKey(),
  account_id: text('account_id').notNull(),
  refresh_url: text('refresh_url').notNull(),
  return_url: text('return_url').notNull(),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const localPaymentIntents = pgTable(
  'local_payment_intents',
  {
    id: text('id').primaryKey(),
    client_secret: text('client_secret').notNull().unique(),
    amount: integer('amount').notNull(),
    amount_captured: integer('amount_captured').notNull().default(0),
    amount_refunded: integer('amount_refunded').notNull().default(0),
    currency: text('currency').notNull(),
    application_fee_amount: integer('application_fee_amount').notNull(),
    destination: text('destination').notNull(),
    description: text('description'),
    status: text('status').notNull(),
    payment_method: text('payment_method'),
    capture_before: timestamp('capture_before', { withTimezone: true }),
    metadata: text('metadata'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('local_payment_intents_destination_idx').on(t.destination),
    // The reconciler's and the card step's "every intent of this task" (migration 0033).
    index('local_payment_intents_task_idx').on(sql`((${t.metadata})::jsonb ->> 'task_id')`),
  ],
);

/** Idempotency keys seen by the local provider, with the object id they produced. */
export const localIdempotencyKeys = pgTable('local_idempotency_keys', {
  key: text('key').primaryKey(),
  object_id: text('object_id').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
