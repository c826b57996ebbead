import { SETTINGS_DEFAULTS } from '../constants';
import { countText } from '../plural';
import { feeShare } from './fee-share';
import { formatUsd } from './money';

/**
 * The admin settings a text may state (system_settings): the client's review window, the platform fee
 * and the task price limits (cents). The server reads them from the database, the web from
 * GET /api/public-settings; a missing one reads as its default.
 */
export interface RuleSettings {
  review_window_hours: number;
  platform_fee_percent: number;
  min_task_price: number;
  max_task_price: number;
}

export const DEFAULT_RULE_SETTINGS: RuleSettings = {
  review_window_hours: SETTINGS_DEFAULTS.reviewWindowHours,
  platform_fee_percent: SETTINGS_DEFAULTS.platformFeePercent,
  min_task_price: SETTINGS_DEFAULTS.minTaskPriceCents,
  max_task_price: SETTINGS_DEFAULTS.maxTaskPriceCents,
};

const HOURS = { one: '{count} hour', other: '{count} hours' } as const;

const known = (value: number | null | undefined, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;

/** What each rule placeholder reads, from the settings in force. */
export function ruleValues(settings?: Partial<RuleSettings> | null): Record<string, string> {
  const s = settings ?? {};
  return {
    reviewWindow: countText(known(s.review_window_hours, DEFAULT_RULE_SETTINGS.review_window_hours), HOURS),
    ...feeShare(s.platform_fee_percent),
    minPrice: formatUsd(known(s.min_task_price, DEFAULT_RULE_SETTINGS.min_task_price)),
    maxPrice: formatUsd(known(s.max_task_price, DEFAULT_RULE_SETTINGS.max_task_price)),
  };
}

/**
 * The one formatter of texts that state a rule an admin can change (docs/decisions/0451): fills
 * {reviewWindow} ("72 hours", "1 hour"), {fee} and {share} (percents as percentText writes them),
 * {minPrice} and {maxPrice} (dollars) from the settings in force, and any other placeholder from
 * `values`. A placeholder with no value stays as written, as in `format`.
 */
export function ruleText(
  template: string,
  settings?: Partial<RuleSettings> | null,
  values: Record<string, string | number> = {},
): string {
  const lookup: Record<string, string | number> = { ...values, ...ruleValues(settings) };
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = lookup[name];
    return value === undefined ? whole : String(value);
  });
}
