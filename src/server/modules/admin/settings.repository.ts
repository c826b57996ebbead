import { eq } from 'drizzle-orm';
import { SETTINGS_DEFAULTS } from '@shared/constants';
import type { SystemSettingsInput } from '@shared/schemas/admin.schemas';
import type { Db } from '../../db/client';
import { systemSettings } from '../../db/schema';

export type SystemSettingsRow = typeof systemSettings.$inferSelect;

const SETTINGS_ID = 1;

/** The one system_settings row; created with the spec's defaults if a database lacks it. */
export async function readSystemSettings(db: Db): Promise<SystemSettingsRow> {
  const [row] = await db.select().from(systemSettings).where(eq(systemSettings.id, SETTINGS_ID));
  if (row) return row;
  await db
    .insert(systemSettings)
    .values({
      id: SETTINGS_ID,
      platform_fee_percent: SETTINGS_DEFAULTS.platformFeePercent,
      min_task_price: SETTINGS_DEFAULTS.minTaskPriceCents,
      max_task_price: SETTINGS_DEFAULTS.maxTaskPriceCents,
    })
    .onConflictDoNothing();
  const [created] = await db.select().from(systemSettings).where(eq(systemSettings.id, SETTINGS_ID));
  return created;
}

export async function writeSystemSettings(db: Db, input: SystemSettingsInput, now: Date): Promise<SystemSettingsRow> {
  await readSystemSettings(db);
  const [row] = await db
    .update(systemSettings)
    .set({
      platform_fee_percent: input.platform_fee_percent,
      min_task_price: input.min_task_price,
      max_task_price: input.max_task_price,
      maintenance_mode: input.maintenance_mode,
      footer_text: input.footer_text,
      contact_email: input.contact_email,
      tos_content: input.tos_content ?? null,
      privacy_policy_content: input.privacy_policy_content ?? null,
      updated_at: now,
    })
    .where(eq(systemSettings.id, SETTINGS_ID))
    .returning();
  return row;
}
