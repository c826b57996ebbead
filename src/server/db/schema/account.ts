import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { profiles } from './profiles';

export const DATA_EXPORT_STATUSES = ['pending', 'ready', 'failed'] as const;

/**
 * A user's "export my data" requests (issue 22, docs/privacy.md): built by a job into one archive
 * in file storage, downloadable by its owner until `expires_at`, then removed.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    status: text('status', { enum: DATA_EXPORT_STATUSES }).notNull().default('pending'),
    /** The archive's storage key once built; null again after it expired and was removed. */
    storage_key: text('storage_key'),
    size: integer('size'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    ready_at: timestamp('ready_at', { withTimezone: true }),
    expires_at: timestamp('expires_at', { withTimezone: true }),
  },
  // The owner's list, newest first, and the once-a-day limit read this index.
  (t) => [index('data_exports_user_created_idx').on(t.user_id, t.created_at)],
);
