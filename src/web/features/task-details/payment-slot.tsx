import type { TaskDetailsDto } from '@shared/schemas/task-api';
import { PaymentDialog, PaymentSection, type PaymentDialogProps } from './payment';

/**
 * Where the payments feature plugs into the task page. The payment dialog and section belong to the
 * payments work (./payment/, not edited here); these wrappers are the only place that imports them.
 */
export type TaskPaymentDialogProps = PaymentDialogProps;

/** The hiring callback's dialog: consent, then the card, for the hired expert's rate. */
export function TaskPaymentDialog(props: TaskPaymentDialogProps) {
  return <PaymentDialog {...props} />;
}

/** The client's payment section (with its Next Steps hint): shown when an expert is assigned and the task is no longer open. */
export function TaskPaymentSection({ task }: { task: TaskDetailsDto }) {
  return <PaymentSection task={task} />;
}
