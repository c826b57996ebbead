import type { Db } from '../../db/client';
import { enqueueJob } from '../../jobs/jobs.repository';

/**
 * Job kind of the on-site link (a person without an account: sent straight to their email or phone).
 * Enqueued here, by the visit's changes; sent by modules/onsite, which registers the handler.
 */
export const ONSITE_LINK_KIND = 'appointment-onsite-link';

/** Enqueues the link email for this contact version and agreed window: once per (version, sequence). */
export async function enqueueOnsiteLink(
  tx: Db,
  params: { taskId: string; version: number; sequence: number; now: Date; reminderHours?: number },
) {
  const reminder = params.reminderHours === undefined ? '' : `:reminder-${params.reminderHours}h`;
  await enqueueJob(tx, {
    kind: ONSITE_LINK_KIND,
    key: `${ONSITE_LINK_KIND}:${params.taskId}:${params.version}:${params.sequence}${reminder}`,
    runAt: params.now,
    payload: {
      taskId: params.taskId,
      version: params.version,
      sequence: params.sequence,
      reminderHours: params.reminderHours ?? null,
    },
    maxAttempts: 5,
  });
}
