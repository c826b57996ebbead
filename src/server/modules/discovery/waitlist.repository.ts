import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { WaitlistDraft } from '@shared/schemas/discovery.schemas';
import type { Db } from '../../db/client';
import { waitlistEntries } from '../../db/schema';
import { rowsOf } from './search-sql';

export type WaitlistRow = typeof waitlistEntries.$inferSelect;

/**
 * Joins (or re-joins) the waitlist for a place: one waiting entry per client and place
 * (waitlist_entries_waiting_unique), so a second join refreshes the draft instead of adding a row.
 */
export async function upsertWaitingEntry(
  db: Db,
  input: { clientId: string; location: string; latitude: number; longitude: number; draft: WaitlistDraft; now: Date },
): Promise<WaitlistRow> {
  const [row] = await db
    .insert(waitlistEntries)
    .values({
      client_id: input.clientId,
      location: input.location,
      latitude: input.latitude,
      longitude: input.longitude,
      draft: input.draft,
      created_at: input.now,
      updated_at: input.now,
    })
    .onConflictDoUpdate({
      target: [waitlistEntries.client_id, waitlistEntries.location],
      targetWhere: sql`${waitlistEntries.notified_at} is null`,
      set: { draft: input.draft, latitude: input.latitude, longitude: input.longitude, updated_at: input.now },
    })
    .returning();
  return row!;
}

export function listClientEntries(db: Db, clientId: string, limit: number) {
  return db
    .select()
    .from(waitlistEntries)
    .where(eq(waitlistEntries.client_id, clientId))
    .orderBy(desc(waitlistEntries.created_at))
    .limit(limit);
}

/** Marks a notified entry restored, once; undefined when it is not the client's or not notified yet. */
export async function findClientEntry(db: Db, clientId: string, id: string) {
  const [row] = await db
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.id, id), eq(waitlistEntries.client_id, clientId)));
  return row;
}

export async function markRestored(db: Db, id: string, now: Date) {
  await db
    .update(waitlistEntries)
    .set({ restored_at: now, updated_at: now })
    .where(and(eq(waitlistEntries.id, id), isNull(waitlistEntries.restored_at)));
}

/** The admin report: waiting entries grouped by place (waitlist_entries_waiting_location_idx), the largest first. */
export async function waitingByPlace(db: Db, limit: number) {
  return rowsOf<{ location: string; latitude: number; longitude: number; waiting: number; oldest_at: string | Date; newest_at: string | Date }>(
    await db.execute(sql`
      select location, avg(latitude)::float8 as latitude, avg(longitude)::float8 as longitude,
             count(*)::int as waiting, min(created_at) as oldest_at, max(created_at) as newest_at
      from waitlist_entries where notified_at is null
      group by location
      order by count(*) desc, min(created_at) asc, location
      limit ${limit}`),
  );
}
