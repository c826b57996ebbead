import { messages } from '../messages';
import type { PaymentStatus, TaskStatus } from './task-status';

/** How task and payment statuses read on screen: labels, the header's text and the status dot's colour. */
export const STATUS_LABELS: Readonly<Record<TaskStatus, string>> = messages.taskStatus;

export function statusLabel(status: TaskStatus): string {
  return STATUS_LABELS[status];
}

/** The status as written in the task header: underscores shown as spaces. */
export function statusText(status: string): string {
  return status.replace(/_/g, ' ');
}

export type StatusDotColor = 'green' | 'blue' | 'orange' | 'grey';

export function statusDotColor(status: TaskStatus): StatusDotColor {
  switch (status) {
    case 'completed':
    case 'verified':
      return 'green';
    case 'in_progress':
    case 'assigned':
      return 'blue';
    case 'open':
    case 'disputed':
    case 'payment_lapsed':
    case 'changes_requested':
    case 'no_access_reported':
      return 'orange';
    default:
      return 'grey';
  }
}

/** The dot's Tailwind colour class per colour: the React header and the server's page shell both draw it. */
export const STATUS_DOT_CLASSES: Readonly<Record<StatusDotColor, string>> = {
  green: 'bg-green-600',
  blue: 'bg-blue-600',
  orange: 'bg-orange-500',
  grey: 'bg-gray-400',
};

export const PAYMENT_STATUS_LABELS: Readonly<Record<PaymentStatus, string>> = messages.paymentStatus;

export function paymentStatusLabel(status: PaymentStatus): string {
  return PAYMENT_STATUS_LABELS[status];
}
