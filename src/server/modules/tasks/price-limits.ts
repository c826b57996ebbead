import { SETTINGS_DEFAULTS } from '@shared/constants';
import { ruleText } from '@shared/domain/rule-texts';
import { messages } from '@shared/messages';
import type { Db } from '../../db/client';
import { rememberedRead } from '../../db/table-memo';
import { badRequest } from '../../lib/errors';
import { readPriceLimits, type PriceLimits } from './tasks.repository';

/**
 * The admin's task price limits (docs/decisions/0041-task-price-limits.md), beyond the spec: a task's
 * budget, and an application's proposed rate (which becomes the budget when the expert is hired),
 * must lie within system_settings.min_task_price..max_task_price (cents).
 */
export async function priceLimitsOf(db: Db): Promise<PriceLimits> {
  // Read when a task is posted and on every application: remembered until the settings change (decision 0405).
  return (
    (await rememberedRead(db, 'system_settings', 'price_limits', () => readPriceLimits(db))) ?? {
      minCents: SETTINGS_DEFAULTS.minTaskPriceCents,
      maxCents: SETTINGS_DEFAULTS.maxTaskPriceCents,
    }
  );
}

export type PricedField = 'budget' | 'proposed_rate';

const TEXTS = {
  budget: { below: messages.tasks.budgetBelowMinimum, above: messages.tasks.budgetAboveMaximum },
  proposed_rate: { below: messages.applications.rateBelowMinimum, above: messages.applications.rateAboveMaximum },
} as const satisfies Record<PricedField, { below: string; above: string }>;

/** The error for an amount outside the limits, or null when it is within them. */
export function priceLimitError(cents: number, limits: PriceLimits, field: PricedField): string | null {
  const settings = { min_task_price: limits.minCents, max_task_price: limits.maxCents };
  if (cents < limits.minCents) return ruleText(TEXTS[field].below, settings);
  if (cents > limits.maxCents) return ruleText(TEXTS[field].above, settings);
  return null;
}

/** 400 with the limit's text when the amount is outside the admin's limits. */
export async function assertWithinPriceLimits(db: Db, cents: number, field: PricedField): Promise<void> {
  const error = priceLimitError(cents, await priceLimitsOf(db), field);
  if (error) throw badRequest(error, { [field]: error });
}
