import { LATE_WORK } from '../constants';
import type { TaskStatus } from './task-state';

/**
 * Late work (issue 50, docs/decisions/0465): a task past its due moment with nothing delivered is
 * overdue; the expert may ask for more time, and from LATE_WORK.freeCancelAfterHours after the due
 * moment with no extension agreed the client may cancel for free. An accepted extension moves the due
 * moment itself, so every rule here reads the task's current due date.
 */

const HOUR_MS = 60 * 60 * 1000;

/** The statuses in which work is owed and nothing is delivered yet. */
export const OVERDUE_STATUSES: readonly TaskStatus[] = ['assigned', 'in_progress'];

export interface LateWorkFacts {
  status: TaskStatus;
  due_date: Date | string | null;
}

const dueOf = (task: LateWorkFacts): Date | null => (task.due_date ? new Date(task.due_date) : null);

/** Past the due moment with nothing delivered: both parties see "Overdue". */
export function isOverdue(task: LateWorkFacts, now: Date): boolean {
  const due = dueOf(task);
  return due !== null && OVERDUE_STATUSES.includes(task.status) && now.getTime() > due.getTime();
}

/** The moment the free overdue cancel opens, or null when the task has no due moment. */
export function overdueCancelOpensAt(task: Pick<LateWorkFacts, 'due_date'>): Date | null {
  const due = task.due_date ? new Date(task.due_date) : null;
  return due ? new Date(due.getTime() + LATE_WORK.freeCancelAfterHours * HOUR_MS) : null;
}

/**
 * The client's overdue cancel: always free (the hold is released in full, no fee), whatever the
 * cancellation policy says about other cancels. Open from 24 hours after the (current) due moment.
 */
export function isOverdueCancellable(task: LateWorkFacts, now: Date): boolean {
  const opensAt = overdueCancelOpensAt(task);
  return opensAt !== null && OVERDUE_STATUSES.includes(task.status) && now.getTime() >= opensAt.getTime();
}

/** Due moments at or before this one are overdue-cancellable at `now` (the same rule as a SQL bound). */
export function overdueFreeCancelCutoff(now: Date): Date {
  return new Date(now.getTime() - LATE_WORK.freeCancelAfterHours * HOUR_MS);
}

/** The latest due moment one extension may ask for. */
export function latestExtensionDue(task: Pick<LateWorkFacts, 'due_date'>, now: Date): Date {
  const due = task.due_date ? new Date(task.due_date) : now;
  const from = Math.max(due.getTime(), now.getTime());
  return new Date(from + LATE_WORK.extensionMaxDays * 24 * HOUR_MS);
}
