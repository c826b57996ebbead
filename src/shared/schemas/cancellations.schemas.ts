import { z } from 'zod';
import {
  CANCEL_NOTE_MAX,
  CANCELLATION_POLICY_LIMITS,
  CLIENT_CANCEL_REASONS,
  EXPERT_CANCEL_REASONS,
  type CancellationPolicySettings,
  type CancellationQuote,
  type CancelReason,
} from '../domain/cancellation-policy';
import { messages } from '../messages';
import { overrideReasonSchema } from './admin-overrides.schemas';

const text = messages.cancellations;
// Kept in the domain module so that the web's dialog reads it without loading zod (decision 0408).
export { CANCEL_NOTE_MAX };

const note = z.string({ error: text.noteTooLong }).trim().max(CANCEL_NOTE_MAX, text.noteTooLong).optional();

function withReason<T extends readonly [CancelReason, ...CancelReason[]]>(reasons: T) {
  return z.enum(reasons, { error: (issue) => (issue.input === undefined ? text.reasonRequired : text.reasonInvalid) });
}

/** "Another reason" says which in a few words. */
const otherNeedsNote = (body: { reason?: string; note?: string }) => body.reason !== 'other' || Boolean(body.note && body.note.length > 0);

/**
 * POST /tasks/:id/cancel: the client's reason from the list and a note; an admin's override reason
 * instead of a reason. Every cancel names why (decision 0462).
 */
export const clientCancelSchema = z
  .object({
    reason: withReason(CLIENT_CANCEL_REASONS).optional(),
    note,
    /** The fee the dialog showed; a cancel whose cost changed since is refused (409) rather than charged. */
    expected_fee_cents: z.number({ error: text.expectedFeeInvalid }).int(text.expectedFeeInvalid).min(0, text.expectedFeeInvalid).optional(),
    override_reason: overrideReasonSchema.optional(),
  })
  .refine((body) => body.reason !== undefined || body.override_reason !== undefined, { message: text.reasonRequired, path: ['reason'] })
  .refine(otherNeedsNote, { message: text.noteRequiredForOther, path: ['note'] });
export type ClientCancelBody = z.input<typeof clientCancelSchema>;

/** POST /tasks/:id/expert-cancel, /decline and /abandon: the hired expert's reason (required) and a note. */
export const expertCancelSchema = z
  .object({ reason: withReason(EXPERT_CANCEL_REASONS), note })
  .refine(otherNeedsNote, { message: text.noteRequiredForOther, path: ['note'] });
export type ExpertCancelBody = z.input<typeof expertCancelSchema>;

/** GET /tasks/:id/cancellation-quote: what the caller's cancel would cost, now. */
export interface CancellationQuoteDto extends CancellationQuote {
  /** Whose cancel this quotes: the client's (or an admin's in their place) or the hired expert's. */
  party: 'client' | 'expert';
  /** The sentence that explains it, with the settings in force. */
  rule_text: string;
  /** The agreed visit's start the quote used, if any. */
  agreed_start: string | null;
  server_now: string;
}

/** The policy's numbers (GET /cancellation-policy, and the admin's PUT). */
export type CancellationPolicyDto = CancellationPolicySettings;

const whole = (max: number, message: string) => z.number({ error: message }).int(message).min(0, message).max(max, message);

export const cancellationPolicySchema = z.object({
  cancel_free_hours_before_start: whole(CANCELLATION_POLICY_LIMITS.freeHoursMax, text.freeHoursInvalid),
  cancel_free_minutes_after_hire: whole(CANCELLATION_POLICY_LIMITS.freeMinutesMax, text.freeMinutesInvalid),
  callout_fee_percent: whole(100, text.calloutPercentInvalid),
  callout_fee_min_cents: whole(CANCELLATION_POLICY_LIMITS.calloutMinMaxCents, text.calloutMinInvalid),
});
export type CancellationPolicyInput = z.infer<typeof cancellationPolicySchema>;

/** One cancel on the task's timeline. */
export interface CancellationEventDto {
  id: string;
  party: 'client' | 'expert' | 'admin';
  reason: string | null;
  reason_text: string;
  note: string | null;
  fee_cents: number;
  platform_fee_cents: number;
  created_at: string;
}

// The answers as zod schemas, for the OpenAPI description and the API suite's response checks.
const RULES = ['no_hold', 'after_hire', 'no_appointment', 'before_window', 'late', 'expert'] as const;
export const cancellationQuoteDtoSchema = z
  .object({
    fee_cents: z.number().int(),
    platform_fee_cents: z.number().int(),
    expert_cents: z.number().int(),
    released_cents: z.number().int(),
    rule: z.enum(RULES),
    party: z.enum(['client', 'expert']),
    rule_text: z.string(),
    agreed_start: z.string().nullable(),
    server_now: z.string(),
  })
  .meta({ id: 'CancellationQuote' });
export const cancellationEventDtoSchema = z
  .object({
    id: z.string(),
    party: z.enum(['client', 'expert', 'admin']),
    reason: z.string().nullable(),
    reason_text: z.string(),
    note: z.string().nullable(),
    fee_cents: z.number().int(),
    platform_fee_cents: z.number().int(),
    created_at: z.string(),
  })
  .meta({ id: 'CancellationEvent' });
export const cancellationPolicyDtoSchema = z
  .object({
    cancel_free_hours_before_start: z.number().int(),
    cancel_free_minutes_after_hire: z.number().int(),
    callout_fee_percent: z.number().int(),
    callout_fee_min_cents: z.number().int(),
  })
  .meta({ id: 'CancellationPolicy' });
