import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import type { NewNotification } from '../notifications/notifications.repository';

type TaskRef = { id: string; title: string };

/** Rows for the timed money events and disputes; written with insertNotifications in the change's transaction. */
export function moneyNotification(
  to: string,
  type: NewNotification['type'],
  title: string,
  message: string,
  task: TaskRef,
  now: Date,
  data: Record<string, unknown> = {},
): NewNotification {
  return { user_id: to, type, title, message, task_id: task.id, data, created_at: now };
}

const holdsText = messages.holds;

export const holdNotifications = {
  expiring: (to: string, task: TaskRef, hours: number, now: Date) =>
    moneyNotification(to, 'hold_expiring', holdsText.expiringTitle, format(holdsText.expiringMessage, { title: task.title, hours }), task, now, {
      hours_left: hours,
    }),
  reauthorize: (to: string, task: TaskRef, now: Date) =>
    moneyNotification(to, 'reauthorization_needed', holdsText.reauthorizeTitle, format(holdsText.reauthorizeMessage, { title: task.title }), task, now),
  reauthorized: (to: string, task: TaskRef, amount: string, now: Date) =>
    moneyNotification(to, 'payment_reauthorized', holdsText.reauthorizedTitle, format(holdsText.reauthorizedMessage, { title: task.title, amount }), task, now),
  lapsed: (to: string, task: TaskRef, now: Date) =>
    moneyNotification(to, 'payment_lapsed', holdsText.lapsedTitle, format(holdsText.lapsedMessage, { title: task.title }), task, now),
  reviewReminder: (to: string, task: TaskRef, hours: number, now: Date) =>
    moneyNotification(
      to,
      'review_window_reminder',
      holdsText.reviewReminderTitle,
      format(holdsText.reviewReminderMessage, { title: task.title, hours }),
      task,
      now,
      { hours_left: hours },
    ),
  autoReleasedClient: (to: string, task: TaskRef, now: Date) =>
    moneyNotification(to, 'task_verified', holdsText.autoReleasedTitle, format(holdsText.autoReleasedClientMessage, { title: task.title }), task, now, {
      automatic: true,
    }),
  refunded: (to: string, task: TaskRef, amount: string, now: Date) =>
    moneyNotification(to, 'payment_refunded', holdsText.refundTitle, format(holdsText.refundMessage, { title: task.title, amount }), task, now),
};
