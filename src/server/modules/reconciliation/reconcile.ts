import { and, eq } from 'drizzle-orm';
import { isFinished } from '@shared/domain/task-status';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import type { Db } from '../../db/client';
import { tasks, type ReconciliationFinding } from '../../db/schema';
import { enqueueJob, findJob } from '../../jobs/jobs.repository';
import type { Clock } from '../../lib/clock';
import { errorField, log } from '../../ops/logger';
import {
  idempotencyKeyFor,
  type PaymentIntentInfo,
  type PaymentIntentStatus,
  type PaymentProvider,
} from '../../providers/payments/payment-provider';
import { insertNotifications } from '../notifications/notifications.repository';
import {
  clearReleasedIntent,
  findTask,
  finishAction,
  releaseIntentTransactions,
  transactionsOfTask,
  type TaskRow,
} from '../payments/payments.repository';
import {
  enqueueCaptureRetry,
  enqueueVoidRetry,
  OUTBOX_HEAD_START_MS,
  RETRY_JOB_KINDS,
} from '../payments/payment-retry-jobs';
import type { TaskPayments } from '../payments/task-payments';
import { adminIds } from '../holds/holds.repository';
import { moneyNotification } from '../holds/money-notifications';
import { ensureAuthorized } from '../holds/payment-authorization';
import { secondHoldsOf } from '../payments/second-holds';
import {
  finishReconciliation,
  interruptedCalls,
  startReconciliation,
  tasksWithMoneyInFlight,
} from './reconcile.repository';

/**
 * The payment reconciler (docs/decisions/0440): at start and every RECONCILE_PERIOD_MS it compares,
 * for every task with money in flight, the ledger (the task's payment fields, its transactions, its
 * outbox jobs) with the provider's intents for that task, repairs what it can and tells admins about
 * the rest. Each repair goes through the same idempotent paths as the request that was interrupted,
 * so running it twice, or beside that request, changes nothing more.
 */
export const RECONCILE_JOB_KIND = 'money_reconcile';
export const RECONCILE_PERIOD_MS = 5 * 60 * 1000;
/** An intent younger than this may still be attached by the flow that made it (a card step, a renewal). */
export const ORPHAN_GRACE_MS = 15 * 60 * 1000;
const MAX_TASKS_PER_RUN = 500;
const LIVE: PaymentIntentStatus[] = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'requires_capture',
];

export interface ReconcileDeps {
  db: Db;
  clock: Clock;
  provider: () => PaymentProvider;
  payments: TaskPayments;
  onDrift?: (finding: ReconciliationFinding) => void;
}

/** One keyed reconcile job per period: the runner's schedule hook calls this before every claim. */
export async function scheduleReconciliation(db: Db, now: Date): Promise<void> {
  const bucket = Math.floor(now.getTime() / RECONCILE_PERIOD_MS);
  await enqueueJob(db, {
    kind: RECONCILE_JOB_KIND,
    key: `${RECONCILE_JOB_KIND}:${bucket}`,
    runAt: now,
    maxAttempts: 3,
  });
}

export async function reconcilePayments(deps: ReconcileDeps) {
  const { db, clock } = deps;
  const run = await startReconciliation(db, clock.now());
  const findings: ReconciliationFinding[] = [];
  const taskIds = await tasksWithMoneyInFlight(db, { now: clock.now(), limit: MAX_TASKS_PER_RUN });
  for (const taskId of taskIds) {
    try {
      findings.push(...(await reconcileTask(deps, taskId)));
    } catch (error) {
      // One task's provider error never stops the others; it is itself drift an admin sees.
      findings.push({
        task_id: taskId,
        intent_id: null,
        kind: 'check_failed',
        repaired: false,
        detail: String(errorField(error)),
      });
    }
  }
  for (const finding of findings) deps.onDrift?.(finding);
  await tellAdmins(
    deps,
    findings.filter((finding) => !finding.repaired),
  );
  await finishReconciliation(db, { id: run.id, now: clock.now(), tasksChecked: taskIds.length, findings });
  if (findings.length > 0)
    log.warn({ runId: run.id, drift: findings.length }, 'payment reconciliation found drift');
  return { id: run.id, tasksChecked: taskIds.length, findings };
}

async function reconcileTask(deps: ReconcileDeps, taskId: string): Promise<ReconciliationFinding[]> {
  const { db, clock } = deps;
  const task = await findTask(db, taskId);
  if (!task) return [];
  const ledger = await transactionsOfTask(db, taskId);
  const intents = new Map<string, PaymentIntentInfo>();
  for (const intent of await deps.provider().listPaymentIntentsForTask(taskId))
    intents.set(intent.id, intent);
  // The provider's search trails its writes: the intents we know of are read directly too.
  const known = [task.stripe_payment_intent_id, ...ledger.map((row) => row.stripe_payment_intent_id)];
  for (const id of known) {
    if (!id || intents.has(id)) continue;
    const intent = await deps
      .provider()
      .retrievePaymentIntent(id)
      .catch(() => null);
    if (intent) intents.set(id, intent);
  }
  const findings: ReconciliationFinding[] = [];
  const found = (intent: PaymentIntentInfo, kind: string, repaired: boolean, detail: string) =>
    findings.push({ task_id: taskId, intent_id: intent.id, kind, repaired, detail });
  const now = clock.now();
  // Issue 51: a raised price's second hold is settled with the task's own hold (second-holds.ts), not an orphan.
  const secondHolds = new Set(task.stripe_payment_intent_id ? await secondHoldsOf(db, { taskId, mainIntentId: task.stripe_payment_intent_id }) : []);
  await settleInterruptedCalls(deps, task, intents, found);
  for (const intent of intents.values()) {
    const row = ledger.find((candidate) => candidate.stripe_payment_intent_id === intent.id);
    if (secondHolds.has(intent.id) && intent.status !== 'canceled') continue;
    if (intent.id === task.stripe_payment_intent_id) {
      await reconcileOwnIntent(deps, task, intent, found);
      continue;
    }
    // Not the task's: the record of a void lost to a crash, or a hold nobody records (an orphan).
    if (intent.status === 'canceled' && (row?.status === 'authorized' || row?.status === 'pending')) {
      await releaseIntentTransactions(db, { taskId, intentId: intent.id, now });
      found(intent, 'void_not_recorded', true, 'The provider released a hold that the ledger still counted.');
    } else if (
      LIVE.includes(intent.status) &&
      now.getTime() - intent.createdAt.getTime() >= ORPHAN_GRACE_MS
    ) {
      await deps.provider().cancelPaymentIntent(intent.id, {
        idempotencyKey: idempotencyKeyFor(taskId, 'cancel_hold', `orphan:${intent.id}`),
        reason: 'hold_replaced',
      });
      await releaseIntentTransactions(db, { taskId, intentId: intent.id, now });
      found(
        intent,
        intent.status === 'requires_capture' ? 'orphan_hold' : 'orphan_intent',
        true,
        "An intent that is not the task's was voided.",
      );
    } else if (
      intent.status === 'succeeded' &&
      row?.status !== 'captured' &&
      row?.status !== 'refunded' &&
      row?.status !== 'partially_refunded'
    ) {
      found(
        intent,
        'orphan_capture',
        false,
        "The provider captured an intent that is not the task's; refund it from the provider's dashboard.",
      );
    }
  }
  return findings;
}

type Found = (intent: PaymentIntentInfo, kind: string, repaired: boolean, detail: string) => void;

/**
 * A capture or void whose process died around the provider call leaves its record `started`. The
 * intent's state says what happened: a void that went through is recorded as such; a call the
 * provider never made (the intent unchanged, the task keeping its hold) is marked failed, so that the
 * next attempt gets a fresh key. One the outbox still owes (a capture of confirmed work, a void of a
 * released hold) is left to its job, which replays the same key.
 */
async function settleInterruptedCalls(
  deps: ReconcileDeps,
  task: TaskRow,
  intents: Map<string, PaymentIntentInfo>,
  found: Found,
) {
  const now = deps.clock.now();
  const calls = await interruptedCalls(deps.db, { taskId: task.id, now });
  for (const call of calls) {
    const intent = call.stripe_payment_intent_id ? intents.get(call.stripe_payment_intent_id) : undefined;
    if (!intent) continue;
    const own = intent.id === task.stripe_payment_intent_id;
    const owedCapture =
      call.action === 'capture' && own && isFinished(task.status) && task.payment_status === 'authorized';
    const owedVoid =
      call.action === 'cancel_hold' &&
      !(own && task.payment_status === 'authorized' && !isReleasable(task.status));
    if (call.action === 'cancel_hold' && intent.status === 'canceled') {
      await finishAction(deps.db, {
        key: call.idempotency_key,
        status: 'succeeded',
        intentId: intent.id,
        now,
      });
      found(intent, 'interrupted_call', true, 'A void the provider made is recorded as done.');
    } else if (
      intent.status === 'requires_capture' &&
      !owedCapture &&
      !(owedVoid && call.action === 'cancel_hold')
    ) {
      await finishAction(deps.db, {
        key: call.idempotency_key,
        status: 'failed',
        error: 'Interrupted before the provider answered.',
        now,
      });
      found(intent, 'interrupted_call', true, 'A call the provider never made is marked failed.');
    }
  }
}

/**
 * A cancelled task's call-out fee (issue 50, decision 0460): the amount its cancel wrote into the
 * capture job, or null (a free cancel, whose hold is the void job's).
 */
async function calloutFeeOf(db: Db, task: TaskRow, intentId: string): Promise<{ amountCents: number; feeCents?: number } | null> {
  if (task.status !== 'cancelled') return null;
  const job = await findJob(db, `${RETRY_JOB_KINDS.capture}:${intentId}`);
  const payload = job?.payload as { amount?: number; fee?: number } | undefined;
  return typeof payload?.amount === 'number' ? { amountCents: payload.amount, feeCents: payload.fee } : null;
}

const isReleasable = (status: string) =>
  status === 'cancelled' || status === 'open' || status === 'payment_lapsed';

async function reconcileOwnIntent(
  deps: ReconcileDeps,
  task: TaskRow,
  intent: PaymentIntentInfo,
  found: Found,
) {
  const { db, clock } = deps;
  const now = clock.now();
  // A task changed in the last moments may have its own request or job still at work (a capture
  // between the provider's answer and its record): the reconciler waits for the next run.
  if (now.getTime() - task.updated_at.getTime() < OUTBOX_HEAD_START_MS) return;
  if (task.payment_status === 'pending' && intent.status === 'requires_capture') {
    // The card step authorized it; the browser's confirm (or the webhook) never arrived.
    const recorded = await ensureAuthorized(db, { taskId: task.id, intent, now });
    found(
      intent,
      'authorization_not_recorded',
      Boolean(recorded),
      'The card hold was authorized at the provider but not recorded.',
    );
    return;
  }
  if (task.status === 'cancelled' && LIVE.includes(intent.status) && task.payment_status !== 'authorized') {
    // A cancelled task's unfinished card step could still become a hold: release it.
    await deps.provider().cancelPaymentIntent(intent.id, {
      idempotencyKey: idempotencyKeyFor(task.id, 'cancel_hold', `cancelled:${intent.id}`),
      reason: 'task_cancelled_by_client',
    });
    await db.transaction(async (tx) => {
      await releaseIntentTransactions(tx, { taskId: task.id, intentId: intent.id, now });
      await clearReleasedIntent(tx, { taskId: task.id, intentId: intent.id, now });
    });
    found(
      intent,
      'live_intent_on_cancelled_task',
      true,
      'A cancelled task still had a payable intent; it was voided.',
    );
    return;
  }
  if (task.payment_status !== 'authorized') return;
  const callout = await calloutFeeOf(db, task, intent.id);
  if (intent.status === 'succeeded') {
    // Captured at the provider, the answer lost: record it through the capture path (it reads the intent).
    const result = isFinished(task.status) || callout ? await deps.payments.capture(task, callout ?? {}) : null;
    found(
      intent,
      'capture_not_recorded',
      Boolean(result?.success),
      result?.success
        ? 'A capture made at the provider was recorded.'
        : 'The provider captured a task that is not finished.',
    );
    return;
  }
  if (intent.status === 'canceled') {
    // A hold past its deadline is the hold_lapse job's to settle (its own states and notices).
    if (task.authorization_hold_expires_at && task.authorization_hold_expires_at <= now) return;
    await db.transaction(async (tx) => {
      await releaseIntentTransactions(tx, { taskId: task.id, intentId: intent.id, now });
      if (task.status === 'cancelled' || task.status === 'open')
        await clearReleasedIntent(tx, { taskId: task.id, intentId: intent.id, now });
      else if (!task.authorization_hold_expires_at || task.authorization_hold_expires_at > now) {
        // As the provider's own expiry does: the task reads "authorize again".
        await tx
          .update(tasks)
          .set({ authorization_hold_expires_at: now, updated_at: now })
          .where(and(eq(tasks.id, task.id), eq(tasks.stripe_payment_intent_id, intent.id)));
      }
    });
    found(intent, 'void_not_recorded', true, 'The provider released the hold; the ledger now says so.');
    return;
  }
  if (intent.status !== 'requires_capture') return;
  if (isFinished(task.status) || callout) {
    const job = await findJob(db, `${RETRY_JOB_KINDS.capture}:${intent.id}`);
    if (!job) {
      await enqueueCaptureRetry(db, { taskId: task.id, intentId: intent.id, now, delayMs: 0 });
      found(intent, 'capture_job_missing', true, 'Confirmed work had no capture job; one was queued.');
    } else if (job.done_at || job.attempts >= job.max_attempts) {
      const result = await deps.payments.capture(task, callout ?? {});
      found(
        intent,
        'capture_not_made',
        result.success,
        result.success
          ? 'A capture its job had given up on was made.'
          : (result.error ?? 'The capture failed.'),
      );
    }
  } else if (task.status === 'cancelled') {
    const job = await findJob(db, `${RETRY_JOB_KINDS.void}:${intent.id}`);
    if (!job) {
      await enqueueVoidRetry(db, {
        taskId: task.id,
        intentId: intent.id,
        reason: 'task_cancelled_by_client',
        now,
        delayMs: 0,
      });
      found(intent, 'void_job_missing', true, 'A cancelled task still held its card; a void was queued.');
    }
  }
}

async function tellAdmins(deps: ReconcileDeps, unresolved: ReconciliationFinding[]) {
  if (unresolved.length === 0) return;
  const admins = await adminIds(deps.db);
  const now = deps.clock.now();
  const operationsText = messages.operations;
  for (const finding of unresolved) {
    const task = await findTask(deps.db, finding.task_id);
    if (!task) continue;
    const text = format(operationsText.driftMessage, { title: task.title, detail: finding.detail });
    await insertNotifications(
      deps.db,
      admins.map((to) =>
        moneyNotification(to, 'payment_retry_failing', operationsText.driftTitle, text, task, now, {
          drift: finding.kind,
          intent_id: finding.intent_id,
        }),
      ),
    ).catch((error: unknown) => log.error({ err: errorField(error) }, 'drift alert failed'));
  }
}
