import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * One row per phone verification code actually handed to the SMS provider: the per-number and
 * per-address limits count these (docs/decisions/0030). Rows older than a day are never read again.
 */
export const phoneCodeSends = pgTable(
  'phone_code_sends',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    phone_number: text('phone_number').notNull(),
    /** The caller's address as the server resolved it; null for in-process calls without a socket. */
    client_ip: text('client_ip'),
    user_id: uuid('user_id'),
    sent_at: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('phone_code_sends_number_sent_idx').on(t.phone_number, t.sent_at),
    index('phone_code_sends_ip_sent_idx').on(t.client_ip, t.sent_at),
  ],
);
