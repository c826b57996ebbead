import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import type { CancelHoldReason } from '@shared/domain/enums';
import type { Db } from '../../db/client';
import { enqueueJob, type JobRow } from '../../jobs/jobs.repository';
import { retryDelayMs, type JobHandler } from '../../jobs/runner';
import { errorField, log } from '../../ops/logger';
import { insertNotifications } from '../notifications/notifications.repository';
import { adminIds, findTaskRow } from './holds.repository';
import type { MoneyJobDeps } from './hold-jobs';
import { moneyNotification } from './money-notifications';

/**
 * No money waits for a person (docs/decisions/0164): a capture, a void or a refund (disputes/refund-retries.ts) that the provider refused
 * becomes a keyed job, retried with the runner's back-off; the payment action's idempotency key
 * keeps a retry from charging twice. Admins hear of it after ALERT_AFTER_FAILURES failures (System
 * tab and email) and again when the job gives up.
 */
export const RETRY_JOB_KINDS = { capture: 'capture_retry', void: 'void_retry', refund: 'refund_retry' } as const;
/** The call that made the retry job failed once already: the job's second failure is the third in a row. */
export const ALERT_AFTER_FAILURES = 2;
/**
 * The runner's back-off doubles from 30 s to an hour, so these are about hourly tries. A capture
 * stops by itself at the hold's deadline (7 days at most); a void is tried about 8 days, past which
 * the provider has released every hold anyway.
 */
export const MAX_RETRY_ATTEMPTS = 200;

type RetryPayload = { taskId: string; intentId: string; reason?: CancelHoldReason };

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

export interface RetryAlertDeps {
  db: Db;
  clock: MoneyJobDeps['clock'];
}

/**
 * Tells every admin that a money job keeps failing (or gave up): a `payment_retry_failing`
 * notification, whose email the delivery jobs send whatever the preferences (a mandatory type).
 */
export async function alertAdmins(deps: RetryAlertDeps, job: JobRow, error: string, gaveUp: boolean): Promise<void> {
  const { taskId } = job.payload as RetryPayload;
  const task = await findTaskRow(deps.db, taskId);
  if (!task) return;
  const now = deps.clock.now();
  const m = messages.operations;
  const action = job.kind === RETRY_JOB_KINDS.void ? m.actionVoid : job.kind === RETRY_JOB_KINDS.refund ? m.actionRefund : m.actionCapture;
  const deadline = task.authorization_hold_expires_at?.toISOString() ?? '-';
  const title = gaveUp ? m.retryGaveUpTitle : m.retryFailingTitle;
  const text = format(gaveUp ? m.retryGaveUpMessage : m.retryFailingMessage, {
    action,
    title: task.title,
    attempts: job.attempts,
    error: error.slice(0, 200),
    deadline,
  });
  const admins = await adminIds(deps.db);
  if (admins.length === 0) return;
  await insertNotifications(
    deps.db,
    admins.map((to) => moneyNotification(to, 'payment_retry_failing', title, text, task, now, { job_id: job.id, job_kind: job.kind })),
  );
}

/** The money jobs whose failures admins hear about: the retries, auto-release and the void of a replaced hold. */
export const ALERTED_JOB_KINDS = new Set<string>([
  RETRY_JOB_KINDS.capture,
  RETRY_JOB_KINDS.void,
  RETRY_JOB_KINDS.refund,
  'auto_release',
  'void_replaced_hold',
]);

/** Wraps a handler so that its ALERT_AFTER_FAILURES-th failure alerts admins (the error still fails the job). */
export function alertingOnRepeatedFailure(handler: JobHandler, deps: RetryAlertDeps): JobHandler {
  return async (job) => {
    try {
      await handler(job);
    } catch (error) {
      if (job.attempts === ALERT_AFTER_FAILURES && job.attempts < job.max_attempts) {
        await alertAdmins(deps, job, error instanceof Error ? error.message : String(error), false).catch((alertError: unknown) =>
          log.error({ err: errorField(alertError), jobId: job.id }, 'admin alert failed'),
        );
      }
      throw error;
    }
  };
}

export function createPaymentRetryHandlers(deps: MoneyJobDeps): Record<string, JobHandler> {
  const { db, clock, payments } = deps;

  const captureRetry: JobHandler = async (job) => {
    const { taskId, intentId } = job.payload as RetryPayload;
    const task = await findTaskRow(db, taskId);
    // Settled some other way meanwhile (captured, refunded, replaced hold): nothing left to do.
    if (!task || task.stripe_payment_intent_id !== intentId || task.payment_status !== 'authorized' || task.status !== 'verified') return;
    // Past the deadline the provider has released the hold: hold_lapse gives the task its clear state.
    if (task.authorization_hold_expires_at && task.authorization_hold_expires_at <= clock.now()) return;
    const result = await payments.capture(task);
    if (!result.success) throw new Error(result.error ?? 'capture failed');
  };

  const voidRetry: JobHandler = async (job) => {
    const { taskId, intentId, reason } = job.payload as RetryPayload;
    const task = await findTaskRow(db, taskId);
    if (!task || task.stripe_payment_intent_id !== intentId || task.payment_status !== 'authorized') return;
    // Past the deadline the provider has released the hold itself: hold_lapse records that.
    if (task.authorization_hold_expires_at && task.authorization_hold_expires_at <= clock.now()) return;
    // Throws on the provider's refusal: the runner retries with back-off.
    await payments.cancelHold({ id: taskId, stripe_payment_intent_id: intentId }, reason ?? 'task_cancelled_by_client');
  };

  return { [RETRY_JOB_KINDS.capture]: captureRetry, [RETRY_JOB_KINDS.void]: voidRetry };
}
