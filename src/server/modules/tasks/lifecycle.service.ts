import { and, eq, lte } from 'drizzle-orm';
import { check } from '@shared/domain/permissions';
import { ADMIN_CANCEL_HOLD_REASON, isHoldExpired, transitionFor } from '@shared/domain/task-status';
import { OVERDUE_STATUSES, overdueFreeCancelCutoff } from '@shared/domain/late-work';
import { messages } from '@shared/messages';
import type { OverrideBody } from '@shared/schemas/admin-overrides.schemas';
import type { TaskDto } from '@shared/schemas/task-api';
import type { Db } from '../../db/client';
import { tasks } from '../../db/schema';
import { conflict } from '../../lib/errors';
import type { CancelHoldReason } from '../../providers/payments/payment-provider';
import { enforce, loadVisibleTask } from './task-access';
import { notify, taskNotification } from './task-notifications';
import type { TaskHooks, TasksServiceDeps } from './tasks.deps';
import { toTaskDto } from './tasks.dto';
import { findTask, updateTaskIf, type TaskRow } from './tasks.repository';
import { adminOverrideOf, recordOverride } from '../admin-overrides/admin-override';
import { errorField, log } from '../../ops/logger';
import { enqueueVoidRetry, OUTBOX_HEAD_START_MS } from '../payments/payment-retry-jobs';

/** The answer of a transition; payment_failed tells the web to show the message as an error. */
export interface TransitionResult {
  task: TaskDto;
  message: string;
  payment_failed: boolean;
}

/**
 * The release of a task's payment hold when the task closes or reopens (cancel here; decline and
 * abandon in modules/applications): the void's job in the change's transaction, then one try at once.
 */
export function createHoldRelease(deps: Pick<TasksServiceDeps, 'db' | 'clock' | 'payments'>) {
  const { db, clock, payments } = deps;

  /** Voids the hold if there is one; the provider's failure is returned, not thrown (its job retries it). */
  async function voidHold(task: TaskRow, reason: CancelHoldReason): Promise<unknown> {
    if (!task.stripe_payment_intent_id) return null;
    try {
      await payments.cancelHold(task, reason);
      return null;
    } catch (error) {
      log.error({ taskId: task.id, reason, err: errorField(error) }, 'payment hold could not be cancelled');
      await enqueueVoidRetry(db, { taskId: task.id, intentId: task.stripe_payment_intent_id, reason, now: clock.now() });
      return error ?? new Error('cancelHold failed');
    }
  }

  /** The outbox: a change that releases a hold writes the void's job in its own transaction. */
  async function owedVoid(tx: Db, task: TaskRow, reason: CancelHoldReason, now: Date) {
    if (!task.stripe_payment_intent_id || task.payment_status === 'captured' || task.payment_status === 'unpaid') return;
    await enqueueVoidRetry(tx, { taskId: task.id, intentId: task.stripe_payment_intent_id, reason, now, delayMs: OUTBOX_HEAD_START_MS });
  }

  return { voidHold, owedVoid };
}

/**
 * Issue 50 (docs/decisions/0465): `overdue` is the client's cancel of work over 24 hours past its due
 * moment (isOverdueCancellable). It is ALWAYS free: any cancellation fee must skip it.
 */
export interface CancelOptions {
  overdue?: boolean;
}

/** The client's (or an admin's) cancel; `callOffVisit` comes from the appointments module (tasks.deps.ts). */
export function createLifecycleService(deps: TasksServiceDeps & Pick<TaskHooks, 'callOffVisit'>) {
  const { db, clock, callOffVisit } = deps;
  const { voidHold, owedVoid } = createHoldRelease(deps);

  return {
    /**
     * The client (or an admin in the client's place, an override: decision 0210) cancels: the status
     * change, its notices or audit, and the void of the task's intent commit together (the outbox,
     * decision 0440); the void is then tried at once. A failed try leaves the task cancelled and the
     * job retrying the release, and the answer says so: the client is never charged for it.
     */
    async cancel(userId: string, taskId: string, input: OverrideBody = {}, options: CancelOptions = {}): Promise<TransitionResult> {
      const now = clock.now();
      const { actor, task, facts } = await loadVisibleTask(db, userId, taskId, now);
      enforce(check(actor, options.overdue ? 'cancel_overdue' : 'cancel', facts, now));
      const override = adminOverrideOf(actor, 'cancel', task, input.override_reason);
      const isOwner = task.client_id === actor.userId;
      const transition = transitionFor('cancel');
      const reason: CancelHoldReason = override ? ADMIN_CANCEL_HOLD_REASON : 'task_cancelled_by_client';
      // A hold past its deadline was released by the provider itself: hold_lapse records it, no call.
      const owesVoid =
        Boolean(task.stripe_payment_intent_id) &&
        task.payment_status !== 'captured' &&
        task.payment_status !== 'unpaid' &&
        !(task.payment_status === 'authorized' && isHoldExpired(task, now));
      const cancelled = await db.transaction(async (tx) => {
        const row = await updateTaskIf(
          tx,
          options.overdue
            ? // The rule again in the update: still overdue by 24 hours (no extension agreed meanwhile).
              { id: task.id, from: OVERDUE_STATUSES, extra: and(eq(tasks.client_id, actor.userId), lte(tasks.due_date, overdueFreeCancelCutoff(now))) }
            : {
                id: task.id,
                from: isOwner ? transition.from : transition.adminFrom,
                extra: isOwner ? eq(tasks.client_id, actor.userId) : undefined,
              },
          { status: 'cancelled', cancelled_at: now, updated_at: now },
        );
        if (!row) return undefined;
        if (owesVoid) await owedVoid(tx, task, reason, now);
        // Issue 49: the agreed visit is called off (METHOD:CANCEL to everyone who had it).
        if (transition.visitEffect === 'call_off')
          await callOffVisit(tx, { taskId: task.id, expertId: task.expert_id, party: 'client', now });
        if (override) await recordOverride(tx, override, row, now);
        else {
          const expertNote = options.overdue ? taskNotification.taskCancelledOverdue : taskNotification.taskCancelled;
          await notify(tx, [
            task.expert_id ? expertNote(task.expert_id, task) : null,
            isOwner ? null : taskNotification.taskCancelled(task.client_id, task),
          ]);
        }
        return row;
      });
      if (!cancelled) throw conflict(messages.tasks.notCancellable);
      const holdFailed = owesVoid && Boolean(await voidHold(task, reason));
      const current = owesVoid ? ((await findTask(db, task.id)) ?? cancelled) : cancelled;
      const failedText = override ? messages.adminOverrides.cancelledHoldFailed : messages.tasks.cancelledHoldRetrying;
      return {
        task: toTaskDto(current),
        message: holdFailed ? failedText : options.overdue ? messages.lateWork.overdueCancelled : messages.tasks.cancelled,
        payment_failed: holdFailed,
      };
    },
  };
}

export type LifecycleService = ReturnType<typeof createLifecycleService>;
