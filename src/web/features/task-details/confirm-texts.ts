import { format } from '@shared/format-message';
import { formatUsd } from '@shared/domain/money';
import { messages } from '@shared/messages';
import type { ConfirmTexts } from './confirm-action';

const detailsText = messages.taskPages.details;
const disputesText = messages.disputes;

/** Every confirmation a task page asks before an action: its button, busy text, dialog and look. */
export const CONFIRMS = {
  acceptRejection: {
    label: disputesText.acceptRejectionButton,
    busyLabel: disputesText.acceptRejectionButton,
    title: disputesText.acceptRejectionButton,
    description: disputesText.acceptRejectionConfirm,
    cancelLabel: disputesText.cancel,
    variant: 'destructive',
  },
} satisfies Record<string, ConfirmTexts>;

/** Confirm and pay names the amount the client is about to release. */
export const confirmPayTexts = (budgetCents: number): ConfirmTexts => ({
  label: detailsText.confirmPay,
  busyLabel: detailsText.confirming,
  title: detailsText.confirmPayTitle,
  description: format(detailsText.confirmPayText, { amount: formatUsd(budgetCents) }),
  cancelLabel: detailsText.confirmKeep,
});
