import { formatUsd } from '@shared/domain/money';
import { ruleText } from '@shared/domain/rule-texts';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import type { Db } from '../../db/client';
import { insertNotifications, type NewNotification } from '../notifications/notifications.repository';

const taskNotificationsText = messages.taskNotifications;

type TaskRef = { id: string; title: string };

/** Builders of the notification rows the task transitions write (always inside the change's transaction). */
export const taskNotification = {
  assignment: (to: string, task: TaskRef): NewNotification =>
    row(to, 'assignment', taskNotificationsText.assignmentTitle, format(taskNotificationsText.assignment, { title: task.title }), task),
  assignmentAccepted: (to: string, task: TaskRef): NewNotification =>
    row(to, 'assignment_accepted', taskNotificationsText.assignmentAcceptedTitle, format(taskNotificationsText.assignmentAccepted, { title: task.title }), task),
  assignmentDeclined: (to: string, task: TaskRef): NewNotification =>
    row(to, 'assignment_declined', taskNotificationsText.assignmentDeclinedTitle, format(taskNotificationsText.assignmentDeclined, { title: task.title }), task),
  taskAbandoned: (to: string, task: TaskRef): NewNotification =>
    row(to, 'task_abandoned', taskNotificationsText.taskAbandonedTitle, format(taskNotificationsText.taskAbandoned, { title: task.title }), task),
  taskCancelled: (to: string, task: TaskRef): NewNotification =>
    row(to, 'task_cancelled', taskNotificationsText.taskCancelledTitle, format(taskNotificationsText.taskCancelled, { title: task.title }), task),
  /** Issue 50: the client's free cancel of overdue work (docs/decisions/0465). */
  taskCancelledOverdue: (to: string, task: TaskRef): NewNotification =>
    row(to, 'task_cancelled_overdue', messages.lateWork.cancelledTitle, format(messages.lateWork.cancelledMessage, { title: task.title }), task),
  /** A late client cancel (issue 50): the expert's call-out fee, what they receive after the platform fee. */
  calloutFee: (to: string, task: TaskRef, reason: string, expertCents: number, feeCents: number): NewNotification =>
    row(
      to,
      'task_cancelled',
      messages.cancellations.calloutFeeTitle,
      format(messages.cancellations.calloutFeeMessage, { title: task.title, reason, amount: formatUsd(expertCents) }),
      task,
      { callout_fee_cents: feeCents, expert_cents: expertCents },
    ),
  /** The hired expert cancelled (issue 50): the client may hire another applicant at once. */
  expertCancelled: (to: string, task: TaskRef, reason: string): NewNotification =>
    row(
      to,
      'assignment_declined',
      messages.cancellations.expertCancelledTitle,
      format(messages.cancellations.expertCancelledMessage, { title: task.title, reason }),
      task,
    ),
  /** `reviewWindowHours`: the admin's review window in force (review-window.ts), which the text states. */
  evidenceSubmitted: (to: string, task: TaskRef, reviewWindowHours: number): NewNotification =>
    row(
      to,
      'evidence_submitted',
      taskNotificationsText.evidenceSubmittedTitle,
      ruleText(taskNotificationsText.evidenceSubmitted, { review_window_hours: reviewWindowHours }, { title: task.title }),
      task,
      { review_within_hours: reviewWindowHours },
    ),
  taskVerified: (to: string, task: TaskRef): NewNotification =>
    row(to, 'task_verified', taskNotificationsText.taskVerifiedTitle, format(taskNotificationsText.taskVerified, { title: task.title }), task),
  evidenceRejected: (to: string, task: TaskRef): NewNotification =>
    row(to, 'evidence_rejected', taskNotificationsText.evidenceRejectedTitle, format(taskNotificationsText.evidenceRejected, { title: task.title }), task),
  applicationRejected: (to: string, task: TaskRef, applicationId: string): NewNotification =>
    row(
      to,
      'application_rejected',
      taskNotificationsText.applicationRejectedTitle,
      format(taskNotificationsText.applicationRejected, { title: task.title }),
      task,
      { application_id: applicationId },
    ),
  /** Issue 19: the client learns an expert applied (the name is the one the applicant list shows). */
  applicationReceived: (to: string, task: TaskRef, application: { id: string; expertName: string }): NewNotification =>
    row(
      to,
      'application_received',
      messages.reach.applicationReceivedTitle,
      format(messages.reach.applicationReceived, { name: application.expertName, title: task.title }),
      task,
      { application_id: application.id },
    ),
  reviewReceived: (to: string, task: TaskRef, review: { id: string; rating: number }): NewNotification =>
    row(
      to,
      'review_received',
      taskNotificationsText.reviewReceivedTitle,
      format(taskNotificationsText.reviewReceived, { title: task.title, rating: review.rating }),
      task,
      { review_id: review.id, rating: review.rating },
    ),
};

function row(
  userId: string,
  type: NewNotification['type'],
  title: string,
  message: string,
  task: TaskRef,
  data: Record<string, unknown> = {},
): NewNotification {
  return { user_id: userId, type, title, message, task_id: task.id, data: { task_id: task.id, ...data } };
}

/** Writes the rows, skipping any addressed to nobody (e.g. a task without an expert). */
export async function notify(db: Db, rows: Array<NewNotification | null | undefined>): Promise<void> {
  await insertNotifications(db, rows.filter((r): r is NewNotification => Boolean(r)));
}
