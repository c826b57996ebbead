import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The embedded verification provider's checks (a stand-in for the real provider's verification
 * sessions): created by the server, decided on the provider's own hosted page.
 */
export const localVerificationSessions = pgTable(
  'local_verification_sessions',
  {
    id: text('id').primaryKey(),
    /** Repeating a start with the same key answers the same session, like the real provider. */
    idempotency_key: text('idempotency_key').notNull().unique(),
    expert_id: text('expert_id').notNull(),
    level: text('level').notNull(),
    /** requires_input (waiting for the person), verified, rejected, canceled. */
    status: text('status').notNull().default('requires_input'),
    return_url: text('return_url').notNull(),
    consented_at: timestamp('consented_at', { withTimezone: true }),
    decided_at: timestamp('decided_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('local_verification_sessions_expert_idx').on(t.expert_id)],
);
