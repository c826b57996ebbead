import { TASK_DEFAULTS } from '@shared/constants';
import { messages } from '@shared/messages';
import { badRequest } from '../../lib/errors';

/**
 * A due date at most a year ahead of now (docs/decisions/0066): a task that far out is a typo or a
 * probe, and the payment hold (7 days) and the reminders assume near-term work.
 */
export function assertDueDateWithinLimit(dueDate: Date | undefined, now: Date): void {
  if (dueDate === undefined) return;
  const latest = new Date(now);
  latest.setUTCDate(latest.getUTCDate() + TASK_DEFAULTS.dueDateMaxDaysAhead);
  if (dueDate.getTime() > latest.getTime()) throw badRequest(messages.tasks.dueDateTooFar, { due_date: messages.tasks.dueDateTooFar });
}
