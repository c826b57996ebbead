import { MAP_LOCATIONS } from '@shared/constants';
import type { LocationResult } from '@shared/domain/cities';
import type { MapLocationsResponse } from '@shared/schemas/geo.schemas';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { countCompletedTasks, listPayableExpertCells, listRecentTaskCells } from './geo.repository';
import { byExpertsThenName, countTasksNear, describePlace, matchesSearch, mergeExpertCells } from './map-places';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Names are remembered per ~1 km; a bound keeps a long-running process from growing without limit. */
const MAX_REMEMBERED_NAMES = 5_000;

export interface PlaceNamer {
  reverse(lat: number, lng: number): Promise<LocationResult | null>;
}

/**
 * The availability map's data. `namer` turns a place's centre into region and country; the
 * routes pass the offline gazetteer (see the decision record), tests may pass anything.
 */
export function createMapLocationsService(deps: { db: Db; clock: Clock; namer: PlaceNamer }) {
  const { db, clock, namer } = deps;
  const names = new Map<string, Promise<LocationResult | null>>();

  function nameOf(latitude: number, longitude: number): Promise<LocationResult | null> {
    const key = `${latitude.toFixed(2)},${longitude.toFixed(2)}`;
    let known = names.get(key);
    if (!known) {
      if (names.size >= MAX_REMEMBERED_NAMES) names.clear();
      known = namer.reverse(latitude, longitude).catch(() => {
        names.delete(key); // a failure is not remembered: the next request asks again
        return null;
      });
      names.set(key, known);
    }
    return known;
  }

  return {
    async list(search?: string): Promise<MapLocationsResponse> {
      const since = new Date(clock.now().getTime() - MAP_LOCATIONS.recentTaskDays * DAY_MS);
      const [expertCells, taskCells, tasksCompleted] = await Promise.all([
        listPayableExpertCells(db),
        listRecentTaskCells(db, since),
        countCompletedTasks(db),
      ]);
      const places = mergeExpertCells(expertCells);
      const located = await Promise.all(
        places.map(async (place) =>
          describePlace(
            place,
            await nameOf(place.latitude, place.longitude),
            countTasksNear(place.latitude, place.longitude, taskCells),
          ),
        ),
      );
      const experts = located.reduce((sum, location) => sum + location.expert_count, 0);
      return {
        success: true,
        data: located.filter((location) => matchesSearch(location, search)).sort(byExpertsThenName),
        totals: { experts, tasks_completed: tasksCompleted },
      };
    },
  };
}

export type MapLocationsService = ReturnType<typeof createMapLocationsService>;
