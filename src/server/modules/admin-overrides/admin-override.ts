import type { Actor } from '@shared/domain/permissions';
import { isAdminOverride, transitionFor, type TaskAction } from '@shared/domain/task-status';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import { overrideBodySchema } from '@shared/schemas/admin-overrides.schemas';
import type { Db } from '../../db/client';
import type { tasks } from '../../db/schema';
import { validate } from '../../http/validation';
import { badRequest } from '../../lib/errors';
import { recordAudit } from '../audit/audit.repository';
import { insertNotifications } from '../notifications/notifications.repository';

const adminOverridesText = messages.adminOverrides;

/** The task row (the table's own type: the tasks module imports this one, never the reverse). */
type TaskRow = typeof tasks.$inferSelect;

/** The audit action of an override: `override.cancel`, `override.confirm_evidence`, ... */
export const overrideAuditAction = (action: TaskAction) => `override.${action}`;

/** One admin action in a party's place, decided before the change and recorded inside its transaction. */
export interface AdminOverride {
  action: TaskAction;
  actorId: string;
  reason: string;
  task: Pick<TaskRow, 'id' | 'title' | 'status' | 'payment_status' | 'client_id' | 'expert_id'>;
}

/** Whether the actor performs the action as the party it belongs to (an admin may own a task too). */
function actsAsParty(actor: Actor, action: TaskAction, task: Pick<TaskRow, 'client_id' | 'expert_id'>): boolean {
  const owner = transitionFor(action).actor;
  if (owner === 'client') return task.client_id === actor.userId;
  if (owner === 'assigned_expert') return task.expert_id === actor.userId;
  return false;
}

/**
 * The rule of every admin override (issue 27, docs/decisions/0210), decided by the transition table
 * (isAdminOverride): null when the actor acts as the party; otherwise the override, which needs a
 * reason of 10 to 1,000 characters (400 without one, before anything changes).
 */
export function adminOverrideOf(
  actor: Actor,
  action: TaskAction,
  task: AdminOverride['task'],
  reason: string | undefined,
): AdminOverride | null {
  if (!actor.isAdmin || !isAdminOverride(action) || actsAsParty(actor, action, task)) return null;
  if (reason === undefined) throw badRequest(adminOverridesText.reasonRequired, { override_reason: adminOverridesText.reasonRequired });
  // The routes validate it already; checked again so that no caller can pass an unchecked text.
  const checked = validate(overrideBodySchema, { override_reason: reason }).override_reason!;
  return { action, actorId: actor.userId, reason: checked, task };
}

type NoticeText = (typeof adminOverridesText)['cancelledMessage' | 'confirmedMessage' | 'rejectedMessage' | 'assignedMessage'];
const NOTICE: Partial<Record<TaskAction, NoticeText>> = {
  cancel: adminOverridesText.cancelledMessage,
  confirm_evidence: adminOverridesText.confirmedMessage,
  reject_evidence: adminOverridesText.rejectedMessage,
  assign: adminOverridesText.assignedMessage,
};

/**
 * Writes the override's audit row and tells both parties, with the reason: call it with the
 * transaction of the change, so that if the audit row cannot be written nothing changes.
 */
export async function recordOverride(
  tx: Db,
  override: AdminOverride | null,
  after: { status: string; payment_status: string; expert_id?: string | null },
  now: Date,
): Promise<void> {
  if (!override) return;
  const { task, action, reason } = override;
  await recordAudit(tx, {
    actor_id: override.actorId,
    action: overrideAuditAction(action),
    target_type: 'task',
    target_id: task.id,
    details: {
      task_title: task.title,
      status_before: task.status,
      status_after: after.status,
      payment_status_before: task.payment_status,
      payment_effect: transitionFor(action).paymentEffect,
      reason,
    },
    created_at: now,
  });
  const message = format(NOTICE[action] ?? adminOverridesText.cancelledMessage, { title: task.title, reason });
  const parties = [task.client_id, after.expert_id ?? task.expert_id].filter(
    (id, index, all): id is string => Boolean(id) && id !== override.actorId && all.indexOf(id) === index,
  );
  await insertNotifications(
    tx,
    parties.map((to) => ({
      user_id: to,
      type: 'admin_override' as const,
      title: adminOverridesText.notificationTitle,
      message,
      task_id: task.id,
      data: { task_id: task.id, action, reason },
      created_at: now,
    })),
  );
}
