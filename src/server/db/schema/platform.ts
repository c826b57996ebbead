import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
  /** Hours the client has to review evidence before the payment is released automatically. */
  review_window_hours: integer('review_window_hours').notNull().default(72),
  /** The cancellation policy (issue 50, docs/decisions/0460): free until this many hours before the agreed start. */
  cancel_free_hours_before_start: integer('cancel_free_hours_before_start').notNull().default(24),
  /** Free for this many minutes after hiring. */
  cancel_free_minutes_after_hire: integer('cancel_free_minutes_after_hire').notNull().default(60),
  /** The call-out fee of a late client cancel: whole percent of the price, at least the minimum (cents). */
  callout_fee_percent: integer('callout_fee_percent').notNull().default(25),
  callout_fee_min_cents: integer('callout_fee_min_cents').notNull().default(1500),
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
    /** Insertion order: PGlite's clock ticks in milliseconds, so created_at alone can tie. */
    seq: bigint('seq', { mode: 'number' }).generatedByDefaultAsIdentity(),
  },
  (t) => [index('dev_outbox_created_idx').on(t.created_at, t.seq)],
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
    // The admin audit tab filters by action (issue 27, docs/decisions/0211).
    index('audit_log_action_idx').on(t.action, t.created_at),
  ],
);

/**
 * Durable timed work (reminders, hold expiry, auto-release): a table-driven queue claimed with
 * FOR UPDATE SKIP LOCKED, so it runs on PGlite and once across instances (docs/decisions/0110).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    /** Unique: enqueuing the same work twice keeps one row, so every job runs once. */
    key: text('key').notNull().unique(),
    payload: jsonb('payload').notNull().default({}),
    run_at: timestamp('run_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    max_attempts: integer('max_attempts').notNull().default(10),
    /** A worker's lease; a crashed worker's job is claimable again once it passes. */
    locked_until: timestamp('locked_until', { withTimezone: true }),
    last_error: text('last_error'),
    done_at: timestamp('done_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('jobs_due_idx').on(t.run_at).where(sql`${t.done_at} is null`),
    // Jobs that used up their attempts: the admin list of failed deliveries (issue 19).
    index('jobs_failed_idx').on(t.kind, t.created_at).where(sql`${t.done_at} is null and ${t.attempts} >= ${t.max_attempts}`),
  ],
);

/**
 * One row per run of the payment reconciler (docs/decisions/0440): the tasks with money in flight it
 * compared with the provider, the drift it found, what it repaired and what it left to an admin.
 */
export const paymentReconciliations = pgTable(
  'payment_reconciliations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    started_at: timestamp('started_at', { withTimezone: true }).notNull(),
    finished_at: timestamp('finished_at', { withTimezone: true }),
    tasks_checked: integer('tasks_checked').notNull().default(0),
    drift_found: integer('drift_found').notNull().default(0),
    repaired: integer('repaired').notNull().default(0),
    unresolved: integer('unresolved').notNull().default(0),
    findings: jsonb('findings').$type<ReconciliationFinding[]>().notNull().default([]),
    error: text('error'),
  },
  (t) => [index('payment_reconciliations_started_idx').on(t.started_at)],
);

/** One difference between the ledger and the provider, and what the reconciler did about it. */
export interface ReconciliationFinding {
  task_id: string;
  intent_id: string | null;
  kind: string;
  repaired: boolean;
  detail: string;
}
