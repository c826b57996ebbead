import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { expertProfiles, profiles } from './profiles';
// Relative imports: drizzle-kit loads this schema without the app's path aliases.
import {
  APPLICATION_STATUSES,
  FLAG_SEVERITIES,
  TASK_CATEGORIES,
  TASK_URGENCIES,
  TRANSACTION_STATUSES,
} from '../../../shared/domain/enums';
import { PAYMENT_STATUSES, TASK_STATUSES } from '../../../shared/domain/task-status';
import type { ChecklistItem } from '../../../shared/domain/checklist';

export const taskStatus = pgEnum('task_status', TASK_STATUSES);
export const paymentStatus = pgEnum('payment_status', PAYMENT_STATUSES);
export const taskCategory = pgEnum('task_category', TASK_CATEGORIES);
export const taskUrgency = pgEnum('task_urgency', TASK_URGENCIES);
export const applicationStatus = pgEnum('application_status', APPLICATION_STATUSES);
export const flagSeverity = pgEnum('flag_severity', FLAG_SEVERITIES);

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    requirements: text('requirements').notNull().default(''),
    category: taskCategory('category').notNull().default('general'),
    urgency: taskUrgency('urgency').notNull().default('low'),
    /** Integer cents. */
    budget: integer('budget').notNull(),
    due_date: timestamptz('due_date'),
    location: text('location').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    /** The IANA zone of the coordinates (issue 49, decision 0420); null only until the runner backfills it. */
    time_zone: text('time_zone'),
    status: taskStatus('status').notNull().default('open'),
    payment_status: paymentStatus('payment_status').notNull().default('unpaid'),
    client_id: uuid('client_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    expert_id: uuid('expert_id').references(() => expertProfiles.id, { onDelete: 'set null' }),
    stripe_payment_intent_id: text('stripe_payment_intent_id'),
    stripe_payment_method_id: text('stripe_payment_method_id'),
    authorization_hold_expires_at: timestamptz('authorization_hold_expires_at'),
    client_capture_authorized_at: timestamptz('client_capture_authorized_at'),
    /** Storage keys of the evidence files, served through an authorized endpoint. */
    evidence_files: text('evidence_files').array().notNull().default(sql`'{}'::text[]`),
    completion_notes: text('completion_notes'),
    /** The evidence checklist (shared/domain/checklist.ts); null: the free photo upload of older tasks. */
    checklist: jsonb('checklist').$type<ChecklistItem[]>(),
    submitted_at: timestamptz('submitted_at'),
    started_at: timestamptz('started_at'),
    assigned_at: timestamptz('assigned_at'),
    published_at: timestamptz('published_at'),
    completed_at: timestamptz('completed_at'),
    cancelled_at: timestamptz('cancelled_at'),
    /** When the client's silence releases the payment (set on evidence submission; docs/decisions/0112). */
    review_window_ends_at: timestamptz('review_window_ends_at'),
    created_at: timestamptz('created_at').notNull().defaultNow(),
    updated_at: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('tasks_client_created_idx').on(t.client_id, t.created_at),
    index('tasks_expert_created_idx').on(t.expert_id, t.created_at),
    // The public profile's completed count and the success rate read only the expert's ended tasks.
    index('tasks_expert_ended_idx')
      .on(t.expert_id, t.status)
      .where(sql`${t.status} in ('completed', 'verified', 'cancelled')`),
    index('tasks_status_created_idx').on(t.status, t.created_at),
    index('tasks_created_at_idx').on(t.created_at),
    // The admin task list's search by title, a case-insensitive match anywhere (issue 52, migration 0041).
    index('tasks_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    // Admin aggregates (status counts, series by created_at) read this index alone.
    index('tasks_created_status_idx').on(t.created_at, t.status),
    // The expert task list: open tasks inside a lat/lng box, newest first.
    index('tasks_open_lat_lng_idx').on(t.latitude, t.longitude).where(sql`${t.status} = 'open'`),
    // The expert task list's newest-first walk of open tasks (openTasksPageQuery), read in its own order
    // and stopped after the page. client_id, latitude and longitude are in the key only so the walk is
    // an index-only scan (drizzle has no INCLUDE): without them the planner kept walking
    // tasks_created_at_idx, reading every task of any status and sorting each run of equal created_at
    // by id (24,001 rows for a page of 50 on the load test's data; migration 0053).
    index('tasks_open_created_idx')
      .on(t.created_at, t.id, t.client_id, t.latitude, t.longitude)
      .where(sql`${t.status} = 'open'`),
    // The timed-work scans: live holds by deadline, reviews by the end of their window.
    index('tasks_hold_expiry_idx')
      .on(t.authorization_hold_expires_at)
      .where(sql`${t.payment_status} = 'authorized'`),
    // Rows older than the time_zone column, for the runner's backfill (decision 0420).
    index('tasks_time_zone_missing_idx').on(t.created_at).where(sql`${t.time_zone} is null`),
    index('tasks_review_window_idx')
      .on(t.review_window_ends_at)
      .where(sql`${t.status} = 'pending_approval'`),
    // The payment reconciler's scan of money in flight (migration 0033).
    index('tasks_money_in_flight_idx')
      .on(t.payment_status)
      .where(sql`${t.payment_status} in ('pending', 'authorized')`),
  ],
);

export const taskApplications = pgTable(
  'task_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    task_id: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    expert_id: uuid('expert_id')
      .notNull()
      .references(() => expertProfiles.id, { onDelete: 'cascade' }),
    status: applicationStatus('status').notNull().default('pending'),
    /** Integer cents. */
    proposed_rate: integer('proposed_rate').notNull(),
    notes: text('notes').notNull(),
    created_at: timestamptz('created_at').notNull().defaultNow(),
    updated_at: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // One application per expert and task: the race-safe "apply once" rule.
    unique('task_applications_task_expert_unique').on(t.task_id, t.expert_id),
    index('task_applications_expert_idx').on(t.expert_id, t.created_at),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    task_id: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    reviewee_id: uuid('reviewee_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    reviewer_id: uuid('reviewer_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    comment: text('comment').notNull(),
    created_at: timestamptz('created_at').notNull().defaultNow(),
    /**
     * Issue 23, double-blind (docs/decisions/0260): set while the review waits for the expert's review
     * or the window end; null once revealed. Hidden reviews count nowhere (average, list, badges).
     */
    hidden_until: timestamptz('hidden_until'),
    /** Issue 23: an admin hid the reported review (docs/decisions/0262); null when shown. */
    removed_at: timestamptz('removed_at'),
    removed_reason: text('removed_reason'),
  },
  (t) => [
    // One review per task by its client: parallel submissions write once.
    unique('reviews_task_reviewer_unique').on(t.task_id, t.reviewer_id),
    // The window-end sweep finds the hidden reviews that are due.
    index('reviews_hidden_until_idx')
      .on(t.hidden_until)
      .where(sql`${t.hidden_until} is not null`),
    index('reviews_reviewee_created_idx').on(t.reviewee_id, t.created_at),
    // The public profile's aggregates (count, average, positive count) read this index alone.
    index('reviews_reviewee_rating_idx').on(t.reviewee_id, t.rating),
  ],
);

export const clientFlags = pgTable(
  'client_flags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    expert_id: uuid('expert_id')
      .notNull()
      .references(() => expertProfiles.id, { onDelete: 'cascade' }),
    client_id: uuid('client_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    task_id: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    severity: flagSeverity('severity').notNull().default('warning'),
    created_at: timestamptz('created_at').notNull().defaultNow(),
  },
  // One report per expert per task: the unique index client_flags_task_expert_unique lives in a custom
  // migration, which first folds earlier duplicates.
  (t) => [
    index('client_flags_client_idx').on(t.client_id),
    index('client_flags_task_idx').on(t.task_id),
    // The admin list of client reports, newest first.
    index('client_flags_created_idx').on(t.created_at),
  ],
);

export const transactionStatus = pgEnum('transaction_status', TRANSACTION_STATUSES);

export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    task_id: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    /** Integer cents. */
    amount: integer('amount').notNull(),
    /** Integer cents. */
    platform_fee: integer('platform_fee').notNull(),
    /** The platform fee percentage in force when the hold was made; captures and refunds use it. */
    platform_fee_percent: numeric('platform_fee_percent', { precision: 5, scale: 2, mode: 'number' })
      .notNull()
      .default(10),
    status: transactionStatus('status').notNull(),
    /** Integer cents refunded after capture (partial or full refunds). */
    amount_refunded: integer('amount_refunded').notNull().default(0),
    stripe_payment_intent_id: text('stripe_payment_intent_id'),
    created_at: timestamptz('created_at').notNull().defaultNow(),
    updated_at: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('transactions_created_idx').on(t.created_at),
    index('transactions_status_created_idx').on(t.status, t.created_at),
    index('transactions_task_idx').on(t.task_id),
  ],
);

/** Every call made to the payment provider, keyed by its idempotency key. */
export const paymentActions = pgTable(
  'payment_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    task_id: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    action: text('action', {
      enum: ['create_intent', 'confirm_authorization', 'capture', 'cancel_hold', 'reauthorize', 'reauthorize_intent', 'refund'],
    }).notNull(),
    idempotency_key: text('idempotency_key').notNull().unique(),
    status: text('status', { enum: ['started', 'succeeded', 'failed'] }).notNull(),
    stripe_payment_intent_id: text('stripe_payment_intent_id'),
    amount: integer('amount'),
    reason: text('reason'),
    error: text('error'),
    data: jsonb('data'),
    created_at: timestamptz('created_at').notNull().defaultNow(),
    updated_at: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('payment_actions_task_idx').on(t.task_id, t.created_at),
    // The payment reconciler's scan of recent payment calls (migration 0033).
    index('payment_actions_updated_idx').on(t.updated_at),
  ],
);

export const DISPUTE_STATUSES = ['open', 'resubmitted', 'resolved'] as const;
export const DISPUTE_RESOLUTIONS = ['release', 'refund', 'partial', 'expert_accepted', 'client_confirmed'] as const;

/** A rejected delivery: the client's reason, the expert's one resubmission, the admin's ruling. */
export const disputes = pgTable(
  'disputes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    task_id: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    opened_by: uuid('opened_by').notNull(),
    reason: text('reason').notNull(),
    request_changes: integer('request_changes').notNull().default(0),
    status: text('status', { enum: DISPUTE_STATUSES }).notNull().default('open'),
    resolution: text('resolution', { enum: DISPUTE_RESOLUTIONS }),
    /** Integer cents captured by the resolution (partial or full); null when nothing was captured. */
    captured_amount: integer('captured_amount'),
    resolution_note: text('resolution_note'),
    resolved_by: uuid('resolved_by'),
    resubmitted_at: timestamptz('resubmitted_at'),
    resolved_at: timestamptz('resolved_at'),
    created_at: timestamptz('created_at').notNull().defaultNow(),
    updated_at: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('disputes_status_created_idx').on(t.status, t.created_at),
    index('disputes_task_idx').on(t.task_id, t.created_at),
  ],
);
