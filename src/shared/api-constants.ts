// Issue 54 (decisions 0472, 0473): the API for businesses' constants, re-exported by constants.ts.

/**
 * Issue 54 (decision 0472): API keys and idempotent writes. A key's requests are counted per key in
 * fixed one-minute windows shared by every instance through the database.
 */
export const API_KEYS = {
  prefix: 'lek_live_',
  /** Characters of a key the list shows (the prefix and a few random ones): enough to tell keys apart. */
  shownChars: 12,
  maxPerUser: 20,
  nameMaxLength: 80,
  rateLimit: { max: 120, windowMs: 60_000 },
  /** last_used_at is written at most this often per key: a request costs no extra write in between. */
  lastUsedResolutionMs: 60_000,
} as const;

export const API_KEY_SCOPES = ['tasks:read', 'tasks:write', 'messages:write', 'reports:read'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const IDEMPOTENCY = {
  /** A stored answer is replayed for a day, then pruned by the daily clean-up. */
  retentionMs: 24 * 60 * 60 * 1000,
  /** A first request still "running" after this long died with its process: a retry may take its place. */
  abandonedAfterMs: 5 * 60 * 1000,
  maxKeyLength: 255,
} as const;

/**
 * Issue 54 (decision 0473): outbound webhooks. Each event a client's endpoint subscribes to is a
 * signed POST, retried with exponential backoff for up to `failAfterMs`; one delivery per endpoint
 * is in flight at a time, so an endpoint hears its events in order.
 */
export const WEBHOOK_EVENT_TYPES = [
  'task.created',
  'application.received',
  'task.assigned',
  'appointment.agreed',
  'evidence.submitted',
  'task.completed',
  'report.issued',
  'task.cancelled',
  'payment.captured',
  'payment.refunded',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOKS = {
  maxEndpointsPerUser: 10,
  urlMaxLength: 2048,
  descriptionMaxLength: 120,
  secretPrefix: 'whsec_',
  /** A receiver's answer must start within this long; a slower one counts as a failed attempt. */
  timeoutMs: 10_000,
  /** The first retry waits this long, each next one twice as long, up to `maxRetryDelayMs`. */
  firstRetryDelayMs: 60_000,
  maxRetryDelayMs: 6 * 60 * 60 * 1000,
  /** An endpoint whose deliveries have failed for this long is disabled and its owner emailed. */
  failAfterMs: 3 * 24 * 60 * 60 * 1000,
  /** After a secret is rolled, deliveries are signed with both secrets for this long. */
  secretOverlapMs: 24 * 60 * 60 * 1000,
  /** Receivers should refuse a signature older than this (documented; the product signs at send time). */
  toleranceSeconds: 300,
  /** How much of a receiver's answer the delivery log keeps. */
  answerExcerptChars: 500,
  deliveriesPageSize: 50,
} as const;
