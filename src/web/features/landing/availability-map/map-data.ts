import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { MapLocationDto, MapTotalsDto } from '@shared/schemas/geo.schemas';

/**
 * The availability map's data. Per the spec, a failed request or `success: false` is simply an
 * empty map. An answer that claims success but whose data cannot be drawn is a map error
 * (docs/decisions/0010-map-locations-aggregation.md).
 */

export interface MapData {
  locations: MapLocationDto[];
  /** Null when the server sent none. */
  totals: MapTotalsDto | null;
}

export class MapDataError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MapDataError';
  }
}

const EMPTY: MapData = { locations: [], totals: null };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;
const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const count = (value: unknown) => (finite(value) && value > 0 ? Math.floor(value) : 0);

function toLocation(entry: unknown): MapLocationDto | null {
  if (!isRecord(entry) || typeof entry.name !== 'string' || entry.name.trim() === '') return null;
  const { latitude, longitude } = entry;
  if (!finite(latitude) || !finite(longitude) || Math.abs(latitude) > 90 || Math.abs(longitude) > 180)
    return null;
  return {
    name: entry.name,
    country: typeof entry.country === 'string' ? entry.country : '',
    region: typeof entry.region === 'string' && entry.region !== '' ? entry.region : null,
    latitude,
    longitude,
    expert_count: count(entry.expert_count),
    recent_tasks: count(entry.recent_tasks),
  };
}

/** Reads an answer of GET /api/map-locations: unusable entries are skipped, a non-list `data` throws. */
export function parseMapLocations(body: unknown): MapData {
  if (!isRecord(body) || body.success !== true) return EMPTY;
  if (!Array.isArray(body.data)) throw new MapDataError('The map data is not a list of locations');
  const locations = body.data
    .map(toLocation)
    .filter((location): location is MapLocationDto => location !== null);
  const totals = isRecord(body.totals)
    ? { experts: count(body.totals.experts), tasks_completed: count(body.totals.tasks_completed) }
    : null;
  return { locations, totals };
}

/** The spec's call: no credentials, JSON; every transport failure is an empty map. */
export async function fetchMapLocations(search: string, fetcher: typeof fetch = fetch): Promise<MapData> {
  const url = search ? `/api/map-locations?${new URLSearchParams({ search })}` : '/api/map-locations';
  let body: unknown;
  try {
    const response = await fetcher(url, { credentials: 'omit', headers: { Accept: 'application/json' } });
    if (!response.ok) return EMPTY;
    body = await response.json();
  } catch {
    return EMPTY;
  }
  return parseMapLocations(body);
}

export const MAP_LOCATIONS_KEY = ['map-locations'] as const;
export const MAP_BOUNDARIES_KEY = ['map-boundaries'] as const;

export const mapLocationsQuery = (search: string) =>
  queryOptions({
    queryKey: [...MAP_LOCATIONS_KEY, search],
    queryFn: () => fetchMapLocations(search),
    // A broken answer does not mend itself on an immediate retry; the Retry button refetches.
    retry: false,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

/** Total experts: the server's network-wide figure, else the sum over the places shown. */
export function totalExperts(data: MapData): number {
  return data.totals?.experts ?? data.locations.reduce((sum, location) => sum + location.expert_count, 0);
}
