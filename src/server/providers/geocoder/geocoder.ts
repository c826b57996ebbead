import type { LocationResult } from '@shared/domain/cities';

// The result type lives in src/shared because the web's built-in city lists use it too, and
// src/shared may not import server code.
export type { LocationResult } from '@shared/domain/cities';

/** Location search and reverse geocoding, whichever service answers. */
export interface Geocoder {
  /** Places matching free text, best first; at most `limit` (default 10). Short queries give []. */
  search(query: string, limit?: number): Promise<LocationResult[]>;
  /** The place at or nearest to a coordinate, or null when the service knows none. */
  reverse(lat: number, lng: number): Promise<LocationResult | null>;
}

/** Spec section 9: 10 results, a 5 s timeout, at least 2 characters for a search. */
export const GEOCODER_LIMITS = {
  defaultLimit: 10,
  maxLimit: 50,
  minQueryLength: 2,
  timeoutMs: 5_000,
} as const;

export type GeocoderErrorCode = 'timeout' | 'http' | 'network' | 'invalid_response';

/** A failure of an outside geocoding service (the fallback catches these). */
export class GeocoderError extends Error {
  constructor(
    readonly code: GeocoderErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'GeocoderError';
  }
}

/** The requested result count, defaulted and clamped to 1..maxLimit. */
export function clampLimit(limit: number | undefined): number {
  if (limit === undefined || !Number.isFinite(limit)) return GEOCODER_LIMITS.defaultLimit;
  return Math.min(GEOCODER_LIMITS.maxLimit, Math.max(1, Math.floor(limit)));
}

/**
 * Validates a coordinate and wraps the longitude into [-180, 180), since a map that was panned
 * around the globe reports longitudes such as 290. Throws a RangeError for anything unusable.
 */
export function normalizeCoordinates(lat: number, lng: number): { lat: number; lng: number } {
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || lat < -90 || lat > 90) {
    throw new RangeError(`Invalid coordinates: ${lat}, ${lng}`);
  }
  const wrapped = ((((lng + 180) % 360) + 360) % 360) - 180;
  return { lat, lng: wrapped };
}

/** "Name, Region, Country" without empty parts; a city-state does not repeat its name. */
export function formatAddress(name: string, region: string | null, country: string): string {
  const parts = [name, region ?? '', country === name ? '' : country];
  return parts.filter((part) => part.trim() !== '').join(', ');
}
