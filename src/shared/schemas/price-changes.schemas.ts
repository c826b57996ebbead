import { z } from 'zod';
import { PRICE_CHANGES } from '../constants';
import { format } from '../format-message';
import { messages } from '../messages';
import { centsField, dollarsField, requiredText } from './common.schemas';

/**
 * Issue 51's price changes after the hire (all under /api; docs/decisions/0467):
 *   GET  /tasks/:id/price-changes                      -> PriceChangesResponse (the parties, admins)
 *   POST /tasks/:id/price-changes                      ProposePriceChangeRequest -> PriceChangeAnswer (the client or the hired expert)
 *   POST /tasks/:id/price-changes/:changeId/approve    -> PriceChangeAnswer (the other party)
 *   POST /tasks/:id/price-changes/:changeId/decline    -> PriceChangeAnswer (the other party)
 */

const text = messages.priceChanges;

const reason = requiredText(1, PRICE_CHANGES.reasonMaxLength, text.reasonRequired, format(text.reasonTooLong, { max: PRICE_CHANGES.reasonMaxLength }));

export const proposePriceChangeSchema = z.object({
  amount: centsField(text.amountRequired, text.amountInvalid),
  reason,
});
export type ProposePriceChangeRequest = z.input<typeof proposePriceChangeSchema>;
export type ProposePriceChangeInput = z.output<typeof proposePriceChangeSchema>;

/** The dialog: the price typed in dollars. */
export const priceChangeFormSchema = z.object({
  amount: dollarsField(text.amountRequired, text.amountInvalid),
  reason,
});

export const priceChangeDtoSchema = z.object({
  id: z.string(),
  proposed_by: z.enum(['client', 'expert']),
  previous_amount: z.number().int(),
  amount: z.number().int(),
  reason: z.string(),
  status: z.enum(['pending', 'approved', 'declined']),
  /** How an approved increase is held: pending, incremental, second_hold or failed; null otherwise. */
  authorization: z.enum(['pending', 'incremental', 'second_hold', 'failed']).nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type PriceChangeDto = z.infer<typeof priceChangeDtoSchema>;

export const priceChangesResponseSchema = z.object({
  changes: z.array(priceChangeDtoSchema),
  /** The task's current price (integer cents). */
  price: z.number().int(),
  /** The asking party's side (null for an admin). */
  you: z.enum(['client', 'expert']).nullable(),
  /** Whether a new change may be proposed now (the task's state, nothing pending). */
  can_propose: z.boolean(),
});
export type PriceChangesResponse = z.infer<typeof priceChangesResponseSchema>;

export const priceChangeAnswerSchema = z.object({ change: priceChangeDtoSchema, price: z.number().int(), message: z.string() });
export type PriceChangeAnswer = z.infer<typeof priceChangeAnswerSchema>;
