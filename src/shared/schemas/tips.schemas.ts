import { z } from 'zod';
import { messages } from '../messages';
import { formatUsd } from '../domain/money';

const text = messages.earnings;

import { TIP, TIP_PERCENTS } from '../domain/tips';

export { TIP, TIP_PERCENTS };

/** A tip: a share of the price (10, 15 or 20%) or a custom amount in cents, with the client's request key. */
export const createTipSchema = z
  .object({
    percent: z
      .union([z.literal(10), z.literal(15), z.literal(20)], { error: text.tipAmountRequired })
      .optional(),
    amount_cents: z
      .number({ error: text.tipAmountRequired })
      .int({ error: text.tipAmountRequired })
      .min(TIP.minCents, { error: text.tipAmountTooSmall })
      .max(TIP.maxCents, { error: text.tipAmountTooLarge.replace('{max}', formatUsd(TIP.maxCents)) })
      .optional(),
    idempotency_key: z
      .string({ error: text.tipKeyRequired })
      .trim()
      .min(8, { error: text.tipKeyRequired })
      .max(100, { error: text.tipKeyRequired }),
  })
  .refine((value) => (value.percent === undefined) !== (value.amount_cents === undefined), {
    error: text.tipAmountRequired,
    path: ['amount_cents'],
  });
export type CreateTipInput = z.infer<typeof createTipSchema>;

export const tipDtoSchema = z
  .object({
    id: z.string(),
    task_id: z.string(),
    amount_cents: z.number().int(),
    percent: z.number().int().nullable(),
    status: z.enum(['pending', 'succeeded', 'failed', 'requires_action']),
    failure_message: z.string().nullable(),
    created_at: z.string(),
    captured_at: z.string().nullable(),
  })
  .meta({ id: 'Tip' });
export type TipDto = z.infer<typeof tipDtoSchema>;

export const taskTipResponseSchema = z
  .object({
    tip: tipDtoSchema.nullable(),
    /** Whether the client may add a tip now. */
    can_tip: z.boolean(),
    /** Until when a tip can be added (completion + 7 days); null before completion. */
    tip_until: z.string().nullable(),
    /** The price the percentages apply to. */
    price_cents: z.number().int(),
  })
  .meta({ id: 'TaskTip' });
export type TaskTipDto = z.infer<typeof taskTipResponseSchema>;
