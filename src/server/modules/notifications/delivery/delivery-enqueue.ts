import { sql, type SQL } from 'drizzle-orm';

/** Job kinds of outbound delivery; the key `deliver:<channel>:<notificationId>` makes each go out once. */
export const DELIVERY_JOB_KINDS = { email: 'deliver-email', push: 'deliver-push' } as const;
export type DeliveryChannel = keyof typeof DELIVERY_JOB_KINDS;

/** Few attempts with the runner's back-off (30 s, 1, 2, 4 min): a mail hours late is worse than a visible failure. */
export const DELIVERY_MAX_ATTEMPTS = 5;

export const deliveryJobKey = (channel: DeliveryChannel, notificationId: string) => `deliver:${channel}:${notificationId}`;

/**
 * The deliveries of the notifications a statement inserts, as that statement's tail: one job per
 * channel for each row of the CTE `source` (id, created_at; `inserted` by default), in the same
 * statement and so in the caller's transaction. The notification and its deliveries commit together
 * or not at all, no instance can stop between them, and it costs no round trip of its own (issue 55).
 * Whether a channel applies (preferences, a device, an address) is decided when the job runs. Due at
 * once by any clock (the epoch): the caller has no clock, and the test clock may lag the database's now().
 */
export function deliveriesOfInserted(source = 'inserted'): SQL {
  const channels = (Object.keys(DELIVERY_JOB_KINDS) as DeliveryChannel[]).map(
    (channel) => sql`(${DELIVERY_JOB_KINDS[channel]}::text, ${channel}::text)`,
  );
  const from = sql.identifier(source);
  return sql`
    insert into jobs (kind, key, payload, run_at, created_at, max_attempts)
    select channel.kind, 'deliver:' || channel.name || ':' || ${from}.id::text, jsonb_build_object('notificationId', ${from}.id),
      'epoch'::timestamptz, ${from}.created_at, ${DELIVERY_MAX_ATTEMPTS}::int
    from ${from} cross join (values ${sql.join(channels, sql`, `)}) as channel(kind, name)
    on conflict (key) do nothing`;
}

/** Notifications per set-based statement (one JSON parameter each; insertNotifications). */
export const SET_CHUNK = 5000;
