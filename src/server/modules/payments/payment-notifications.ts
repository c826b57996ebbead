import { format } from '@shared/format-message';
import { formatUsd } from '@shared/domain/money';
import { messages } from '@shared/messages';
import type { NewNotification } from '../notifications/notifications.repository';

const paymentText = messages.paymentNotifications;

/** The payment steps a party is told of, with their notification type and texts. */
const KINDS = {
  /** To the expert: the client's hold is in place (decision 0071). */
  authorized: { type: 'payment_authorized', title: paymentText.authorizedTitle, message: paymentText.authorizedMessage },
  /** To the client: the same step, seen as the hire confirmed. */
  assignmentConfirmed: {
    type: 'assignment_confirmed',
    title: paymentText.assignmentConfirmedTitle,
    message: paymentText.assignmentConfirmedMessage,
  },
  /** To the expert: the hold was captured; `amountCents` is what reaches them (after the fee). */
  captured: { type: 'payment_captured', title: paymentText.capturedTitle, message: paymentText.capturedMessage },
} as const;

/** One payment notification row, written in the transaction of the change it reports. */
export function paymentNotification(
  kind: keyof typeof KINDS,
  params: { to: string; task: { id: string; title: string }; amountCents: number; data: Record<string, unknown>; now: Date },
): NewNotification {
  const { type, title, message } = KINDS[kind];
  return {
    user_id: params.to,
    type,
    task_id: params.task.id,
    title,
    message: format(message, { amount: formatUsd(params.amountCents), title: params.task.title }),
    data: params.data,
    created_at: params.now,
  };
}
