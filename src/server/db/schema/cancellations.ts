import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { profiles } from './profiles';
import { tasks } from './tasks';

/**
 * Every cancel of a booking (issue 50, docs/decisions/0462): who cancelled, the reason from the list
 * and a note, and the call-out fee it took (0 when free). The task page's timeline lists them; an
 * expert's cancel reopens the task, so a task may have several.
 */
export const taskCancellations = pgTable(
  'task_cancellations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    task_id: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    actor_id: uuid('actor_id').references(() => profiles.id, { onDelete: 'set null' }),
    /** The expert hired when the booking was cancelled (who sees it on the timeline), if any. */
    expert_id: uuid('expert_id').references(() => profiles.id, { onDelete: 'set null' }),
    party: text('party', { enum: ['client', 'expert', 'admin'] }).notNull(),
    /** One of CANCEL_REASONS, or null when none was given (an admin override, an older API caller). */
    reason: text('reason'),
    note: text('note'),
    /** The call-out fee captured from the hold and its platform fee, integer cents. */
    fee_cents: integer('fee_cents').notNull().default(0),
    platform_fee_cents: integer('platform_fee_cents').notNull().default(0),
    /** The quote's rule (CancellationRule). */
    rule: text('rule').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('task_cancellations_task_idx').on(t.task_id, t.created_at)],
);
