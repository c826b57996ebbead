import { z } from 'zod';
import { messages } from '../messages';

const disputesText = messages.disputes;
const holdsText = messages.holds;

export const DISPUTE_REASON_MAX = 2000;

/** The client's Reject: a required reason, and optionally a request for new evidence. */
export const rejectEvidenceSchema = z.object({
  reason: z.string({ error: disputesText.reasonRequired }).trim().min(1, disputesText.reasonRequired).max(DISPUTE_REASON_MAX, disputesText.reasonTooLong),
  request_changes: z.boolean({ error: messages.common.invalidRequest }).default(false),
});
export type RejectEvidenceRequest = z.input<typeof rejectEvidenceSchema>;

export const DISPUTE_RESOLUTIONS = ['release', 'refund', 'partial'] as const;
export type DisputeResolutionChoice = (typeof DISPUTE_RESOLUTIONS)[number];

/** An admin's ruling: release in full, refund in full, or capture `amount_cents` (1..authorized). */
export const resolveDisputeSchema = z
  .object({
    resolution: z.enum(DISPUTE_RESOLUTIONS, { error: messages.common.invalidRequest }),
    amount_cents: z.number({ error: disputesText.amountInvalid }).int(disputesText.amountInvalid).min(1, disputesText.amountInvalid).optional(),
    note: z.string().trim().max(1000).optional(),
  })
  .refine((value) => value.resolution !== 'partial' || value.amount_cents !== undefined, {
    message: disputesText.amountInvalid,
    path: ['amount_cents'],
  });
export type ResolveDisputeRequest = z.input<typeof resolveDisputeSchema>;

export const disputeListQuerySchema = z.object({
  status: z.enum(['open', 'resolved'], { error: messages.common.invalidRequest }).default('open'),
});

export const idParamSchema = z.object({ id: z.uuid({ error: messages.common.notFound }) });

/**
 * An admin's refund of a captured payment. `idempotency_key` is made once per refund dialog, so a
 * double click or a retried request refunds once.
 */
export const refundSchema = z.object({
  amount_cents: z.number({ error: holdsText.refundAmountInvalid }).int(holdsText.refundAmountInvalid).min(1, holdsText.refundAmountInvalid),
  idempotency_key: z
    .string({ error: messages.common.invalidRequest })
    .regex(/^[A-Za-z0-9_-]{8,100}$/, messages.common.invalidRequest),
  reason: z.string().trim().max(500).optional(),
});
export type RefundRequest = z.input<typeof refundSchema>;

export interface DisputeDto {
  id: string;
  task_id: string;
  reason: string;
  request_changes: boolean;
  status: 'open' | 'resubmitted' | 'resolved';
  resolution: 'release' | 'refund' | 'partial' | 'expert_accepted' | 'client_confirmed' | null;
  captured_amount: number | null;
  resubmitted_at: string | null;
  resolved_at: string | null;
  created_at: string;
}

/** GET /tasks/:id/money: the deadlines and the dispute, for the task page's countdowns. */
export interface TaskMoneyDto {
  task_id: string;
  status: string;
  payment_status: string;
  authorization_hold_expires_at: string | null;
  review_window_ends_at: string | null;
  dispute: DisputeDto | null;
  can_resubmit: boolean;
  can_accept_rejection: boolean;
  can_reauthorize: boolean;
  has_saved_card: boolean;
  /** How the client renews the hold now: the saved card, the payment dialog, or not at all. */
  reauthorize_with: 'saved_card' | 'payment_dialog' | null;
  /** The amount a new hold is for (the task's agreed amount), in cents. */
  amount_cents: number;
  /** The server's clock, so countdowns stay right when it differs from the browser's. */
  server_now: string;
}

export interface AdminDisputeDto extends DisputeDto {
  task: {
    id: string;
    title: string;
    status: string;
    budget: number;
    payment_status: string;
    authorization_hold_expires_at: string | null;
  };
  /** The parties, linked in the admin Disputes tab (issue 52). */
  client_id: string;
  client_name: string;
  expert_id: string | null;
  expert_name: string | null;
}

export interface RefundableTransactionDto {
  id: string;
  task_id: string;
  task_title: string;
  amount: number;
  amount_refunded: number;
  platform_fee: number;
  status: string;
  created_at: string;
}

/** The review window an admin may set: at least an hour, and shorter than a 7-day card hold. */
export const REVIEW_WINDOW_HOURS = { min: 1, max: 160, default: 72 } as const;

export const moneySettingsSchema = z.object({
  review_window_hours: z
    .number({ error: messages.holds.reviewWindowInvalid })
    .int(messages.holds.reviewWindowInvalid)
    .min(REVIEW_WINDOW_HOURS.min, messages.holds.reviewWindowInvalid)
    .max(REVIEW_WINDOW_HOURS.max, messages.holds.reviewWindowInvalid),
});
export type MoneySettingsDto = z.infer<typeof moneySettingsSchema>;
