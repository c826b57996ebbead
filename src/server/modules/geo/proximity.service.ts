import { EXPERT_RADIUS_MILES, isWithinMiles, type LatLng } from '@shared/domain/geo';
import { messages } from '@shared/messages';
import type { Db } from '../../db/client';
import { AppError, badRequest } from '../../lib/errors';
import type { Geocoder } from '../../providers/geocoder/geocoder';
import { hasPayableExpertWithin, verifiedExpertLocations } from './proximity.repository';
import { errorField, log } from '../../ops/logger';

/** How many distinct verified-expert locations the fallback geocodes at most. */
export const FALLBACK_LOCATION_LIMIT = 50;

export interface ProximityDeps {
  db: Db;
  geocoder: Geocoder;
  /** The primary query; replaceable so tests can make it throw. */
  findNearby?: (db: Db, origin: LatLng, miles: number) => Promise<boolean>;
  findFallbackLocations?: (db: Db, limit: number) => Promise<string[]>;
}

/**
 * The expert proximity check of task submission (spec 001 section 5): at least one payable expert
 * within 100 miles. When the query throws, the spec's fallback geocodes the location texts of
 * verified experts; when that throws too, the check cannot answer.
 */
export function createProximityChecker(deps: ProximityDeps) {
  const findNearby = deps.findNearby ?? hasPayableExpertWithin;
  const findFallbackLocations = deps.findFallbackLocations ?? verifiedExpertLocations;

  async function fallback(origin: LatLng, miles: number): Promise<boolean> {
    const locations = await findFallbackLocations(deps.db, FALLBACK_LOCATION_LIMIT);
    for (const location of locations) {
      const [place] = await deps.geocoder.search(location, 1);
      if (place && isWithinMiles(origin, { latitude: place.lat, longitude: place.lng }, miles)) return true;
    }
    return false;
  }

  return {
    /** Whether an expert can serve the point: true, false, or throws when neither source answers. */
    async isServed(origin: LatLng, miles: number = EXPERT_RADIUS_MILES): Promise<boolean> {
      try {
        return await findNearby(deps.db, origin, miles);
      } catch (primaryError) {
        log.error({ err: errorField(primaryError) }, 'expert proximity query failed; using the geocoded fallback');
        try {
          return await fallback(origin, miles);
        } catch (fallbackError) {
          throw new AppError('provider_error', messages.tasks.expertAvailabilityFailed, {
            details: fallbackError,
          });
        }
      }
    },

    /** Throws the spec's texts: 400 when no expert is near, 502 when availability cannot be checked. */
    async assertServed(origin: LatLng): Promise<void> {
      if (!(await this.isServed(origin))) {
        throw badRequest(messages.tasks.noExpertsNearby, { location: messages.tasks.noExpertsNearby });
      }
    },
  };
}

export type ProximityChecker = ReturnType<typeof createProximityChecker>;
