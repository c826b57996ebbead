import { LOCATION_SEARCH } from '@shared/constants';
import type {
  GeocodeReverseResponse,
  GeocodeSearchResponse,
  LocationResult,
} from '@shared/schemas/geo.schemas';

/** The server's geocoding endpoints, with the spec's 5 s timeout. Every failure throws. */

async function getJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  const controller = new AbortController();
  const abort = () => controller.abort();
  const timer = setTimeout(abort, LOCATION_SEARCH.requestTimeoutMs);
  signal?.addEventListener('abort', abort, { once: true });
  try {
    const response = await fetch(url, { signal: controller.signal, credentials: 'same-origin' });
    if (!response.ok) throw new Error(`Location service answered ${response.status}`);
    return (await response.json()) as T;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abort);
  }
}

export async function searchLocations(query: string, signal?: AbortSignal): Promise<LocationResult[]> {
  const params = new URLSearchParams({ q: query, limit: String(LOCATION_SEARCH.resultLimit) });
  const body = await getJson<GeocodeSearchResponse>(`/api/geocode/search?${params}`, signal);
  if (!Array.isArray(body.results)) throw new Error('Unexpected location search answer');
  return body.results.slice(0, LOCATION_SEARCH.resultLimit);
}

export async function reverseGeocode(lat: number, lng: number): Promise<LocationResult | null> {
  const params = new URLSearchParams({ lat: String(lat), lng: String(lng) });
  const body = await getJson<GeocodeReverseResponse>(`/api/geocode/reverse?${params}`);
  return body.result ?? null;
}

/** Search answers by normalised query, shared by every picker on the page (spec: cached per query). */
const searchCache = new Map<string, LocationResult[]>();
const MAX_CACHED_QUERIES = 200;

export const searchCacheKey = (query: string) => query.trim().toLowerCase().replace(/\s+/g, ' ');

export function cachedSearch(query: string): LocationResult[] | undefined {
  return searchCache.get(searchCacheKey(query));
}

export function rememberSearch(query: string, results: LocationResult[]): void {
  if (searchCache.size >= MAX_CACHED_QUERIES) searchCache.delete(searchCache.keys().next().value!);
  searchCache.set(searchCacheKey(query), results);
}

/** For tests. */
export function clearLocationSearchCache(): void {
  searchCache.clear();
}
