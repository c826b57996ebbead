import { MAP } from '@shared/constants';
import type { Topology } from 'topojson-specification';

/**
 * Boundary data served by our own server (no outside map service): world countries for the
 * offline base map and US states for "States with Experts". The states are kept in browser
 * storage for 24 hours with a timestamp (spec: browser-stored cache).
 */

export const WORLD_COUNTRIES_URL = '/api/static-data/world-countries.json';
export const US_STATES_URL = '/api/static-data/us-states.json';
export const US_STATES_CACHE_KEY = 'map:us-states';

interface CachedTopology {
  savedAt: number;
  topology: Topology;
}

const isTopology = (value: unknown, objectName: string): value is Topology =>
  typeof value === 'object' &&
  value !== null &&
  (value as Topology).type === 'Topology' &&
  typeof (value as Topology).objects?.[objectName] === 'object' &&
  Array.isArray((value as Topology).arcs);

async function fetchTopology(url: string, objectName: string, fetcher: typeof fetch): Promise<Topology> {
  const response = await fetcher(url);
  if (!response.ok) throw new Error(`Boundary data answered ${response.status}`);
  const body: unknown = await response.json();
  if (!isTopology(body, objectName)) throw new Error('Boundary data is not a topology');
  return body;
}

/** The cached states when present and younger than 24 hours; anything unreadable counts as absent. */
export function readCachedStates(storage: Storage | undefined, now: number): Topology | null {
  try {
    const raw = storage?.getItem(US_STATES_CACHE_KEY);
    if (!raw) return null;
    const cached = JSON.parse(raw) as Partial<CachedTopology>;
    const age = now - Number(cached.savedAt);
    if (!(age >= 0 && age < MAP.statesCacheMs) || !isTopology(cached.topology, 'states')) return null;
    return cached.topology;
  } catch {
    return null;
  }
}

export function writeCachedStates(storage: Storage | undefined, topology: Topology, now: number): void {
  try {
    storage?.setItem(
      US_STATES_CACHE_KEY,
      JSON.stringify({ savedAt: now, topology } satisfies CachedTopology),
    );
  } catch {
    // Storage full or disabled: the data is simply fetched again next time.
  }
}

const browserStorage = () => {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
};

export async function loadUsStates(
  options: { fetcher?: typeof fetch; storage?: Storage; now?: () => number } = {},
): Promise<Topology> {
  const { fetcher = fetch, storage = browserStorage(), now = Date.now } = options;
  const cached = readCachedStates(storage, now());
  if (cached) return cached;
  const topology = await fetchTopology(US_STATES_URL, 'states', fetcher);
  writeCachedStates(storage, topology, now());
  return topology;
}

/** Long-cached by HTTP (the server sends a week's max-age and an ETag). */
export function loadWorldCountries(fetcher: typeof fetch = fetch): Promise<Topology> {
  return fetchTopology(WORLD_COUNTRIES_URL, 'countries', fetcher);
}
