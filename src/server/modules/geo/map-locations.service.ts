import { MAP_LOCATIONS } from '@shared/constants';
import type { LocationResult } from '@shared/domain/cities';
import { haversineMiles } from '@shared/domain/geo';
import type { MapLocationsResponse } from '@shared/schemas/geo.schemas';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { createLruMap } from './lru-map';
import { readExpertCells, readTaskAggregates } from './map-aggregates.read';
import {
  byExpertsThenName,
  describePlace,
  matchesSearch,
  mergeExpertCells,
  sortByExpertsThenLabel,
} from './map-places';
import { indexTaskCells } from './task-cells.index';

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * Names are remembered per ~1 km; a bound keeps a long-running process from growing without limit.
 * Least recently used names go first, so a full cache never empties itself wholesale.
 */
const MAX_REMEMBERED_NAMES = 50_000;
/** The most places one answer carries (most experts first): the response stays well under 150 KB gzip. */
export const MAP_LOCATIONS_MAX_PLACES = 1_000;
/**
 * The task side of an answer (recent-task cells indexed for counting, the finished count). The cache
 * (map-locations.cache.ts) reuses one for its TTL, so an expert change recomputes the expert side only.
 */
export interface MapTaskSide {
  tasksCompleted: number;
  taskIndex: ReturnType<typeof indexTaskCells>;
}

export interface PlaceNamer {
  search(query: string, limit?: number): Promise<LocationResult[]>;
  reverse(lat: number, lng: number): Promise<LocationResult | null>;
}

/** A search result this close to the experts' centre is the place their location text means. */
const NAME_MATCH_MILES = 50;

/**
 * The availability map's data. `namer` finds each place's region and country; the routes pass
 * the offline gazetteer (see the decision record).
 */
export function createMapLocationsService(deps: { db: Db; clock: Clock; namer: PlaceNamer }) {
  const { db, clock, namer } = deps;
  const names = createLruMap<string, Promise<LocationResult | null>>(MAX_REMEMBERED_NAMES);

  /**
   * The place the experts' text names, near where they are: "Detroit, Michigan" found by search
   * beats the reverse geocode of a centre that may fall across the river in Windsor, Canada. With
   * no such match (or no text), the nearest place to the centre.
   */
  async function lookUp(label: string, latitude: number, longitude: number): Promise<LocationResult | null> {
    if (label.trim().length >= 2) {
      const found = await namer.search(label, 5);
      const near = found.find(
        (place) => haversineMiles(place.lat, place.lng, latitude, longitude) <= NAME_MATCH_MILES,
      );
      if (near) return near;
    }
    return namer.reverse(latitude, longitude);
  }

  function nameOf(label: string, latitude: number, longitude: number): Promise<LocationResult | null> {
    const key = `${label.trim().toLowerCase()}|${latitude.toFixed(2)},${longitude.toFixed(2)}`;
    let known = names.get(key);
    if (!known) {
      known = lookUp(label, latitude, longitude).catch(() => {
        names.delete(key); // a failure is not remembered: the next request asks again
        return null;
      });
      names.set(key, known);
    }
    return known;
  }

  /** Tasks created within the window before the clock's now, and the finished count. */
  async function readTaskSide(): Promise<MapTaskSide> {
    const now = clock.now();
    const since = new Date(now.getTime() - MAP_LOCATIONS.recentTaskDays * DAY_MS);
    const { taskCells, tasksCompleted } = await readTaskAggregates(db, since, now);
    return { tasksCompleted, taskIndex: indexTaskCells(taskCells) };
  }

  return {
    readTaskSide,
    /** The answer; with `taskSide`, its task side is that one instead of a fresh read. */
    async list(search?: string, taskSide?: Promise<MapTaskSide>): Promise<MapLocationsResponse> {
      const [expertCells, { tasksCompleted, taskIndex }] = await Promise.all([
        readExpertCells(db),
        taskSide ?? readTaskSide(),
      ]);
      const places = sortByExpertsThenLabel(mergeExpertCells(expertCells));
      const experts = places.reduce((sum, place) => sum + place.experts, 0);
      // Only the places that make it into the answer are named: most experts first, until the cap.
      const data = [];
      for (const place of places) {
        const location = describePlace(
          place,
          await nameOf(place.label, place.latitude, place.longitude),
          taskIndex.countNear(place.latitude, place.longitude),
        );
        if (!matchesSearch(location, search)) continue;
        data.push(location);
        if (data.length >= MAP_LOCATIONS_MAX_PLACES) break;
      }
      return {
        success: true,
        data: data.sort(byExpertsThenName),
        totals: { experts, tasks_completed: tasksCompleted },
      };
    },
  };
}

export type MapLocationsService = ReturnType<typeof createMapLocationsService>;
