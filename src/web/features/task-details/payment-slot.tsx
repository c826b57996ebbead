import type { TaskDetailsDto } from '@shared/schemas/task-api';
import { PaymentDialog, type PaymentDialogProps } from './payment/payment-dialog';

/**
 * Where the payments feature plugs into the task page. The payment dialog and section belong to the
 * payments work (./payment/, not edited here); these wrappers are the only place that imports them.
 */
export type TaskPaymentDialogProps = PaymentDialogProps;

export function TaskPaymentDialog(props: TaskPaymentDialogProps) {
  return <PaymentDialog {...props} />;
}

/** The client's payment section: shown when an expert is assigned and the task is no longer open. */
export function TaskPaymentSection(_props: { task: TaskDetailsDto }) {
  return null;
}
