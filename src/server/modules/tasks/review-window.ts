import { SETTINGS_DEFAULTS } from '@shared/constants';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { systemSettings } from '../../db/schema';

// The client's review window, read by the evidence step (modules/evidence) and by the timed money work
// (holds, which re-exports it): here, below holds and evidence, so that neither imports the other
// (docs/decisions/0322).

export const DEFAULT_REVIEW_WINDOW_HOURS = SETTINGS_DEFAULTS.reviewWindowHours;

export async function reviewWindowHours(db: Db): Promise<number> {
  const [row] = await db
    .select({ hours: systemSettings.review_window_hours })
    .from(systemSettings)
    .where(eq(systemSettings.id, 1));
  return row?.hours ?? DEFAULT_REVIEW_WINDOW_HOURS;
}
