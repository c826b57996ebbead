import type { CancelHoldReason } from '@shared/domain/enums';
import type { Db } from '../../db/client';
import { enqueueJob } from '../../jobs/jobs.repository';
import { retryDelayMs } from '../../jobs/runner';

// The retry jobs of a failed capture or void, as the callers that failed enqueue them (tasks, disputes).
// Their handlers are holds/payment-retries.ts; these sit in payments, below both, so that tasks never
// import holds (docs/decisions/0322).

export const RETRY_JOB_KINDS = { capture: 'capture_retry', void: 'void_retry', refund: 'refund_retry' } as const;
/** The call that made the retry job failed once already: the job's second failure is the third in a row. */
export const ALERT_AFTER_FAILURES = 2;
/**
 * The runner's back-off doubles from 30 s to an hour, so these are about hourly tries. A capture
 * stops by itself at the hold's deadline (7 days at most); a void is tried about 8 days, past which
 * the provider has released every hold anyway.
 */
export const MAX_RETRY_ATTEMPTS = 200;

export type RetryPayload = { taskId: string; intentId: string; reason?: CancelHoldReason };

/** After a failed capture at confirmation: retried until it works or the hold lapses (hold_lapse then settles it). */
export async function enqueueCaptureRetry(db: Db, params: { taskId: string; intentId: string; now: Date }): Promise<boolean> {
  return enqueueJob(db, {
    kind: RETRY_JOB_KINDS.capture,
    key: `${RETRY_JOB_KINDS.capture}:${params.intentId}`,
    runAt: new Date(params.now.getTime() + retryDelayMs(1)),
    payload: { taskId: params.taskId, intentId: params.intentId },
    maxAttempts: MAX_RETRY_ATTEMPTS,
  });
}

/** After a failed void (a cancellation, an accepted rejection): the hold is released as soon as the provider answers. */
export async function enqueueVoidRetry(
  db: Db,
  params: { taskId: string; intentId: string; reason: CancelHoldReason; now: Date },
): Promise<boolean> {
  return enqueueJob(db, {
    kind: RETRY_JOB_KINDS.void,
    key: `${RETRY_JOB_KINDS.void}:${params.intentId}`,
    runAt: new Date(params.now.getTime() + retryDelayMs(1)),
    payload: { taskId: params.taskId, intentId: params.intentId, reason: params.reason },
    maxAttempts: MAX_RETRY_ATTEMPTS,
  });
}
