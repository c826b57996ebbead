import { and, eq, gt, isNull, or } from 'drizzle-orm';
import { transitionFor } from '@shared/domain/task-status';
import { cancelReasonText } from '@shared/domain/cancellation-policy';
import { messages } from '@shared/messages';
import type { ExpertCancelBody } from '@shared/schemas/cancellations.schemas';
import { tasks } from '../../db/schema';
import { conflict } from '../../lib/errors';
import { restoreRejectedByAssignment } from './applications.repository';
import { createHoldRelease, type TransitionResult } from '../tasks/lifecycle.service';
import { loadTaskFor } from '../tasks/task-access';
import { notify, taskNotification } from '../tasks/task-notifications';
import type { TasksServiceDeps } from '../tasks/tasks.deps';
import { toTaskDto } from '../tasks/tasks.dto';
import { updateTaskIf } from '../tasks/tasks.repository';
import { insertCancellation } from '../tasks/cancellations.repository';
import { callOffVisit } from '../appointments/visit-call-off';
import { recordExpertCancel } from '../reliability/reliability.service';

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

/** The assigned expert's side of the assignment: accept (start work), decline, abandon, cancel with a reason. */
export function createAssignmentService(deps: TasksServiceDeps) {
  const { db, clock } = deps;
  const { voidHold, owedVoid } = createHoldRelease(deps);

  /**
   * Decline (assigned) and abandon (in_progress): the task reopens and the void of its hold is written
   * in the same transaction (the outbox, decision 0440), then tried at once. A failed try leaves the
   * job to retry it and the answer says so (docs/decisions/0042-task-transitions-and-payment-failures.md).
   */
  async function leave(
    userId: string,
    taskId: string,
    action: 'decline' | 'abandon' | 'expert_cancel',
    cancel: ExpertCancelBody,
  ): Promise<TransitionResult> {
    const now = clock.now();
    const { task } = await loadTaskFor(db, userId, taskId, action, now);
    const reopened = await db.transaction(async (tx) => {
      const row = await updateTaskIf(
        tx,
        { id: task.id, from: transitionFor(action).from, expertId: userId },
        { ...REOPENED, updated_at: now },
      );
      if (!row) return undefined;
      await restoreRejectedByAssignment(tx, { taskId: task.id, leavingExpertId: userId, assignedAt: task.assigned_at, now });
      // Issue 49: the agreed visit is called off (METHOD:CANCEL to everyone who had it).
      if (transitionFor(action).visitEffect === 'call_off')
        await callOffVisit(tx, { taskId: task.id, expertId: userId, party: 'expert', now });
      const notice =
        action === 'expert_cancel'
          ? taskNotification.expertCancelled(task.client_id, task, cancelReasonText(cancel.reason))
          : action === 'decline'
            ? taskNotification.assignmentDeclined(task.client_id, task)
            : taskNotification.taskAbandoned(task.client_id, task);
      await notify(tx, [notice]);
      // Issue 50: a hired expert leaving counts on their reliability record (and may pause applying).
      await recordExpertCancel(tx, { expertId: userId, taskId: task.id, now });
      // Issue 50: every way out names its reason, on the task's timeline with no fee (decision 0462).
      await insertCancellation(tx, {
        task_id: task.id,
        actor_id: userId,
        expert_id: userId,
        party: 'expert',
        reason: cancel.reason,
        note: cancel.note || null,
        rule: 'expert',
        created_at: now,
      });
      await owedVoid(tx, task, 'assignment_declined_by_expert', now);
      return row;
    });
    const holdError = reopened ? await voidHold(task, 'assignment_declined_by_expert') : null;
    if (!reopened) throw conflict(messages.tasks.statusChanged);
    const texts =
      action === 'expert_cancel'
        ? { ok: messages.cancellations.expertCancelled, holdFailed: messages.cancellations.expertCancelledHoldFailed }
        : action === 'decline'
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

    decline: (userId: string, taskId: string, body: ExpertCancelBody) => leave(userId, taskId, 'decline', body),
    abandon: (userId: string, taskId: string, body: ExpertCancelBody) => leave(userId, taskId, 'abandon', body),
    /**
     * The hired expert cancels with a reason (issue 50, decision 0461), assigned or in progress: as a
     * decline or an abandon, the hold is voided, the client told and the other applications pending again.
     */
    expertCancel: (userId: string, taskId: string, body: ExpertCancelBody) => leave(userId, taskId, 'expert_cancel', body),
  };
}

export type AssignmentService = ReturnType<typeof createAssignmentService>;
