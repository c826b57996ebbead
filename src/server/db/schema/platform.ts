import { boolean, index, integer, jsonb, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** One row, created by the first migration with the spec's defaults. */
export const systemSettings = pgTable('system_settings', {
  id: integer('id').primaryKey().default(1),
  platform_fee_percent: numeric('platform_fee_percent', { precision: 5, scale: 2, mode: 'number' })
    .notNull()
    .default(10),
  /** Integer cents. */
  min_task_price: integer('min_task_price').notNull().default(500),
  /** Integer cents. */
  max_task_price: integer('max_task_price').notNull().default(100000),
  maintenance_mode: boolean('maintenance_mode').notNull().default(false),
  footer_text: text('footer_text'),
  contact_email: text('contact_email'),
  tos_content: text('tos_content'),
  privacy_policy_content: text('privacy_policy_content'),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** What the embedded email, SMS and push adapters "sent", shown at /dev/outbox. */
export const devOutbox = pgTable(
  'dev_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel', { enum: ['email', 'sms', 'push'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    data: jsonb('data'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('dev_outbox_created_idx').on(t.created_at)],
);

/** Payment-provider webhook events, recorded once per event id. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  received_at: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Files kept by the local storage adapter's metadata: who may read them is decided by the owning module. */
export const storedFiles = pgTable('stored_files', {
  key: text('key').primaryKey(),
  content_type: text('content_type').notNull(),
  size: integer('size').notNull(),
  owner_id: uuid('owner_id'),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Who did what to whom, when: role changes, admin notifications, dispute steps, refunds. Written in the
 * transaction of the change it records (see modules/audit/audit.repository.ts).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The acting user; null for the system (timed jobs, webhooks). */
    actor_id: uuid('actor_id'),
    /** A dotted verb, e.g. `role.added`, `notification.sent`, `dispute.resolved`. */
    action: text('action').notNull(),
    /** What the action was done to: `user`, `task`, `transaction`, `settings`, ... */
    target_type: text('target_type').notNull(),
    target_id: text('target_id'),
    details: jsonb('details'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.created_at),
    index('audit_log_target_idx').on(t.target_type, t.target_id, t.created_at),
  ],
);
