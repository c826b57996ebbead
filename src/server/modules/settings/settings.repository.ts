import { DEFAULT_CANCELLATION_POLICY, type CancellationPolicySettings } from '@shared/domain/cancellation-policy';
import type { Db } from '../../db/client';
import { systemSettings } from '../../db/schema';

export interface PublicSettingsRow {
  footer_text: string | null;
  contact_email: string | null;
  tos_content: string | null;
  privacy_policy_content: string | null;
  maintenance_mode: boolean;
  platform_fee_percent: number;
  review_window_hours: number;
  min_task_price: number;
  max_task_price: number;
  cancel_free_hours_before_start: number;
  cancel_free_minutes_after_hire: number;
  callout_fee_percent: number;
  callout_fee_min_cents: number;
}

/** The public columns of the one system_settings row, or null when the row is missing. */
export async function readPublicSettings(db: Db): Promise<PublicSettingsRow | null> {
  const [row] = await db
    .select({
      footer_text: systemSettings.footer_text,
      contact_email: systemSettings.contact_email,
      tos_content: systemSettings.tos_content,
      privacy_policy_content: systemSettings.privacy_policy_content,
      maintenance_mode: systemSettings.maintenance_mode,
      platform_fee_percent: systemSettings.platform_fee_percent,
      review_window_hours: systemSettings.review_window_hours,
      min_task_price: systemSettings.min_task_price,
      max_task_price: systemSettings.max_task_price,
      cancel_free_hours_before_start: systemSettings.cancel_free_hours_before_start,
      cancel_free_minutes_after_hire: systemSettings.cancel_free_minutes_after_hire,
      callout_fee_percent: systemSettings.callout_fee_percent,
      callout_fee_min_cents: systemSettings.callout_fee_min_cents,
    })
    .from(systemSettings)
    .limit(1);
  return row ?? null;
}

/** The cancellation policy's numbers in force (issue 50, decision 0460); the defaults when the row is missing. */
export async function readCancellationPolicy(db: Db): Promise<CancellationPolicySettings> {
  const [row] = await db
    .select({
      cancel_free_hours_before_start: systemSettings.cancel_free_hours_before_start,
      cancel_free_minutes_after_hire: systemSettings.cancel_free_minutes_after_hire,
      callout_fee_percent: systemSettings.callout_fee_percent,
      callout_fee_min_cents: systemSettings.callout_fee_min_cents,
    })
    .from(systemSettings)
    .limit(1);
  return row ?? { ...DEFAULT_CANCELLATION_POLICY };
}

/** An admin's new policy numbers (the row exists: the admin module's readSystemSettings makes it). */
export async function writeCancellationPolicy(db: Db, input: CancellationPolicySettings, now: Date): Promise<CancellationPolicySettings> {
  const [row] = await db
    .update(systemSettings)
    .set({ ...input, updated_at: now })
    .returning({
      cancel_free_hours_before_start: systemSettings.cancel_free_hours_before_start,
      cancel_free_minutes_after_hire: systemSettings.cancel_free_minutes_after_hire,
      callout_fee_percent: systemSettings.callout_fee_percent,
      callout_fee_min_cents: systemSettings.callout_fee_min_cents,
    });
  return row ?? input;
}
