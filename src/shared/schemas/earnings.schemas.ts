import { z } from 'zod';
import { messages } from '../messages';

const text = messages.earnings;

/** A calendar day, YYYY-MM-DD (the expert's filter; days are UTC days). */
const day = z
  .string({ error: text.invalidDate })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: text.invalidDate })
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), { error: text.invalidDate });

export const earningsQuerySchema = z
  .object({ from: day.optional(), to: day.optional() })
  .refine((value) => !value.from || !value.to || value.from <= value.to, {
    error: text.invalidRange,
    path: ['from'],
  });
export type EarningsQuery = z.infer<typeof earningsQuerySchema>;

export const statementParamsSchema = z.object({
  year: z.coerce
    .number({ error: text.invalidYear })
    .int({ error: text.invalidYear })
    .min(2000, { error: text.invalidYear })
    .max(2100, { error: text.invalidYear }),
});

export const EARNING_STATUSES = ['held', 'captured', 'in_transit', 'paid'] as const;
export type EarningStatus = (typeof EARNING_STATUSES)[number];

export const earningRowSchema = z
  .object({
    task_id: z.string(),
    title: z.string(),
    /** When the payment was held (held) or captured (the others). */
    date: z.string(),
    price_cents: z.number().int(),
    platform_fee_cents: z.number().int(),
    /** The provider's fee as it reports it; null until it has. */
    provider_fee_cents: z.number().int().nullable(),
    tip_cents: z.number().int(),
    net_cents: z.number().int(),
    status: z.enum(EARNING_STATUSES),
    expected_arrival: z.string().nullable(),
  })
  .meta({ id: 'EarningRow' });
export type EarningRowDto = z.infer<typeof earningRowSchema>;

export const earningTotalsSchema = z.object({
  price_cents: z.number().int(),
  platform_fee_cents: z.number().int(),
  provider_fee_cents: z.number().int(),
  tip_cents: z.number().int(),
  net_cents: z.number().int(),
});
export type EarningTotals = z.infer<typeof earningTotalsSchema>;

export const earningsResponseSchema = z
  .object({
    rows: z.array(earningRowSchema),
    totals: z.object({
      month: earningTotalsSchema,
      year: earningTotalsSchema,
      shown: earningTotalsSchema,
      held_cents: z.number().int(),
    }),
    /** Years with captured earnings, newest first (one statement each). */
    years: z.array(z.number().int()),
  })
  .meta({ id: 'Earnings' });
export type EarningsDto = z.infer<typeof earningsResponseSchema>;

export const dashboardLinkResponseSchema = z.object({ url: z.string() });
