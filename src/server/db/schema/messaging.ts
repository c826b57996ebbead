import { bigint, boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { profiles } from './profiles';
import { tasks } from './tasks';
// Relative import: drizzle-kit loads this schema without the app's path aliases.
import { NOTIFICATION_TYPES } from '../../../shared/domain/enums';

/** The spec's notification types (one list, shared with the web). */
export const notificationTypes = NOTIFICATION_TYPES;

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    type: text('type', { enum: notificationTypes }).notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    task_id: uuid('task_id').references(() => tasks.id, { onDelete: 'cascade' }),
    data: jsonb('data'),
    read: boolean('read').notNull().default(false),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set by the one instance that claimed the push delivery of this row (conditional update). */
    push_sent_at: timestamp('push_sent_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_read_created_idx').on(t.user_id, t.read, t.created_at),
    index('notifications_created_idx').on(t.created_at),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    task_id: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    sender_id: uuid('sender_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    receiver_id: uuid('receiver_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    is_file: boolean('is_file').notNull().default(false),
    attachment_url: text('attachment_url'),
    read: boolean('read').notNull().default(false),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Insertion order. Two messages can share a millisecond, and a random uuid would then order them at random;
     * this breaks such ties the way they were sent.
     */
    seq: bigint('seq', { mode: 'number' }).generatedByDefaultAsIdentity(),
  },
  (t) => [
    index('messages_task_created_idx').on(t.task_id, t.created_at, t.seq),
    index('messages_receiver_read_idx').on(t.receiver_id, t.read),
  ],
);
