import { SETTINGS_DEFAULTS } from '@shared/constants';
import { DEFAULT_CANCELLATION_POLICY } from '@shared/domain/cancellation-policy';
import { messages } from '@shared/messages';
import type { PublicSettingsDto } from '@shared/schemas/geo.schemas';
import type { PublicSettingsRow } from './settings.repository';
import { DEFAULT_PRIVACY_POLICY, defaultTerms } from './legal-defaults';

const filled = (value: string | null | undefined) => (value && value.trim() !== '' ? value : null);

/**
 * The footer and legal texts of system_settings, with the product's default texts for empty ones, and the
 * settings the rule texts state (fee, review window, price limits: decision 0451).
 */
export function toPublicSettings(row: PublicSettingsRow | null): PublicSettingsDto {
  const feePercent = row ? Number(row.platform_fee_percent) : SETTINGS_DEFAULTS.platformFeePercent;
  return {
    footer_text: filled(row?.footer_text) ?? messages.legal.defaultFooter,
    contact_email: filled(row?.contact_email)?.trim() ?? null,
    tos_content: filled(row?.tos_content) ?? defaultTerms(feePercent),
    privacy_policy_content: filled(row?.privacy_policy_content) ?? DEFAULT_PRIVACY_POLICY,
    maintenance_mode: row?.maintenance_mode ?? SETTINGS_DEFAULTS.maintenanceMode,
    platform_fee_percent: feePercent,
    review_window_hours: row?.review_window_hours ?? SETTINGS_DEFAULTS.reviewWindowHours,
    min_task_price: row?.min_task_price ?? SETTINGS_DEFAULTS.minTaskPriceCents,
    max_task_price: row?.max_task_price ?? SETTINGS_DEFAULTS.maxTaskPriceCents,
    cancellation_policy: row
      ? {
          cancel_free_hours_before_start: row.cancel_free_hours_before_start,
          cancel_free_minutes_after_hire: row.cancel_free_minutes_after_hire,
          callout_fee_percent: row.callout_fee_percent,
          callout_fee_min_cents: row.callout_fee_min_cents,
        }
      : { ...DEFAULT_CANCELLATION_POLICY },
  };
}
