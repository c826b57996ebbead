import { z } from 'zod';
import { CANCEL_HOLD_REASONS } from '../domain/enums';
import { messages } from '../messages';
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

/** Digits of a typed card number: spaces and dashes are how people group them. */
export const cardDigits = (value: string) => value.replace(/[\s-]/g, '');

/** The card network's checksum, so a mistyped number is caught before it reaches the provider. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A two- or four-digit card year as a full year. */
export const fullCardYear = (year: number) => (year < 100 ? 2000 + year : year);

/** Whether a card is past its expiry month at `now` (a card is good through its last day). */
export function isCardExpired(month: number, year: number, now: Date): boolean {
  const full = fullCardYear(year);
  return full < now.getUTCFullYear() || (full === now.getUTCFullYear() && month < now.getUTCMonth() + 1);
}

const cardText = messages.payment.card;

/**
 * POST /payments/local/confirm: the embedded provider's card form (the local stand-in for the card
 * provider's Payment Element). Never used with the real provider, whose card fields never reach us.
 */
export const localCardSchema = z.object({
  client_secret: z.string().trim().min(1, messages.common.invalidRequest).max(255),
  card_number: z
    .string(cardText.numberInvalid)
    .transform(cardDigits)
    .refine((digits) => /^\d{12,19}$/.test(digits) && passesLuhn(digits), cardText.numberInvalid),
  exp_month: z.coerce.number(cardText.expiryInvalid).int(cardText.expiryInvalid).min(1, cardText.expiryInvalid).max(12, cardText.expiryInvalid),
  exp_year: z.coerce
    .number(cardText.expiryInvalid)
    .int(cardText.expiryInvalid)
    .refine((year) => (year >= 0 && year <= 99) || (year >= 2000 && year <= 2199), cardText.expiryInvalid),
  cvc: z.string(cardText.cvcInvalid).trim().regex(/^\d{3,4}$/, cardText.cvcInvalid),
  name: z.string(cardText.nameRequired).trim().min(1, cardText.nameRequired).max(200, cardText.nameRequired),
  postal_code: z
    .string(cardText.postalCodeInvalid)
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/, cardText.postalCodeInvalid),
});
export type LocalCardRequest = z.input<typeof localCardSchema>;

/** POST /payments/local/authenticate: the embedded provider's stand-in for the 3-D Secure step. */
export const localAuthenticateSchema = z.object({
  client_secret: z.string().trim().min(1, messages.common.invalidRequest).max(255),
  approve: z.boolean(messages.common.invalidRequest),
});
export type LocalAuthenticateRequest = z.infer<typeof localAuthenticateSchema>;

/** GET /payments/intent-status?client_secret=: what the return page reads with the embedded provider. */
export const intentStatusQuerySchema = z.object({
  client_secret: z.string().trim().min(1, messages.common.invalidRequest).max(255),
});
