import { withFallback, type FallbackOptions } from './fallback';
import { createGazetteer } from './gazetteer';
import type { Geocoder } from './geocoder';
import { NominatimGeocoder } from './nominatim';

export type { Geocoder, GeocoderErrorCode, LocationResult } from './geocoder';
export { GEOCODER_LIMITS, GeocoderError } from './geocoder';
export { Gazetteer, createGazetteer, type GazetteerStats } from './gazetteer';
export { NominatimGeocoder, type NominatimOptions } from './nominatim';
export { withFallback, type FallbackOptions } from './fallback';

/** Same default as the server's GEOCODER_USER_AGENT setting. */
export const DEFAULT_GEOCODER_USER_AGENT = 'remote-expert-marketplace/1.0 (self-hosted)';

export interface CreateGeocoderOptions {
  /** GEOCODER_URL: a Nominatim-compatible service. Without it only the offline gazetteer answers. */
  url?: string;
  /** GEOCODER_USER_AGENT. */
  userAgent?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  onFallback?: FallbackOptions['onFallback'];
}

/**
 * The geocoder the server uses: the embedded gazetteer alone, or, when a URL is configured, the
 * online service with the gazetteer answering whenever it fails. The gazetteer loads on first
 * use; `createGazetteer()` at start-up warms it.
 */
export function createGeocoder(options: CreateGeocoderOptions = {}): Geocoder {
  const offline = lazyGeocoder(createGazetteer);
  if (!options.url) return offline;
  const online = new NominatimGeocoder({
    baseUrl: options.url,
    userAgent: options.userAgent ?? DEFAULT_GEOCODER_USER_AGENT,
    fetch: options.fetch,
    timeoutMs: options.timeoutMs,
  });
  return withFallback(online, offline, { onFallback: options.onFallback });
}

/** A geocoder whose implementation is created on first use (and shared afterwards by `load`). */
export function lazyGeocoder(load: () => Promise<Geocoder>): Geocoder {
  return {
    search: async (query, limit) => (await load()).search(query, limit),
    reverse: async (lat, lng) => (await load()).reverse(lat, lng),
  };
}
