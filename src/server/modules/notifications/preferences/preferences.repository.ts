import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { notificationPreferences } from '../../../db/schema';
import type { NotificationCategory, NotificationChannel } from '@shared/notify/notification-categories';

export interface PreferenceChoice {
  category: NotificationCategory;
  channel: NotificationChannel;
  enabled: boolean;
}

/** The choices a user made; anything absent is on. */
export async function listPreferences(db: Db, userId: string): Promise<PreferenceChoice[]> {
  const rows = await db.select().from(notificationPreferences).where(eq(notificationPreferences.user_id, userId));
  return rows.map((row) => ({
    category: row.category as NotificationCategory,
    channel: row.channel as NotificationChannel,
    enabled: row.enabled,
  }));
}

export async function savePreferences(db: Db, userId: string, choices: PreferenceChoice[], now: Date): Promise<void> {
  if (choices.length === 0) return;
  await db
    .insert(notificationPreferences)
    .values(choices.map((choice) => ({ user_id: userId, ...choice, updated_at: now })))
    .onConflictDoUpdate({
      target: [notificationPreferences.user_id, notificationPreferences.category, notificationPreferences.channel],
      set: { enabled: sql`excluded.enabled`, updated_at: sql`excluded.updated_at` },
    });
}
