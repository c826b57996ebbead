import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { messages } from '@shared/messages';
import type { Db } from '../../db/client';
import { calendarFeeds } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import { zoneOfTask } from '../../lib/task-time-zone';
import { listUpcomingVisits } from './appointments.repository';
import { visitCalendar } from './visit-ics';

/** How far back the feed keeps past visits. */
const FEED_PAST_MS = 30 * 24 * 3_600_000;

const sign = (secret: string, userId: string, version: number) =>
  createHmac('sha256', secret).update(`calendar-feed:${userId}:${version}`).digest('base64url');

const tokenOf = (secret: string, userId: string, version: number) =>
  `${userId}.${version}.${sign(secret, userId, version)}`;

function readToken(secret: string, token: string): { userId: string; version: number } | null {
  const match = /^([0-9a-f-]{36})\.(\d{1,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const expected = Buffer.from(sign(secret, match[1]!, Number(match[2])));
  const given = Buffer.from(match[3]!);
  return expected.length === given.length && timingSafeEqual(expected, given)
    ? { userId: match[1]!, version: Number(match[2]) }
    : null;
}

/** The secret, revocable iCalendar feed of a user's visits (issue 49, decision 0425). */
export function createCalendarFeeds(deps: { db: Db; clock: Clock; secret: string; publicUrl: string }) {
  const urlOf = (userId: string, version: number) =>
    `${deps.publicUrl}/api/calendar/${tokenOf(deps.secret, userId, version)}.ics`;
  return {
    async current(userId: string): Promise<{ url: string | null }> {
      const [row] = await deps.db.select().from(calendarFeeds).where(eq(calendarFeeds.user_id, userId));
      return { url: row ? urlOf(userId, row.version) : null };
    },

    /** A new link; the previous one stops working. */
    async renew(userId: string): Promise<{ url: string }> {
      const [row] = await deps.db
        .insert(calendarFeeds)
        .values({ user_id: userId, created_at: deps.clock.now() })
        .onConflictDoUpdate({
          target: calendarFeeds.user_id,
          set: { version: sql`${calendarFeeds.version} + 1`, created_at: deps.clock.now() },
        })
        .returning();
      return { url: urlOf(userId, row!.version) };
    },

    async revoke(userId: string): Promise<{ url: null }> {
      await deps.db.delete(calendarFeeds).where(eq(calendarFeeds.user_id, userId));
      return { url: null };
    },

    /** The feed document (METHOD:PUBLISH), or 404 for an unknown, changed or revoked link. */
    async document(file: string): Promise<string> {
      const read = file.endsWith('.ics') ? readToken(deps.secret, file.slice(0, -4)) : null;
      if (!read) throw notFound(messages.appointments.feedNotFound);
      const [row] = await deps.db.select().from(calendarFeeds).where(eq(calendarFeeds.user_id, read.userId));
      if (!row || row.version !== read.version) throw notFound(messages.appointments.feedNotFound);
      const since = new Date(deps.clock.now().getTime() - FEED_PAST_MS);
      const visits = await listUpcomingVisits(deps.db, { userId: read.userId, since });
      return visitCalendar(
        'PUBLISH',
        visits.map((visit) => ({
          taskId: visit.task_id,
          sequence: visit.sequence,
          start: visit.start!,
          end: visit.end!,
          zone: zoneOfTask(visit),
          summary: `Visit: ${visit.title}`,
          location: visit.location,
          description:
            visit.onsite_name && visit.expert_id === read.userId
              ? `${messages.appointments.onsiteLabel}: ${[visit.onsite_name, visit.onsite_phone, visit.onsite_email].filter(Boolean).join(', ')}`
              : undefined,
          url: `${deps.publicUrl}/task/${visit.task_id}`,
        })),
      );
    },
  };
}
