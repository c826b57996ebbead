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
    })
    .from(systemSettings)
    .limit(1);
  return row ?? null;
}
