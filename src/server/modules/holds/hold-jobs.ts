import { transitionFor } from '@shared/domain/task-status';
import type { Db } from '../../db/client';
import { enqueueJob, finishJobIn, type JobRow } from '../../jobs/jobs.repository';
import type { JobHandler } from '../../jobs/runner';
import { recordAudit } from '../audit/audit.repository';
import { insertNotifications } from '../notifications/notifications.repository';
import { clearReleasedIntent, releaseIntentTransactions } from '../payments/payments.repository';
import { createAutoRelease, REVIEW_REMINDER_12H_MS } from './auto-release';
import { adminIds, findTaskRow, holdsDueFor, hoursLeft, markHoldLapsed, reviewsEndingWithin, reviewWindowHours } from './holds.repository';
import { holdNotifications } from './money-notifications';
import type { MoneyJobDeps } from './money-job-deps';

export type { MoneyJobDeps };

const HOUR_MS = 60 * 60 * 1000;
const SCAN_LIMIT = 200;
/** Tasks before evidence confirmation: at 24 h the client is asked to renew the hold. */
const BEFORE_CONFIRMATION = new Set(['assigned', 'in_progress', 'pending_approval', 'disputed', 'changes_requested', 'no_access_reported']);

export const JOB_KINDS = {
  holdReminder: 'hold_reminder',
  holdLapse: 'hold_lapse',
  reviewReminder: 'review_reminder',
  autoRelease: 'auto_release',
  voidReplacedHold: 'void_replaced_hold',
} as const;


/**
 * Enqueues the work that has become due, keyed so each happens once per hold or review window:
 * reminders 48 h and 24 h before a hold lapses, the lapse itself, review reminders at half time
 * and 12 h left, and the automatic release when the window ends.
 */
export async function scheduleMoneyWork(db: Db, now: Date): Promise<void> {
  const holdJobs: [string, number, string, Record<string, unknown>][] = [
    [JOB_KINDS.holdReminder, 48 * HOUR_MS, 'hold_reminder:48:', { hours: 48 }],
    [JOB_KINDS.holdReminder, 24 * HOUR_MS, 'hold_reminder:24:', { hours: 24 }],
    [JOB_KINDS.holdLapse, 0, 'hold_lapse:', {}],
  ];
  for (const [kind, withinMs, prefix, extra] of holdJobs) {
    for (const task of await holdsDueFor(db, { now, withinMs, prefix, limit: SCAN_LIMIT })) {
      await enqueueJob(db, {
        kind,
        key: `${prefix}${task.stripe_payment_intent_id}`,
        runAt: now,
        payload: { taskId: task.id, intentId: task.stripe_payment_intent_id, ...extra },
      });
    }
  }
  const windowMs = (await reviewWindowHours(db)) * HOUR_MS;
  for (const task of await reviewsEndingWithin(db, { now, withinMs: windowMs, limit: SCAN_LIMIT })) {
    const end = task.review_window_ends_at!;
    const start = task.submitted_at ?? now;
    const half = start.getTime() + (end.getTime() - start.getTime()) / 2;
    const window = end.toISOString();
    const due: [string, string, number][] = [
      [JOB_KINDS.reviewReminder, `review_reminder:half:${task.id}:${window}`, half],
      [JOB_KINDS.reviewReminder, `review_reminder:12:${task.id}:${window}`, end.getTime() - REVIEW_REMINDER_12H_MS],
      [JOB_KINDS.autoRelease, `auto_release:${task.id}:${window}`, end.getTime()],
    ];
    for (const [kind, key, at] of due) {
      if (at <= now.getTime()) await enqueueJob(db, { kind, key, runAt: now, payload: { taskId: task.id, windowEndsAt: window } });
    }
  }
}

export function createMoneyJobHandlers(deps: MoneyJobDeps): Record<string, JobHandler> {
  const { db, clock } = deps;

  /** 48 h / 24 h before the hold lapses: both parties; at 24 h, before confirmation, the client is asked to renew. */
  const holdReminder: JobHandler = async (job) => {
    const { taskId, intentId, hours } = job.payload as { taskId: string; intentId: string; hours: number };
    const now = clock.now();
    const task = await findTaskRow(db, taskId);
    if (!task || task.stripe_payment_intent_id !== intentId || task.payment_status !== 'authorized') return;
    const deadline = task.authorization_hold_expires_at;
    if (!deadline || deadline <= now) return;
    const left = hoursLeft(deadline, now);
    // A 48 h reminder found late (the 24 h one is due too) is left to the 24 h one.
    if (hours === 48 && left <= 24) return;
    await db.transaction(async (tx) => {
      await finishJobIn(tx, job, now);
      const askToRenew = hours === 24 && BEFORE_CONFIRMATION.has(task.status);
      await insertNotifications(tx, [
        askToRenew ? holdNotifications.reauthorize(task.client_id, task, now) : holdNotifications.expiring(task.client_id, task, left, now),
        ...(task.expert_id ? [holdNotifications.expiring(task.expert_id, task, left, now)] : []),
      ]);
      await recordAudit(tx, {
        actor_id: null,
        action: askToRenew ? 'payment.reauthorization_requested' : 'payment.hold_reminder',
        target_type: 'task',
        target_id: task.id,
        details: { intent_id: intentId, hours_left: left },
        created_at: now,
      });
    });
  };

  /** The deadline passed without a capture: a clear state and a message to both parties and admins. */
  const holdLapse: JobHandler = async (job) => {
    const { taskId, intentId } = job.payload as { taskId: string; intentId: string };
    const now = clock.now();
    const task = await findTaskRow(db, taskId);
    if (!task || task.stripe_payment_intent_id !== intentId || task.payment_status !== 'authorized') return;
    // The provider is the judge: a capture that went through (answer lost) is reconciled, not lapsed.
    const intent = await deps.provider().retrievePaymentIntent(intentId).catch(() => null);
    if (intent?.status === 'succeeded') {
      await deps.payments.capture(task);
      return;
    }
    if (intent && intent.status === 'requires_capture' && intent.captureBefore && intent.captureBefore > now) {
      throw new Error(`Hold ${intentId} is still live at the provider until ${intent.captureBefore.toISOString()}`);
    }
    const admins = await adminIds(db);
    await db.transaction(async (tx) => {
      const lapsed = await markHoldLapsed(tx, { taskId, intentId, now, lapseFrom: transitionFor('hold_lapse').from });
      if (!lapsed) {
        if (task.status === 'cancelled') await settleCancelledHold(tx, task, intentId, now);
        return;
      }
      await releaseIntentTransactions(tx, { taskId, intentId, now });
      const recipients = [task.client_id, task.expert_id, ...admins].filter((id): id is string => Boolean(id));
      await insertNotifications(tx, [...new Set(recipients)].map((to) => holdNotifications.lapsed(to, task, now)));
      await recordAudit(tx, {
        actor_id: null,
        action: 'payment.hold_lapsed',
        target_type: 'task',
        target_id: task.id,
        details: { intent_id: intentId, from_status: task.status, to_status: lapsed.status },
        created_at: now,
      });
    });
  };

  /**
   * A cancelled task whose void failed still had this hold on record: the provider cancelled it at
   * the deadline, so the ledger row becomes voided and the task forgets the intent. The update is
   * conditional on the intent still being the task's, so it is recorded once.
   */
  async function settleCancelledHold(tx: Db, task: { id: string }, intentId: string, now: Date) {
    const cleared = await clearReleasedIntent(tx, { taskId: task.id, intentId, now });
    if (!cleared) return;
    await releaseIntentTransactions(tx, { taskId: task.id, intentId, now });
    await recordAudit(tx, {
      actor_id: null,
      action: 'payment.hold_lapsed_after_cancel',
      target_type: 'task',
      target_id: task.id,
      details: { intent_id: intentId },
      created_at: now,
    });
  }

  /** A replaced hold whose void failed at re-authorization: voided again until it works. */
  const voidReplacedHold: JobHandler = async (job: JobRow) => {
    const { taskId, intentId } = job.payload as { taskId: string; intentId: string };
    await deps.payments.cancelHold({ id: taskId, stripe_payment_intent_id: intentId }, 'hold_replaced');
  };

  return {
    [JOB_KINDS.holdReminder]: holdReminder,
    [JOB_KINDS.holdLapse]: holdLapse,
    [JOB_KINDS.voidReplacedHold]: voidReplacedHold,
    ...createAutoRelease(deps),
  };
}

