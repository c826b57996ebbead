import { z } from 'zod';
import { CANCEL_HOLD_REASONS } from '../domain/enums';
import { idSchema } from './common.schemas';

/**
 * Payment requests. Amounts never come from the browser: the server reads the task's budget
 * (the hired expert's rate, in cents) and computes the fee itself.
 */

/** POST /payments/intent: a card authorization for the task's agreed amount. */
export const createPaymentIntentSchema = z.object({ task_id: idSchema });
export type CreatePaymentIntentRequest = z.infer<typeof createPaymentIntentSchema>;

/** POST /payments/confirm: after the card step, stage confirm_authorization. */
export const confirmPaymentSchema = z.object({
  taskId: idSchema,
  paymentIntentId: z.string().trim().min(1).max(255),
  paymentIntentClientSecret: z.string().trim().min(1).max(255),
  action: z.literal('confirm_authorization'),
});
export type ConfirmPaymentRequest = z.infer<typeof confirmPaymentSchema>;

/** POST /payments/capture: capture the hold once the client verified the evidence. */
export const capturePaymentSchema = z.object({
  task_id: idSchema,
  stripe_payment_intent_id: z.string().trim().min(1).max(255).optional(),
  trigger: z.literal('evidence_confirmed').optional(),
});
export type CapturePaymentRequest = z.infer<typeof capturePaymentSchema>;

/** Cancelling a hold, with the spec's reasons. */
export const cancelHoldSchema = z.object({ task_id: idSchema, reason: z.enum(CANCEL_HOLD_REASONS) });
export type CancelHoldRequest = z.infer<typeof cancelHoldSchema>;

/** The query string the card provider appends when it returns to /stripe-return after a payment. */
export const paymentReturnQuerySchema = z.object({
  payment_intent: z.string().optional(),
  payment_intent_client_secret: z.string().optional(),
  /** "failed" counts as a failure whatever the intent's status. */
  redirect_status: z.string().optional(),
});
export type PaymentReturnQuery = z.infer<typeof paymentReturnQuerySchema>;
