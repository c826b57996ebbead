import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { profiles } from './profiles';
import { tasks } from './tasks';

/**
 * A user's switch for one category on one channel (issue 19). No row means on: only the choices a
 * user made are stored.
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    user_id: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    channel: text('channel').notNull(),
    enabled: boolean('enabled').notNull(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.category, t.channel] })],
);

/**
 * An expert's task alerts (issue 19): off until they turn them on; radius (at most the product's
 * 100 miles), the categories they want (empty = all) and the smallest budget, in cents.
 */
export const taskAlertSettings = pgTable(
  'task_alert_settings',
  {
    user_id: uuid('user_id')
      .primaryKey()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(false),
    radius_miles: integer('radius_miles').notNull().default(100),
    categories: text('categories').array().notNull().default(sql`'{}'::text[]`),
    min_budget: integer('min_budget').notNull().default(0),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The fan-out joins the payable experts near a task to the few who turned alerts on.
  (t) => [index('task_alert_settings_enabled_idx').on(t.user_id).where(sql`${t.enabled} = true`)],
);

/**
 * One row per expert and task they were told of: the primary key makes "at most once per task",
 * and the (expert, created_at) index counts their alerts of the last hour for the hourly cap.
 * `instant` = false rows wait for the hour's digest, which sets `digested_at`.
 */
export const taskAlerts = pgTable(
  'task_alerts',
  {
    expert_id: uuid('expert_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    task_id: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    instant: boolean('instant').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull(),
    digested_at: timestamp('digested_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.expert_id, t.task_id] }),
    index('task_alerts_expert_created_idx').on(t.expert_id, t.created_at),
    index('task_alerts_task_idx').on(t.task_id),
  ],
);

/**
 * A browser's Push API subscription (issue 19, decision 0223). The endpoint is unique: one browser
 * profile belongs to whoever subscribed last in it. Removed when the push service answers 404/410.
 */
export const webPushSubscriptions = pgTable(
  'web_push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    user_agent: text('user_agent'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Delivery reads one user's subscriptions for each push.
  (t) => [index('web_push_subscriptions_user_idx').on(t.user_id)],
);
