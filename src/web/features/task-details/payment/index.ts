/** What the task-details page renders: the payment dialog (also opened by the hiring callback) and the payment section. */
export { PaymentDialog, type PaymentDialogProps } from './payment-dialog';
export { PaymentSection } from './payment-section';
