import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { profiles } from './profiles';
import { tasks } from './tasks';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

export const EXTENSION_REQUEST_STATUSES = ['pending', 'accepted', 'declined'] as const;

/**
 * The expert's request for more time on an overdue task (issue 50, docs/decisions/0465). At most one
 * pending per task (a partial unique index); an accepted one moved tasks.due_date from previous_due_at.
 */
export const taskExtensionRequests = pgTable(
  'task_extension_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    task_id: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    expert_id: uuid('expert_id').references(() => profiles.id, { onDelete: 'set null' }),
    previous_due_at: timestamptz('previous_due_at'),
    requested_due_at: timestamptz('requested_due_at').notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: EXTENSION_REQUEST_STATUSES }).notNull().default('pending'),
    created_at: timestamptz('created_at').notNull(),
    decided_at: timestamptz('decided_at'),
  },
  (t) => [
    index('task_extension_requests_task_idx').on(t.task_id, t.created_at),
    uniqueIndex('task_extension_requests_one_pending').on(t.task_id).where(sql`${t.status} = 'pending'`),
  ],
);
