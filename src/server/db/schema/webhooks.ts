import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { authUsers } from './auth';

// Issue 54 (decision 0473): outbound webhooks. Events are written by database triggers in the
// transaction of the change they announce (migration 0052), so no code path that changes a task can
// forget one and a crash never loses one.

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description'),
    events: text('events').array().notNull(),
    /** Signs every delivery (HMAC-SHA256); needed in clear to sign, shown to the owner once. */
    secret: text('secret').notNull(),
    /** The secret before the last roll, which also signs until previous_secret_expires_at. */
    previous_secret: text('previous_secret'),
    previous_secret_expires_at: timestamptz('previous_secret_expires_at'),
    disabled_at: timestamptz('disabled_at'),
    disabled_reason: text('disabled_reason', { enum: ['owner', 'failing'] }),
    /** The first failed attempt since the last delivered one: 3 days of failing disables the endpoint. */
    failing_since: timestamptz('failing_since'),
    created_at: timestamptz('created_at').notNull(),
    updated_at: timestamptz('updated_at').notNull(),
  },
  // The triggers ask, for every task change, whether the client has an enabled endpoint.
  (t) => [index('webhook_endpoints_user_idx').on(t.user_id).where(sql`${t.disabled_at} is null`)],
);

/** One thing that happened, for one client; `payload` is the body every endpoint receives. */
export const outboundEvents = pgTable(
  'outbound_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    /** What the event is about: 'task', 'application', 'appointment', 'report' or 'receipt', and its id. */
    subject_kind: text('subject_kind').notNull(),
    subject_id: uuid('subject_id').notNull(),
    task_id: uuid('task_id'),
    /** The body sent, built once by the prepare job (the object as the API showed it to the client then). */
    payload: jsonb('payload'),
    created_at: timestamptz('created_at').notNull().defaultNow(),
  },
  // The daily clean-up deletes events older than 30 days (their deliveries go with them).
  (t) => [index('outbound_events_created_idx').on(t.created_at)],
);

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The endpoint's queue order: deliveries are sent one at a time, lowest first. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    endpoint_id: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    event_id: uuid('event_id')
      .notNull()
      .references(() => outboundEvents.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    response_status: integer('response_status'),
    last_error: text('last_error'),
    last_attempt_at: timestamptz('last_attempt_at'),
    next_attempt_at: timestamptz('next_attempt_at'),
    /** Held by the job sending it: two jobs for one delivery never send it twice at once. */
    locked_until: timestamptz('locked_until'),
    delivered_at: timestamptz('delivered_at'),
    created_at: timestamptz('created_at').notNull(),
  },
  (t) => [
    // The head of an endpoint's queue, and its log, newest first.
    index('webhook_deliveries_pending_idx').on(t.endpoint_id, t.seq).where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_endpoint_seq_idx').on(t.endpoint_id, t.seq.desc()),
    index('webhook_deliveries_event_idx').on(t.event_id),
  ],
);
