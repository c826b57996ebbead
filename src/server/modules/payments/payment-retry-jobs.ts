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

export type RetryPayload = {
  taskId: string;
  intentId: string;
  reason?: CancelHoldReason;
  /** A partial capture (a dispute settled in part): the amount and its platform fee, integer cents. */
  amount?: number;
  fee?: number;
};

/**
 * The outbox (docs/decisions/0440): a state change that needs money to move writes its job in the
 * same transaction, due this long after it. The request that made the change calls the provider at
 * once for a fast answer; the job is what makes it happen when that request dies (a crash, a kill,
 * a lost connection), and it finds the work done otherwise. The head start keeps the runner from
 * racing the request on every confirmation; a race is harmless (the same idempotency key).
 */
export const OUTBOX_HEAD_START_MS = 15_000;

/**
 * The capture of a hold the client (or auto-release, or a dispute's resolution) approved: written with
 * the change, retried until it works or the hold lapses (hold_lapse then settles it). Keyed by the
 * intent, so it exists once whoever writes it.
 */
export async function enqueueCaptureRetry(
  db: Db,
  params: { taskId: string; intentId: string; now: Date; amount?: number; fee?: number; delayMs?: number },
): Promise<boolean> {
  return enqueueJob(db, {
    kind: RETRY_JOB_KINDS.capture,
    key: `${RETRY_JOB_KINDS.capture}:${params.intentId}`,
    runAt: new Date(params.now.getTime() + (params.delayMs ?? retryDelayMs(1))),
    payload: {
      taskId: params.taskId,
      intentId: params.intentId,
      ...(params.amount === undefined ? {} : { amount: params.amount, fee: params.fee }),
    },
    maxAttempts: MAX_RETRY_ATTEMPTS,
  });
}

/**
 * The void of a hold that must be released (a cancellation, a decline, an accepted rejection, a
 * replaced hold): written with the change, retried until the provider answers. Keyed by the intent.
 */
export async function enqueueVoidRetry(
  db: Db,
  params: { taskId: string; intentId: string; reason: CancelHoldReason; now: Date; delayMs?: number },
): Promise<boolean> {
  return enqueueJob(db, {
    kind: RETRY_JOB_KINDS.void,
    key: `${RETRY_JOB_KINDS.void}:${params.intentId}`,
    runAt: new Date(params.now.getTime() + (params.delayMs ?? retryDelayMs(1))),
    payload: { taskId: params.taskId, intentId: params.intentId, reason: params.reason },
    maxAttempts: MAX_RETRY_ATTEMPTS,
  });
}
