import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { RELIABILITY_EVENT_KINDS } from '../../../shared/domain/reliability';
import { profiles } from './profiles';
import { tasks } from './tasks';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Issue 50 (decision 0457): what went wrong after a hire, against whom. A task's expert is cleared
 * when they leave it, so the event keeps who it was; one event per task, user and kind.
 */
export const reliabilityEvents = pgTable(
  'reliability_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    task_id: uuid('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: RELIABILITY_EVENT_KINDS }).notNull(),
    created_at: timestamptz('created_at').notNull(),
  },
  (t) => [
    // The record reads one user's newest events: the last 50 outcomes and the last 30 days' cancels.
    index('reliability_events_user_created_idx').on(t.user_id, t.created_at.desc()),
    uniqueIndex('reliability_events_once_idx').on(t.task_id, t.user_id, t.kind).where(sql`task_id IS NOT NULL`),
  ],
);

/** An expert's pause of new applications: set by the third cancel in 30 days, lifted by time or an admin. */
export const applicationPauses = pgTable(
  'application_pauses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    expert_id: uuid('expert_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    paused_until: timestamptz('paused_until').notNull(),
    created_at: timestamptz('created_at').notNull(),
    lifted_at: timestamptz('lifted_at'),
    lifted_by: uuid('lifted_by').references(() => profiles.id, { onDelete: 'set null' }),
    lift_reason: text('lift_reason'),
  },
  (t) => [
    index('application_pauses_expert_idx').on(t.expert_id, t.paused_until.desc()),
    // At most one pause in force per expert: a parallel third cancel cannot write two.
    uniqueIndex('application_pauses_one_open_idx').on(t.expert_id).where(sql`lifted_at IS NULL`),
  ],
);
