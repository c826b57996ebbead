import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  APPOINTMENT_EVENT_KINDS,
  APPOINTMENT_PARTIES,
  PROPOSAL_KINDS,
  PROPOSAL_STATUSES,
} from '../../../shared/domain/appointments';
import { profiles } from './profiles';
import { tasks } from './tasks';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** A window as stored in a proposal: ISO instants. */
export interface StoredWindow {
  start: string;
  end: string;
}

/** Issue 49 (docs/decisions/0420-0423): a task's agreed visit window and its on-site contact. */
export const taskAppointments = pgTable(
  'task_appointments',
  {
    task_id: uuid('task_id')
      .primaryKey()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    agreed_start: timestamptz('agreed_start'),
    agreed_end: timestamptz('agreed_end'),
    /** The calendar entry's SEQUENCE: one more on every change of the agreed window. */
    sequence: integer('sequence').notNull().default(0),
    onsite_name: text('onsite_name'),
    onsite_email: text('onsite_email'),
    onsite_phone: text('onsite_phone'),
    /** Part of the on-site link's signature: a new contact invalidates the old link. */
    onsite_token_version: integer('onsite_token_version').notNull().default(0),
    onsite_confirmed_at: timestamptz('onsite_confirmed_at'),
    created_at: timestamptz('created_at').notNull().defaultNow(),
    updated_at: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // The expert's upcoming visits and the reminders' scan read agreed windows by start.
    index('task_appointments_agreed_start_idx')
      .on(t.agreed_start)
      .where(sql`${t.agreed_start} is not null`),
  ],
);

/** One party's one to three windows: a first proposal, a counter, or a reschedule of the agreed window. */
export const appointmentProposals = pgTable(
  'appointment_proposals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    task_id: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    proposed_by: uuid('proposed_by')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    party: text('party', { enum: APPOINTMENT_PARTIES }).notNull(),
    kind: text('kind', { enum: PROPOSAL_KINDS }).notNull(),
    windows: jsonb('windows').$type<StoredWindow[]>().notNull(),
    reason: text('reason'),
    late: boolean('late').notNull().default(false),
    status: text('status', { enum: PROPOSAL_STATUSES }).notNull().default('pending'),
    created_at: timestamptz('created_at').notNull().defaultNow(),
    answered_at: timestamptz('answered_at'),
  },
  (t) => [
    // At most one open question per task: a second proposal supersedes the first in one transaction.
    uniqueIndex('appointment_proposals_one_pending')
      .on(t.task_id)
      .where(sql`${t.status} = 'pending'`),
    index('appointment_proposals_task_created_idx').on(t.task_id, t.created_at),
  ],
);

/** The timeline: every proposal, answer and change, in order. */
export const appointmentEvents = pgTable(
  'appointment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order: several events of one transaction share a timestamp. */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    task_id: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    party: text('party', { enum: APPOINTMENT_PARTIES }).notNull(),
    kind: text('kind', { enum: APPOINTMENT_EVENT_KINDS }).notNull(),
    proposal_id: uuid('proposal_id').references(() => appointmentProposals.id, { onDelete: 'set null' }),
    window_start: timestamptz('window_start'),
    window_end: timestamptz('window_end'),
    reason: text('reason'),
    late: boolean('late').notNull().default(false),
    created_at: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('appointment_events_task_seq_idx').on(t.task_id, t.seq)],
);

/**
 * A user's secret iCalendar feed (decision 0425): the URL is signed with the version, so a new link
 * (version + 1) or deleting the row revokes the old one.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  user_id: uuid('user_id')
    .primaryKey()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  version: integer('version').notNull().default(1),
  created_at: timestamptz('created_at').notNull().defaultNow(),
});
