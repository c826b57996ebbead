import { sql } from 'drizzle-orm';
import { doublePrecision, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
