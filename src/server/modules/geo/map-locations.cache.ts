import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { normalizePlaceText } from '@shared/domain/cities';
import type { Db } from '../../db/client';
import { createLruMap } from './lru-map';
import type { MapLocationsService, MapTaskSide } from './map-locations.service';

/**
 * How long one instance reuses a map answer's task side, and so the answer. Expert changes invalidate
 * the answer at once (the expert_map_version_seq bumped by a trigger) but keep its task side: new
 * tasks show in recent_tasks within this time, plus at most MAP_LOCATIONS_STALE_MS while a busy
 * instance refreshes it.
 */
export const MAP_LOCATIONS_TTL_MS = 30_000;
/**
 * For this long past the TTL, an answer whose expert side is current is still sent while a new one
 * is computed in the background (stale-while-revalidate): the task side's read takes 0.4-0.9 s at
 * 1,000,000 tasks, and without this one visitor every TTL waited for it (the load test's map p99).
 * Past it, the request waits for the new answer, so a quiet instance never shows a much older map.
 * See docs/decisions/0400.
 */
export const MAP_LOCATIONS_STALE_MS = 30_000;
/** Distinct searches remembered; the unfiltered list is the one every landing visit asks for. */
const MAX_CACHED_SEARCHES = 64;

export interface MapLocationsAnswer {
  body: string;
  gzipped: Uint8Array<ArrayBuffer>;
  etag: string;
}

/** The expert map data's version; null when the sequence is missing (then only the TTL applies). */
async function readMapVersion(db: Db): Promise<string | null> {
  try {
    const result = await db.execute(sql`select last_value::text as v, is_called from expert_map_version_seq`);
    const [row] = (result as unknown as { rows: { v: string; is_called: boolean }[] }).rows;
    return row ? `${row.v}${row.is_called ? '' : '-'}` : null;
  } catch {
    return null;
  }
}

/**
 * The map-locations answers as ready-to-send bytes (JSON, its gzip and an ETag), shared by every
 * request of this instance. Concurrent misses for the same search share one computation.
 */
export function createMapLocationsCache(deps: {
  db: Db;
  service: MapLocationsService;
  ttlMs?: number;
  now?: () => number;
}) {
  const ttlMs = deps.ttlMs ?? MAP_LOCATIONS_TTL_MS;
  const now = deps.now ?? (() => performance.now());
  const answers = createLruMap<string, { version: string | null; storedAt: number; answer: MapLocationsAnswer }>(
    MAX_CACHED_SEARCHES,
  );
  const inFlight = new Map<string, Promise<MapLocationsAnswer>>();
  let taskSide: { readAt: number; value: Promise<MapTaskSide> } | null = null;

  /** The task side shared by every search, read again once older than the TTL; a failed read is not kept. */
  function currentTaskSide() {
    const at = now();
    if (taskSide && at - taskSide.readAt < ttlMs) return taskSide;
    const entry = { readAt: at, value: deps.service.readTaskSide() };
    entry.value.catch(() => {
      if (taskSide === entry) taskSide = null;
    });
    taskSide = entry;
    return entry;
  }

  async function compute(key: string, search: string | undefined, version: string | null): Promise<MapLocationsAnswer> {
    const tasks = currentTaskSide();
    // An answer is as old as its task side: it expires when that does.
    const storedAt = tasks.readAt;
    const body = JSON.stringify(await deps.service.list(search, tasks.value));
    const etag = `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
    const answer = { body, gzipped: new Uint8Array(gzipSync(body)), etag };
    answers.set(key, { version, storedAt, answer });
    return answer;
  }

  return {
    async get(search: string | undefined): Promise<MapLocationsAnswer> {
      const key = normalizePlaceText(search ?? '');
      const version = await readMapVersion(deps.db);
      const cached = answers.get(key);
      const age = cached && cached.version === version ? now() - cached.storedAt : Infinity;
      if (age < ttlMs) return cached!.answer;
      const flightKey = `${key}|${version}`;
      let pending = inFlight.get(flightKey);
      if (!pending) {
        pending = compute(key, search, version).finally(() => inFlight.delete(flightKey));
        inFlight.set(flightKey, pending);
      }
      if (age < ttlMs + MAP_LOCATIONS_STALE_MS) {
        // A failed refresh keeps the stale answer until the bound; the next request tries again.
        pending.catch(() => undefined);
        return cached!.answer;
      }
      return pending;
    },
  };
}

export type MapLocationsCache = ReturnType<typeof createMapLocationsCache>;
