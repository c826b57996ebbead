import { messages } from '@shared/messages';
import { format } from '@shared/format-message';
import { EXPERT_RADIUS_MILES } from '@shared/domain/geo';
import type {
  WaitlistDraft,
  WaitlistEntryDto,
  WaitlistJoinRequest,
  WaitlistPlaceDto,
} from '@shared/schemas/discovery.schemas';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { hasPayableExpertWithin } from '../geo/proximity.repository';
import { searchActor } from './task-search.repository';
import {
  findClientEntry,
  listClientEntries,
  markRestored,
  upsertWaitingEntry,
  waitingByPlace,
  type WaitlistRow,
} from './waitlist.repository';

const DAY_MS = 86_400_000;
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export const toWaitlistEntryDto = (row: WaitlistRow): WaitlistEntryDto => ({
  id: row.id,
  location: row.location,
  latitude: row.latitude,
  longitude: row.longitude,
  draft: row.draft as WaitlistDraft,
  created_at: row.created_at.toISOString(),
  notified_at: iso(row.notified_at),
  restored_at: iso(row.restored_at),
});

/**
 * The waitlist (issue 23, docs/decisions/0182): a client turned away by the 100-mile check keeps the
 * draft here; the expert_profiles trigger tells them once when a payable expert arrives nearby.
 */
export function createWaitlistService(db: Db, clock: Clock) {
  return {
    async join(userId: string, input: WaitlistJoinRequest & { draft: WaitlistDraft }) {
      const actor = await searchActor(db, userId);
      if (actor.isExpert) throw forbidden(messages.discovery.waitlistClientsOnly);
      // Only a place the check really refuses: otherwise the client can post now.
      if (await hasPayableExpertWithin(db, input, EXPERT_RADIUS_MILES)) throw conflict(messages.discovery.waitlistNotNeeded);
      const row = await upsertWaitingEntry(db, { clientId: userId, ...input, now: clock.now() });
      return {
        entry: toWaitlistEntryDto(row),
        message: format(messages.discovery.waitlistJoined, { location: row.location }),
      };
    },

    async mine(userId: string): Promise<{ entries: WaitlistEntryDto[] }> {
      return { entries: (await listClientEntries(db, userId, 50)).map(toWaitlistEntryDto) };
    },

    /** The draft back to the create-task form, once an expert serves the place. */
    async restore(userId: string, id: string): Promise<{ entry: WaitlistEntryDto; message: string }> {
      const row = await findClientEntry(db, userId, id);
      if (!row) throw notFound(messages.discovery.waitlistNotFound);
      if (!row.notified_at) throw conflict(messages.discovery.waitlistStillWaiting);
      const now = clock.now();
      await markRestored(db, row.id, now);
      return { entry: toWaitlistEntryDto({ ...row, restored_at: row.restored_at ?? now }), message: messages.discovery.waitlistRestored };
    },

    async byPlace(): Promise<{ places: WaitlistPlaceDto[] }> {
      const now = clock.now().getTime();
      const rows = await waitingByPlace(db, 500);
      return {
        places: rows.map((row) => ({
          location: row.location,
          latitude: Number(row.latitude),
          longitude: Number(row.longitude),
          waiting: Number(row.waiting),
          oldest_at: new Date(row.oldest_at).toISOString(),
          newest_at: new Date(row.newest_at).toISOString(),
          oldest_days: Math.max(0, Math.floor((now - new Date(row.oldest_at).getTime()) / DAY_MS)),
        })),
      };
    },
  };
}
