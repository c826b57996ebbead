import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { RECEIPT_KINDS } from '../../../shared/domain/receipts';
import { profiles } from './profiles';
import { tasks } from './tasks';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Issue 51 (decision 0468): one receipt per movement of a client's money. Written in the same
 * transaction as the ledger's record of the movement, once per `source_key` (the capture of one
 * intent, one refund, one tip), and never changed afterwards: the task's title and the expert's name
 * are kept as they were, so a renamed task or a deleted expert account leaves the receipt whole.
 */
export const receipts = pgTable(
  'receipts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    client_id: uuid('client_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    task_id: uuid('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: RECEIPT_KINDS }).notNull(),
    /** Integer cents the card was charged (or, for a refund, given back). */
    amount: integer('amount').notNull(),
    /** Integer cents of the amount that is the platform's fee (given back pro rata on a refund; 0 on a tip). */
    platform_fee: integer('platform_fee').notNull(),
    task_title: text('task_title').notNull(),
    expert_name: text('expert_name').notNull(),
    /** What made it, so that a retried capture or refund never issues a second receipt. */
    source_key: text('source_key').notNull().unique(),
    created_at: timestamptz('created_at').notNull(),
  },
  // /profile lists one client's receipts, newest first.
  (t) => [index('receipts_client_created_idx').on(t.client_id, t.created_at.desc())],
);
