import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { profiles } from './profiles';
import { taskApplications, tasks } from './tasks';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

export const OFFER_STATUSES = ['pending', 'accepted', 'declined', 'countered', 'withdrawn'] as const;
export const OFFER_PARTIES = ['client', 'expert'] as const;

/**
 * Issue 51 (docs/decisions/0466): one proposed rate on an application before the hire. At most one
 * pending per application (a partial unique index); at most three per application in all. An accepted
 * one set task_applications.proposed_rate, the rate a hire then uses.
 */
export const applicationOffers = pgTable(
  'application_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    application_id: uuid('application_id')
      .notNull()
      .references(() => taskApplications.id, { onDelete: 'cascade' }),
    task_id: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    proposed_by: text('proposed_by', { enum: OFFER_PARTIES }).notNull(),
    /** 1, 2 or 3: the round this proposal is. */
    round: integer('round').notNull(),
    /** Integer cents. */
    amount: integer('amount').notNull(),
    /** The application's rate when it was proposed (integer cents). */
    previous_amount: integer('previous_amount').notNull(),
    note: text('note').notNull(),
    status: text('status', { enum: OFFER_STATUSES }).notNull().default('pending'),
    created_at: timestamptz('created_at').notNull(),
    decided_at: timestamptz('decided_at'),
  },
  (t) => [
    index('application_offers_application_idx').on(t.application_id, t.round),
    uniqueIndex('application_offers_round_unique').on(t.application_id, t.round),
    uniqueIndex('application_offers_one_pending').on(t.application_id).where(sql`${t.status} = 'pending'`),
  ],
);

export const PRICE_CHANGE_STATUSES = ['pending', 'approved', 'declined'] as const;
/**
 * How an approved increase is held: `incremental` (the first hold grew), `second_hold` (a second
 * intent for the difference, captured with the first), `failed` (the card refused both; the price
 * went back). Null while the job has not run, and for decreases (captured partially).
 */
export const PRICE_CHANGE_AUTHORIZATIONS = ['pending', 'incremental', 'second_hold', 'failed'] as const;

/**
 * Issue 51 (docs/decisions/0467): a new price for a hired task, proposed by either party with a
 * reason. At most one pending per task. An approved one moved tasks.budget from previous_amount to
 * amount; the hold follows through a job written in the same transaction.
 */
export const taskPriceChanges = pgTable(
  'task_price_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    task_id: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    proposed_by: text('proposed_by', { enum: OFFER_PARTIES }).notNull(),
    proposer_id: uuid('proposer_id').references(() => profiles.id, { onDelete: 'set null' }),
    /** Integer cents. */
    previous_amount: integer('previous_amount').notNull(),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: PRICE_CHANGE_STATUSES }).notNull().default('pending'),
    authorization: text('authorization', { enum: PRICE_CHANGE_AUTHORIZATIONS }),
    /** The intent made for the difference when the card did not allow an incremental authorization. */
    second_intent_id: text('second_intent_id'),
    /** The intent the change was about (the task's hold at approval). */
    intent_id: text('intent_id'),
    created_at: timestamptz('created_at').notNull(),
    decided_at: timestamptz('decided_at'),
  },
  (t) => [
    index('task_price_changes_task_idx').on(t.task_id, t.created_at),
    uniqueIndex('task_price_changes_one_pending').on(t.task_id).where(sql`${t.status} = 'pending'`),
    index('task_price_changes_second_intent_idx').on(t.second_intent_id),
  ],
);
