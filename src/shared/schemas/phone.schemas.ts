import { z } from 'zod';
import { PHONE } from '../constants';
import { isValidUsPhone, normalizeToE164, usPhoneToE164 } from '../domain/phone';
import { messages } from '../messages';

const phoneText = messages.phone;

/**
 * POST /api/phone-verification/send: the server's rule. Separators are tolerated and removed; the result must be
 * E.164 (plus, a nonzero digit, at most 15 digits), else "Invalid phone number format".
 */
export const sendVerificationCodeSchema = z.object({
  phoneNumber: z.string({ error: phoneText.invalidFormat }).transform((value, ctx) => {
    const e164 = normalizeToE164(value);
    if (e164 === null) {
      ctx.addIssue({ code: 'custom', message: phoneText.invalidFormat });
      return z.NEVER;
    }
    return e164;
  }),
});
export type SendVerificationCodeRequest = z.input<typeof sendVerificationCodeSchema>;

/** The phone form (US numbers, +1 added): the output is the E.164 number to send. */
export const phoneFormSchema = z.object({
  phone: z
    .string({ error: phoneText.invalidNumber })
    .refine(isValidUsPhone, phoneText.invalidNumber)
    .transform((value) => usPhoneToE164(value) as string),
});
export type PhoneFormValues = z.input<typeof phoneFormSchema>;

/** POST /api/phone-verification/verify: exactly 6 digits. */
export const verifyCodeSchema = z.object({
  code: z
    .string({ error: phoneText.codeRequired })
    .trim()
    .min(1, { message: phoneText.codeRequired, abort: true })
    .regex(new RegExp(`^\\d{${PHONE.codeLength}}$`), phoneText.codeInvalid),
});
export type VerifyCodeRequest = z.infer<typeof verifyCodeSchema>;

/**
 * GET /api/phone-verification: the caller's state. The code and its hash never leave the server.
 * resend_in_seconds counts down the 60 s cooldown (0 when a new code may be sent).
 */
export interface PhoneVerificationStatusDto {
  phone_number: string | null;
  is_verified: boolean;
  /** A code was sent and is waiting to be entered (it may have expired: see code_expires_at). */
  code_pending: boolean;
  code_expires_at: string | null;
  can_resend_at: string | null;
  resend_in_seconds: number;
  /** Attempts left for the pending code (3 per code). */
  attempts_remaining: number;
}

/** The answer of POST /api/phone-verification/send and /verify: the spec's success text and the new state. */
export interface PhoneActionResultDto {
  success: true;
  message: string;
  status: PhoneVerificationStatusDto;
}
