import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { profiles } from './profiles';
import { tasks } from './tasks';

// Issue 51 (decision 0471): a client's tip on a completed task, charged as its own payment to the
// expert with no platform fee. The charge is a job written with the row (the outbox of decision 0440).

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

export const TIP_STATUSES = ['pending', 'succeeded', 'failed', 'requires_action'] as const;
export type TipStatus = (typeof TIP_STATUSES)[number];

export const tips = pgTable(
  'tips',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    task_id: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    client_id: uuid('client_id').references(() => profiles.id, { onDelete: 'set null' }),
    expert_id: uuid('expert_id').references(() => profiles.id, { onDelete: 'set null' }),
    /** Integer cents. */
    amount: integer('amount').notNull(),
    /** 10, 15 or 20 when chosen as a share of the price; null for a custom amount. */
    percent: integer('percent'),
    status: text('status', { enum: TIP_STATUSES }).notNull().default('pending'),
    /** The client's idempotency key: a repeated request answers with the same tip. */
    client_key: text('client_key').notNull(),
    payment_intent_id: text('payment_intent_id'),
    failure_message: text('failure_message'),
    captured_at: timestamptz('captured_at'),
    created_at: timestamptz('created_at').notNull(),
    updated_at: timestamptz('updated_at').notNull(),
  },
  (t) => [
    // One live tip per task: a failed one may be tried again.
    uniqueIndex('tips_task_live_unique')
      .on(t.task_id)
      .where(sql`${t.status} <> 'failed'`),
    uniqueIndex('tips_task_client_key_unique').on(t.task_id, t.client_key),
    index('tips_client_idx').on(t.client_id, t.created_at),
    index('tips_expert_idx').on(t.expert_id, t.created_at),
  ],
);
