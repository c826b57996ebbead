import { and, eq, gt, isNull, or } from 'drizzle-orm';
import { check } from '@shared/domain/permissions';
import { ADMIN_CANCEL_HOLD_REASON, isHoldExpired, transitionFor } from '@shared/domain/task-status';
import { messages } from '@shared/messages';
import type { OverrideBody } from '@shared/schemas/admin-overrides.schemas';
import type { TaskDto } from '@shared/schemas/task-api';
import { tasks } from '../../db/schema';
import { AppError, conflict } from '../../lib/errors';
import type { CancelHoldReason } from '../../providers/payments/payment-provider';
import { restoreRejectedByAssignment } from './applications.repository';
import { enforce, loadTaskFor, loadVisibleTask } from './task-access';
import { notify, taskNotification } from './task-notifications';
import type { TasksServiceDeps } from './tasks.deps';
import { toTaskDto } from './tasks.dto';
import { findTask, updateTaskIf, type TaskRow } from './tasks.repository';
import { adminOverrideOf, recordOverride } from './admin-override';
import { errorField, log } from '../../ops/logger';
import { enqueueVoidRetry } from '../payments/payment-retry-jobs';
import { callOffVisit } from '../appointments/visit-call-off';

/** The answer of a transition; payment_failed tells the web to show the message as an error. */
export interface TransitionResult {
  task: TaskDto;
  message: string;
  payment_failed: boolean;
}

/** A task back to open: no expert, no hold, payment starting over (decline and abandon). */
const REOPENED = {
  status: 'open',
  expert_id: null,
  assigned_at: null,
  started_at: null,
  payment_status: 'unpaid',
  stripe_payment_intent_id: null,
  stripe_payment_method_id: null,
  authorization_hold_expires_at: null,
} as const;

export function createLifecycleService(deps: TasksServiceDeps) {
  const { db, clock, payments } = deps;

  /** Voids the hold if there is one; the provider's failure is returned, not thrown. */
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

  /**
   * Decline (assigned) and abandon (in_progress): the hold is voided first, then the task reopens
   * whatever the provider said, because the expert is gone either way. A failed void leaves its
   * failed cancel_hold record in payment_actions (the payments module writes it) for manual review,
   * and the answer says so (docs/decisions/0042-task-transitions-and-payment-failures.md).
   */
  async function leave(userId: string, taskId: string, action: 'decline' | 'abandon'): Promise<TransitionResult> {
    const now = clock.now();
    const { task } = await loadTaskFor(db, userId, taskId, action, now);
    const holdError = await voidHold(task, 'assignment_declined_by_expert');
    const reopened = await db.transaction(async (tx) => {
      const row = await updateTaskIf(
        tx,
        { id: task.id, from: transitionFor(action).from, expertId: userId },
        { ...REOPENED, updated_at: now },
      );
      if (!row) return undefined;
      await restoreRejectedByAssignment(tx, { taskId: task.id, leavingExpertId: userId, assignedAt: task.assigned_at, now });
      // Issue 49: the agreed visit is called off (METHOD:CANCEL to everyone who had it).
      await callOffVisit(tx, { taskId: task.id, expertId: userId, party: 'expert', now });
      const notice =
        action === 'decline'
          ? taskNotification.assignmentDeclined(task.client_id, task)
          : taskNotification.taskAbandoned(task.client_id, task);
      await notify(tx, [notice]);
      return row;
    });
    if (!reopened) throw conflict(messages.tasks.statusChanged);
    const texts =
      action === 'decline'
        ? { ok: messages.tasks.declined, holdFailed: messages.tasks.declineHoldFailed }
        : { ok: messages.tasks.abandoned, holdFailed: messages.tasks.abandonHoldFailed };
    return {
      task: toTaskDto(reopened),
      message: holdError ? texts.holdFailed : texts.ok,
      payment_failed: Boolean(holdError),
    };
  }

  return {
    /** assigned -> in_progress by the assigned expert, only with an authorized, unexpired hold. */
    async accept(userId: string, taskId: string): Promise<TransitionResult> {
      const now = clock.now();
      const { task } = await loadTaskFor(db, userId, taskId, 'accept', now);
      const started = await db.transaction(async (tx) => {
        const row = await updateTaskIf(
          tx,
          {
            id: task.id,
            from: ['assigned'],
            expertId: userId,
            extra: and(
              eq(tasks.payment_status, 'authorized'),
              or(isNull(tasks.authorization_hold_expires_at), gt(tasks.authorization_hold_expires_at, now)),
            ),
          },
          { status: 'in_progress', started_at: now, updated_at: now },
        );
        if (!row) return undefined;
        await notify(tx, [taskNotification.assignmentAccepted(task.client_id, task)]);
        return row;
      });
      if (!started) throw conflict(messages.tasks.statusChanged);
      return { task: toTaskDto(started), message: messages.tasks.accepted, payment_failed: false };
    },

    decline: (userId: string, taskId: string) => leave(userId, taskId, 'decline'),
    abandon: (userId: string, taskId: string) => leave(userId, taskId, 'abandon'),

    /**
     * The client cancels: an authorized, unexpired hold is voided FIRST; if that fails the task stays
     * exactly as it was and the answer is the spec's manual-review text. An admin cancelling in the
     * client's place is an override (decision 0210): the reason, the audit row and both parties'
     * notices commit with the status change, and only then is the hold voided (told it was an admin),
     * so a failed audit write leaves the task and the hold untouched.
     */
    async cancel(userId: string, taskId: string, input: OverrideBody = {}): Promise<TransitionResult> {
      const now = clock.now();
      const { actor, task, facts } = await loadVisibleTask(db, userId, taskId, now);
      enforce(check(actor, 'cancel', facts, now));
      const override = adminOverrideOf(actor, 'cancel', task, input.override_reason);
      const isOwner = task.client_id === actor.userId;
      const transition = transitionFor('cancel');
      const holdIsLive = task.payment_status === 'authorized' && !isHoldExpired(task, now);
      if (!override && holdIsLive && (await voidHold(task, 'task_cancelled_by_client'))) {
        throw new AppError('provider_error', messages.tasks.cancelHoldFailed);
      }
      const cancelled = await db.transaction(async (tx) => {
        const row = await updateTaskIf(
          tx,
          {
            id: task.id,
            from: isOwner ? transition.from : transition.adminFrom,
            extra: isOwner ? eq(tasks.client_id, actor.userId) : undefined,
          },
          { status: 'cancelled', cancelled_at: now, updated_at: now },
        );
        if (!row) return undefined;
        // Issue 49: the agreed visit is called off (METHOD:CANCEL to everyone who had it).
        await callOffVisit(tx, { taskId: task.id, expertId: task.expert_id, party: 'client', now });
        if (override) await recordOverride(tx, override, row, now);
        else {
          await notify(tx, [
            task.expert_id ? taskNotification.taskCancelled(task.expert_id, task) : null,
            isOwner ? null : taskNotification.taskCancelled(task.client_id, task),
          ]);
        }
        return row;
      });
      if (!cancelled) throw conflict(messages.tasks.notCancellable);
      const holdFailed = Boolean(override && holdIsLive && (await voidHold(task, ADMIN_CANCEL_HOLD_REASON)));
      const current = override && holdIsLive ? ((await findTask(db, task.id)) ?? cancelled) : cancelled;
      return {
        task: toTaskDto(current),
        message: holdFailed ? messages.adminOverrides.cancelledHoldFailed : messages.tasks.cancelled,
        payment_failed: holdFailed,
      };
    },
  };
}

export type LifecycleService = ReturnType<typeof createLifecycleService>;
