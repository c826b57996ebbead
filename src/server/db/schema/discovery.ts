import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { expertProfiles, profiles } from './profiles';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Issue 23: a client whose place has no payable expert within 100 miles keeps their task draft here.
 * A trigger on expert_profiles (migration 0015_discovery.sql, docs/decisions/0182) marks the entries
 * within 100 miles of an expert who becomes payable there, once (notified_at), and writes the
 * client's notification in the same transaction.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    client_id: uuid('client_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    location: text('location').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    /** The task form as the client left it (title, description, category, ...). */
    draft: jsonb('draft').notNull(),
    created_at: timestamptz('created_at').notNull().defaultNow(),
    updated_at: timestamptz('updated_at').notNull().defaultNow(),
    notified_at: timestamptz('notified_at'),
    notified_expert_id: uuid('notified_expert_id').references(() => expertProfiles.id, { onDelete: 'set null' }),
    restored_at: timestamptz('restored_at'),
  },
  (t) => [
    // One waiting entry per client and place: joining again refreshes the draft.
    uniqueIndex('waitlist_entries_waiting_unique')
      .on(t.client_id, t.location)
      .where(sql`${t.notified_at} is null`),
    index('waitlist_entries_client_created_idx').on(t.client_id, t.created_at),
    // The admin demand report groups the waiting entries by place.
    index('waitlist_entries_waiting_location_idx')
      .on(t.location, t.created_at)
      .where(sql`${t.notified_at} is null`),
  ],
);

/**
 * Issue 23: the assigned expert's review of the client (two-way reviews, docs/decisions/0183). Kept
 * apart from `reviews` (the client's review of the expert) so the expert's running average, list and
 * badges read exactly what they read before.
 */
export const clientReviews = pgTable(
  'client_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    task_id: uuid('task_id').notNull(),
    expert_id: uuid('expert_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    client_id: uuid('client_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    comment: text('comment').notNull(),
    created_at: timestamptz('created_at').notNull().defaultNow(),
    /** An admin hid the reported review (docs/decisions/0262); null when shown. */
    removed_at: timestamptz('removed_at'),
    removed_reason: text('removed_reason'),
  },
  (t) => [
    // One review of the client per task: parallel submissions write once.
    uniqueIndex('client_reviews_task_unique').on(t.task_id),
    // The client card's average and count.
    index('client_reviews_client_created_idx').on(t.client_id, t.created_at),
  ],
);

/** A review (of either kind) reported to the admins. */
export const reviewReports = pgTable(
  'review_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    review_id: uuid('review_id').notNull(),
    review_kind: text('review_kind', { enum: ['expert', 'client'] }).notNull(),
    reporter_id: uuid('reporter_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    created_at: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('review_reports_review_reporter_unique').on(t.review_id, t.reporter_id),
    index('review_reports_created_idx').on(t.created_at),
  ],
);
