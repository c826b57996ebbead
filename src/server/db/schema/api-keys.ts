import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { authUsers } from './auth';

// Issue 54 (decision 0472): API keys (their SHA-256 hash only) and the answers of idempotent writes.

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The key's first characters, shown on the list so its owner can tell keys apart. */
    prefix: text('prefix').notNull(),
    /** Hex SHA-256 of the whole key: the key itself is never stored. */
    key_hash: text('key_hash').notNull(),
    scopes: text('scopes').array().notNull(),
    expires_at: timestamptz('expires_at'),
    revoked_at: timestamptz('revoked_at'),
    last_used_at: timestamptz('last_used_at'),
    /** The per-key rate limit's fixed window: its start and the requests counted in it (every instance shares them). */
    window_start: timestamptz('window_start'),
    window_count: integer('window_count').notNull().default(0),
    created_at: timestamptz('created_at').notNull(),
  },
  (t) => [uniqueIndex('api_keys_key_hash_unique').on(t.key_hash), index('api_keys_user_idx').on(t.user_id, t.created_at)],
);

export const IDEMPOTENCY_STATES = ['running', 'done'] as const;

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Who sent it: a user's id (session or key). The same header value of two callers never meets. */
    caller: text('caller').notNull(),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    /** Hex SHA-256 of the raw body bytes (JSON or multipart alike). */
    body_hash: text('body_hash').notNull(),
    state: text('state', { enum: IDEMPOTENCY_STATES }).notNull().default('running'),
    status: integer('status'),
    content_type: text('content_type'),
    body: text('body'),
    created_at: timestamptz('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('idempotency_keys_caller_key_unique').on(t.caller, t.key),
    // The daily clean-up deletes by age.
    index('idempotency_keys_created_idx').on(t.created_at),
  ],
);
