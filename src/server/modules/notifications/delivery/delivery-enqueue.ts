import type { Db } from '../../../db/client';
import { enqueueJobs } from '../../../jobs/jobs.repository';

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
  // Set-based, a statement per chunk whatever the fan-out (jobs.repository.ts, enqueueJobs).
  await enqueueJobs(
    db,
    rows.flatMap((row) =>
      (Object.keys(DELIVERY_JOB_KINDS) as DeliveryChannel[]).map((channel) => ({
        kind: DELIVERY_JOB_KINDS[channel],
        key: deliveryJobKey(channel, row.id),
        payload: { notificationId: row.id },
        // Due at once by any clock: the caller has no clock, and the test clock may lag the database's now().
        runAt: DUE_NOW,
        createdAt: row.created_at,
        maxAttempts: DELIVERY_MAX_ATTEMPTS,
      })),
    ),
  );
}

/** Notifications per set-based statement (one JSON parameter each; insertNotifications). */
export const SET_CHUNK = 5000;
