import type { Db } from '../db/client';
import { sql } from 'drizzle-orm';

/** Job kinds of outbound delivery; the key `deliver:<channel>:<notificationId>` makes each go out once. */
export const DELIVERY_JOB_KINDS = { email: 'deliver-email', push: 'deliver-push' } as const;
export type DeliveryChannel = keyof typeof DELIVERY_JOB_KINDS;

/** Few attempts with the runner's back-off (30 s, 1, 2, 4 min): a mail hours late is worse than a visible failure. */
export const DELIVERY_MAX_ATTEMPTS = 5;

const DUE_NOW = new Date(0);

export const deliveryJobKey = (channel: DeliveryChannel, notificationId: string) => `deliver:${channel}:${notificationId}`;

/**
 * Enqueues one job per channel for each new notification, in the caller's transaction: the
 * notification and its deliveries commit together or not at all, and no instance can stop between
 * them. Whether a channel applies (preferences, a device, an address) is decided when the job runs.
 */
export async function enqueueDeliveries(db: Db, rows: Array<{ id: string; created_at: Date }>): Promise<void> {
  if (rows.length === 0) return;
  const values = rows.flatMap((row) =>
    (Object.keys(DELIVERY_JOB_KINDS) as DeliveryChannel[]).map((channel) => ({
      kind: DELIVERY_JOB_KINDS[channel],
      key: deliveryJobKey(channel, row.id),
      payload: { notificationId: row.id },
      // Due at once by any clock: the caller has no clock, and the test clock may lag the database's now().
      run_at: DUE_NOW,
      created_at: row.created_at,
      max_attempts: DELIVERY_MAX_ATTEMPTS,
    })),
  );
  // One JSON parameter per statement rather than seven per row: binding tens of thousands of parameters
  // cost more than the insert itself (a task alert to 10,000 experts). Chunks bound each statement's size.
  for (let start = 0; start < values.length; start += SET_CHUNK) {
    await db.execute(sql`
      insert into jobs (kind, key, payload, run_at, created_at, max_attempts)
      select x.kind, x.key, x.payload, x.run_at, x.created_at, x.max_attempts
      from jsonb_to_recordset(${JSON.stringify(values.slice(start, start + SET_CHUNK))}::jsonb)
        as x(kind text, key text, payload jsonb, run_at timestamptz, created_at timestamptz, max_attempts integer)
      on conflict (key) do nothing`);
  }
}

/** Rows per set-based statement (one JSON parameter each). */
export const SET_CHUNK = 5000;
