import { SETTINGS_DEFAULTS } from '@shared/constants';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { systemSettings } from '../../db/schema';
import { rememberedRead } from '../../db/table-memo';

// The client's review window, read by the evidence step (modules/evidence) and by the timed money work
// (holds, which re-exports it): here, below holds and evidence, so that neither imports the other
// (docs/decisions/0322).

export const DEFAULT_REVIEW_WINDOW_HOURS = SETTINGS_DEFAULTS.reviewWindowHours;

/**
 * The setting, remembered until system_settings is written here or on another instance (table-memo.ts,
 * decision 0405), as the maintenance switch and the price limits are: it was one statement on every
 * evidence submission (issue 55). Inside a transaction it is always read.
 */
export function reviewWindowHours(db: Db): Promise<number> {
  return rememberedRead(db, 'system_settings', 'review_window_hours', () => readReviewWindowHours(db));
}

async function readReviewWindowHours(db: Db): Promise<number> {
  const [row] = await db
    .select({ hours: systemSettings.review_window_hours })
    .from(systemSettings)
    .where(eq(systemSettings.id, 1));
  return row?.hours ?? DEFAULT_REVIEW_WINDOW_HOURS;
}
