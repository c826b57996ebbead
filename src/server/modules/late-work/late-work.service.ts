import { eq } from 'drizzle-orm';
import { LATE_WORK } from '@shared/constants';
import { check } from '@shared/domain/permissions';
import { isOverdue, isOverdueCancellable, latestExtensionDue, OVERDUE_STATUSES, overdueCancelOpensAt } from '@shared/domain/late-work';
import { dueEndOfDay, formatInTimeZone } from '@shared/domain/time-zone';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import type { ExtensionDto, LateWorkDto, RequestExtensionRequest } from '@shared/schemas/evidence-changes.schemas';
import { idSchema } from '@shared/schemas/common.schemas';
import type { Db } from '../../db/client';
import { tasks } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { insertNotifications, type NewNotification } from '../notifications/notifications.repository';
import { enforce, loadVisibleTask } from '../tasks/task-access';
import { toTaskDto } from '../tasks/tasks.dto';
import { updateTaskIf, type TaskRow } from '../tasks/tasks.repository';
import { decideExtension, findExtension, insertExtension, listExtensions, type ExtensionRow } from './extensions.repository';

const lateText = messages.lateWork;
const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function toExtensionDto(row: ExtensionRow): ExtensionDto {
  return {
    id: row.id,
    requested_due_at: row.requested_due_at.toISOString(),
    previous_due_at: iso(row.previous_due_at),
    reason: row.reason,
    status: row.status,
    created_at: row.created_at.toISOString(),
    decided_at: iso(row.decided_at),
  };
}

/** The moment as the task's parties read it: in the task's own time zone (issue 49). */
const dueText = (task: Pick<TaskRow, 'time_zone'>, moment: Date) => formatInTimeZone(moment, task.time_zone ?? 'UTC');

function note(to: string, type: NewNotification['type'], title: string, message: string, task: Pick<TaskRow, 'id'>, now: Date, data: Record<string, unknown>): NewNotification {
  return { user_id: to, type, title, message, task_id: task.id, data: { task_id: task.id, ...data }, created_at: now };
}

/**
 * Late work (issue 50, docs/decisions/0465): "Overdue" for both parties, the expert's request for
 * more time and the client's answer. The free overdue cancel itself is the tasks module's cancel
 * with `overdue: true` (late-work.routes.ts).
 */
export function createLateWorkService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  /** The parties (and admins) see the panel's facts; anyone else gets 404 as for the task. */
  async function overview(userId: string, taskId: string): Promise<LateWorkDto> {
    const now = clock.now();
    const { actor, task } = await loadVisibleTask(db, userId, taskId, now);
    const party = actor.isAdmin || task.client_id === userId || task.expert_id === userId;
    if (!party) throw notFound(messages.tasks.notFound);
    const extensions = await listExtensions(db, { taskId: task.id });
    return {
      overdue: isOverdue(task, now),
      due_date: iso(task.due_date),
      time_zone: task.time_zone,
      free_cancel_from: iso(overdueCancelOpensAt(task)),
      can_cancel_free: task.client_id === userId && isOverdueCancellable(task, now),
      extensions: extensions.map(toExtensionDto),
    };
  }

  /** The assigned expert of an overdue task asks for a later due moment, with a reason. */
  async function request(userId: string, taskId: string, body: RequestExtensionRequest & { new_due_date: Date; reason: string }) {
    const now = clock.now();
    const { actor, task, facts } = await loadVisibleTask(db, userId, taskId, now);
    enforce(check(actor, 'request_extension', facts, now));
    // A new date, as the task's own due date: the end of that day in the task's zone.
    const wanted = dueEndOfDay(body.new_due_date, task.time_zone ?? 'UTC');
    if (wanted.getTime() <= now.getTime() || (task.due_date && wanted.getTime() <= task.due_date.getTime())) {
      throw badRequest(lateText.newDueNotLater, { new_due_date: lateText.newDueNotLater });
    }
    if (wanted.getTime() > latestExtensionDue(task, now).getTime()) {
      const text = format(lateText.newDueTooFar, { days: LATE_WORK.extensionMaxDays });
      throw badRequest(text, { new_due_date: text });
    }
    const created = await db.transaction(async (tx) => {
      const row = await insertExtension(tx, { taskId: task.id, expertId: userId, previousDueAt: task.due_date, requestedDueAt: wanted, reason: body.reason, now });
      if (!row) return undefined;
      const message = format(lateText.requestedMessage, { title: task.title, due: dueText(task, wanted), reason: body.reason });
      await insertNotifications(tx, [note(task.client_id, 'extension_requested', lateText.requestedTitle, message, task, now, { extension_id: row.id })]);
      return row;
    });
    if (!created) throw conflict(lateText.extensionPending);
    return { extension: toExtensionDto(created), message: lateText.extensionRequested };
  }

  /** The client accepts: the request and the task's new due moment in one transaction. */
  async function decide(userId: string, taskId: string, extensionId: string, decision: 'accepted' | 'declined') {
    const now = clock.now();
    const { actor, task, facts } = await loadVisibleTask(db, userId, taskId, now);
    enforce(check(actor, 'decide_extension', facts, now));
    const extension = idSchema.safeParse(extensionId).success ? await findExtension(db, { taskId: task.id, id: extensionId }) : undefined;
    if (!extension) throw notFound(lateText.noPendingExtension);
    if (extension.status !== 'pending') throw conflict(lateText.noPendingExtension);
    const result = await db.transaction(async (tx) => {
      const decided = await decideExtension(tx, { id: extension.id, status: decision, now });
      if (!decided) return undefined;
      let row: TaskRow | undefined;
      if (decision === 'accepted') {
        row = await updateTaskIf(
          tx,
          { id: task.id, from: OVERDUE_STATUSES, extra: eq(tasks.client_id, actor.userId) },
          { due_date: decided.requested_due_at, updated_at: now },
        );
        if (!row) throw conflict(messages.tasks.statusChanged);
      }
      if (task.expert_id) {
        const due = dueText(task, decided.requested_due_at);
        await insertNotifications(tx, [
          decision === 'accepted'
            ? note(task.expert_id, 'extension_accepted', lateText.acceptedTitle, format(lateText.acceptedMessage, { title: task.title, due }), task, now, { extension_id: decided.id })
            : note(task.expert_id, 'extension_declined', lateText.declinedTitle, format(lateText.declinedMessage, { title: task.title }), task, now, { extension_id: decided.id }),
        ]);
      }
      return { decided, row };
    });
    if (!result) throw conflict(lateText.noPendingExtension);
    const extensionDto = toExtensionDto(result.decided);
    if (decision === 'declined') return { extension: extensionDto, message: lateText.extensionDeclined };
    return {
      extension: extensionDto,
      task: toTaskDto(result.row!),
      message: format(lateText.extensionAccepted, { due: dueText(task, result.decided.requested_due_at) }),
    };
  }

  return {
    overview,
    request,
    accept: (userId: string, taskId: string, extensionId: string) => decide(userId, taskId, extensionId, 'accepted'),
    decline: (userId: string, taskId: string, extensionId: string) => decide(userId, taskId, extensionId, 'declined'),
  };
}
