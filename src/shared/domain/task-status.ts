import { isPaymentAuthorized } from './payment-hold';
import type { TaskStateFacts, TaskStatus } from './task-state';
import { TASK_ACTIONS, TASK_TRANSITIONS, type TaskAction, type TaskTransition } from './task-transitions';
import type { CancelHoldReason } from './enums';
import { messages } from '../messages';

// Importers read the whole status vocabulary from here; the hold helpers and state facts live apart.
export * from './task-state';
export * from './payment-hold';
// The status transitions as data (spec 001 section 4 and the issues since), one file of their own.
export * from './task-transitions';
// The visit's transitions (issue 49): same machine, a sub-state that never changes the status.
export * from './visit-transitions';

const tasksText = messages.tasks;

export function transitionFor(action: TaskAction): TaskTransition {
  return TASK_TRANSITIONS[action];
}

export type TransitionCheck =
  | { ok: true; transition: TaskTransition }
  | { ok: false; reason: 'wrong_status' | 'guard'; message: string; transition: TaskTransition };

export interface TransitionOptions {
  /** Use the admin override statuses instead of the actor's. */
  asAdmin?: boolean;
  now?: Date;
}

/**
 * Whether the task's state allows the action (status and payment guard); who may perform it is
 * decided by `can` in permissions.ts.
 */
export function checkTransition(
  task: TaskStateFacts,
  action: TaskAction,
  options: TransitionOptions = {},
): TransitionCheck {
  const transition = transitionFor(action);
  const from = options.asAdmin ? transition.adminFrom : transition.from;
  if (!from.includes(task.status)) {
    const message = (options.asAdmin && transition.adminRefusals?.[task.status]) || transition.errors.wrongStatus;
    return { ok: false, reason: 'wrong_status', message, transition };
  }
  if (
    transition.requiresPaymentStatus === 'authorized' &&
    !isPaymentAuthorized(task, options.now ?? new Date())
  ) {
    return { ok: false, reason: 'guard', message: transition.errors.guard ?? tasksText.statusChanged, transition };
  }
  return { ok: true, transition };
}

/**
 * Whether an admin performing the action acts in a party's place: the transition belongs to the
 * client or the assigned expert and admins may perform it. Every such action is an override.
 */
export function isAdminOverride(action: TaskAction): boolean {
  const transition = transitionFor(action);
  return (transition.actor === 'client' || transition.actor === 'assigned_expert') && transition.adminFrom.length > 0;
}

/** The actions an admin can perform in a party's place (cancel, confirm and reject evidence, assign...). */
export const ADMIN_OVERRIDE_ACTIONS: readonly TaskAction[] = TASK_ACTIONS.filter(isAdminOverride);

/** The cancel-hold reason the provider is told when an admin performs an override that voids a hold. */
export const ADMIN_CANCEL_HOLD_REASON: CancelHoldReason = 'task_cancelled_by_admin';

export function canTransition(
  task: TaskStateFacts,
  action: TaskAction,
  options?: TransitionOptions,
): boolean {
  return checkTransition(task, action, options).ok;
}

/** The status an action leads to from `status`, or null when the action is not available there. */
export function nextStatus(status: TaskStatus, action: TaskAction): TaskStatus | null {
  const transition = transitionFor(action);
  return transition.from.includes(status) ? transition.to : null;
}

/** The actions the task's state allows for its normal actors. */
export function availableActions(task: TaskStateFacts, now: Date = new Date()): TaskAction[] {
  return TASK_ACTIONS.filter((action) => {
    const actor = transitionFor(action).actor;
    return (actor === 'client' || actor === 'assigned_expert') && canTransition(task, action, { now });
  });
}
