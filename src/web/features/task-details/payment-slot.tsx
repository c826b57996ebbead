import type { TaskDetailsDto } from '@shared/schemas/task-api';

/**
 * Where the payments feature plugs into the task page. The payment dialog and section belong to the
 * payments work (./payment/, not edited here); these wrappers are the only place that imports them.
 */
export interface TaskPaymentDialogProps {
  taskId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  amountCents: number;
}

export function TaskPaymentDialog(_props: TaskPaymentDialogProps) {
  return null;
}

/** The client's payment section: shown when an expert is assigned and the task is no longer open. */
export function TaskPaymentSection(_props: { task: TaskDetailsDto }) {
  return null;
}
