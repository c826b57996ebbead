import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { profiles } from './profiles';
import { tasks } from './tasks';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** One proof photo as the server read it: where it is stored and what its own metadata says. */
export interface NoAccessPhoto {
  key: string;
  content_type: string;
  sha256: string;
  captured_at: string;
  latitude: number;
  longitude: number;
  distance_miles: number;
}

/**
 * Issue 50 (decision 0463): the hired expert's proof that nobody gave access. One per task; the
 * call-out fee follows at `fee_due_at` unless the client contests.
 */
export const noAccessReports = pgTable(
  'no_access_reports',
  {
    task_id: uuid('task_id')
      .primaryKey()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    expert_id: uuid('expert_id').references(() => profiles.id, { onDelete: 'set null' }),
    window_start: timestamptz('window_start').notNull(),
    window_end: timestamptz('window_end').notNull(),
    photos: jsonb('photos').$type<NoAccessPhoto[]>().notNull(),
    note: text('note'),
    /** pending: the client may contest; charged: the fee was taken; contested: a dispute decides. */
    status: text('status', { enum: ['pending', 'charged', 'contested'] }).notNull().default('pending'),
    fee_due_at: timestamptz('fee_due_at').notNull(),
    contest_reason: text('contest_reason'),
    created_at: timestamptz('created_at').notNull(),
    updated_at: timestamptz('updated_at').notNull(),
  },
  (t) => [index('no_access_reports_expert_idx').on(t.expert_id, t.created_at)],
);
