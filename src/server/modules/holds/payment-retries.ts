import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import { isCapturable } from '@shared/domain/task-status';
import type { Db } from '../../db/client';
import type { JobRow } from '../../jobs/jobs.repository';
import type { JobHandler } from '../../jobs/runner';
import { errorField, log } from '../../ops/logger';
import { insertNotifications } from '../notifications/notifications.repository';
import { adminIds, findTaskRow } from './holds.repository';
import type { MoneyJobDeps } from './money-job-deps';
import { moneyNotification } from './money-notifications';
import { captureSecondHolds, voidSecondHolds } from '../payments/second-holds';
import {
  ALERT_AFTER_FAILURES,
  MAX_RETRY_ATTEMPTS,
  RETRY_JOB_KINDS,
  enqueueCaptureRetry,
  enqueueVoidRetry,
  type RetryPayload,
} from '../payments/payment-retry-jobs';

export { ALERT_AFTER_FAILURES, MAX_RETRY_ATTEMPTS, RETRY_JOB_KINDS, enqueueCaptureRetry, enqueueVoidRetry };

/**
 * No money waits for a person (docs/decisions/0164): a capture, a void or a refund (disputes/refund-retries.ts) that the provider refused
 * becomes a keyed job, retried with the runner's back-off; the payment action's idempotency key
 * keeps a retry from charging twice. Admins hear of it after ALERT_AFTER_FAILURES failures (System
 * tab and email) and again when the job gives up.
 */
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
  const operationsText = messages.operations;
  const action = job.kind === RETRY_JOB_KINDS.void ? operationsText.actionVoid : job.kind === RETRY_JOB_KINDS.refund ? operationsText.actionRefund : operationsText.actionCapture;
  const deadline = task.authorization_hold_expires_at?.toISOString() ?? '-';
  const title = gaveUp ? operationsText.retryGaveUpTitle : operationsText.retryFailingTitle;
  const text = format(gaveUp ? operationsText.retryGaveUpMessage : operationsText.retryFailingMessage, {
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

/**
 * The admin alerts of a job registration's money kinds (jobs/registry.ts): its ALERTED_JOB_KINDS
 * handlers alert on the ALERT_AFTER_FAILURES-th failure, and on giving up. Refund retries
 * (disputes) use it too.
 */
export function withMoneyAlerts(
  handlers: Record<string, JobHandler>,
  deps: RetryAlertDeps,
): { handlers: Record<string, JobHandler>; onExhausted: (job: JobRow, error: string) => Promise<void> } {
  return {
    handlers: Object.fromEntries(
      Object.entries(handlers).map(([kind, handler]) => [kind, ALERTED_JOB_KINDS.has(kind) ? alertingOnRepeatedFailure(handler, deps) : handler]),
    ),
    onExhausted: async (job, error) => {
      if (ALERTED_JOB_KINDS.has(job.kind)) await alertAdmins(deps, job, error, true);
    },
  };
}

/** Statuses in which a task's hold must not stay live: the void job may release it. */
const isReleasable = (status: string) => status === 'cancelled' || status === 'open' || status === 'payment_lapsed';

export function createPaymentRetryHandlers(deps: MoneyJobDeps): Record<string, JobHandler> {
  const { db, clock, payments } = deps;

  /**
   * The capture outbox job (written with `verified`, or with a late cancel's call-out fee): captures unless the capture is already recorded
   * or the hold is no longer this task's. A capture that went through before a crash is found at the
   * provider (the same idempotency key, or the intent's state) and recorded, never made twice.
   */
  const captureRetry: JobHandler = async (job) => {
    const { taskId, intentId, amount, fee } = job.payload as RetryPayload;
    const task = await findTaskRow(db, taskId);
    // Issue 51: the hold is captured; a raised price's second hold follows it (throws: retried).
    if (task && task.stripe_payment_intent_id === intentId && task.payment_status === 'captured') {
      // A stated amount (a dispute settled in part, a call-out fee) is all that is owed: the second hold goes.
      if (amount === undefined) await captureSecondHolds({ db, clock, provider: deps.provider }, task);
      else await voidSecondHolds({ db, clock, provider: deps.provider }, task, intentId);
      return;
    }
    // Settled some other way meanwhile (captured, refunded, replaced hold): nothing left to do.
    // A cancelled task's job carries its call-out fee (issue 50); only a stated amount is captured there.
    if (!task || task.stripe_payment_intent_id !== intentId || task.payment_status !== 'authorized' || !isCapturable(task.status, { amount })) return;
    const result = await payments.capture(task, amount === undefined ? {} : { amountCents: amount, feeCents: fee });
    if (result.success) return;
    // Past the deadline the provider has released the hold: hold_lapse gives the task its clear state.
    if (task.authorization_hold_expires_at && task.authorization_hold_expires_at <= clock.now()) return;
    throw new Error(result.error ?? 'capture failed');
  };

  /**
   * The void outbox job: releases the intent unless it was captured. It reads the intent, not the
   * task, because the change that wrote it may already have moved the task on (a declined hire
   * reopens the task without its intent). Voiding an intent twice is a no-op; a captured one is
   * refused by the provider and the job fails for an admin to see.
   */
  const voidRetry: JobHandler = async (job) => {
    const { taskId, intentId, reason } = job.payload as RetryPayload;
    const task = await findTaskRow(db, taskId);
    // The task's own live hold (the change that wanted the void was undone): keep it.
    if (task && task.stripe_payment_intent_id === intentId && task.payment_status === 'authorized' && !isReleasable(task.status)) return;
    if (task?.payment_status === 'captured' && task.stripe_payment_intent_id === intentId) return;
    // Throws on the provider's refusal: the runner retries with back-off.
    await payments.cancelHold({ id: taskId, stripe_payment_intent_id: intentId }, reason ?? 'task_cancelled_by_client');
  };

  return { [RETRY_JOB_KINDS.capture]: captureRetry, [RETRY_JOB_KINDS.void]: voidRetry };
}
