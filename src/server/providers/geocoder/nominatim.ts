import { z } from 'zod';
import {
  GEOCODER_LIMITS,
  GeocoderError,
  clampLimit,
  normalizeCoordinates,
  type Geocoder,
  type LocationResult,
} from './geocoder';
import { TtlCache } from './ttl-cache';

export interface NominatimOptions {
  /** Base URL of a Nominatim-compatible service, e.g. https://nominatim.openstreetmap.org */
  baseUrl: string;
  /** Sent as User-Agent; public Nominatim servers require one that identifies the application. */
  userAgent: string;
  /** Injectable for tests; defaults to the global fetch. */
  fetch?: typeof fetch;
  /** Per request, default 5 s (spec). */
  timeoutMs?: number;
  /** Sent as Accept-Language so that names come back in English like the gazetteer's. */
  language?: string;
  cache?: { maxEntries?: number; ttlMs?: number };
  now?: () => number;
}

const DEFAULT_CACHE = { maxEntries: 500, ttlMs: 60 * 60_000 };
/** Reverse lookups are cached per ~0.1 m; finer differences never change the answer. */
const COORDINATE_DECIMALS = 6;

const addressSchema = z.record(z.string(), z.unknown());
/** Nominatim sends coordinates as strings ("48.8588897"); a missing one must not become 0. */
const coordinateSchema = z.union([z.string().trim().min(1), z.number()]).pipe(z.coerce.number());
const placeSchema = z.object({
  display_name: z.string(),
  name: z.string().nullish(),
  lat: coordinateSchema,
  lon: coordinateSchema,
  address: addressSchema.optional(),
});
type NominatimPlace = z.infer<typeof placeSchema>;

/** Online geocoder over a Nominatim-compatible HTTP API, with an in-memory response cache. */
export class NominatimGeocoder implements Geocoder {
  private readonly baseUrl: string;
  private readonly fetch: typeof fetch;
  private readonly timeoutMs: number;
  private readonly cache: TtlCache<Promise<unknown>>;

  constructor(private readonly options: NominatimOptions) {
    this.baseUrl = options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`;
    this.fetch = options.fetch ?? globalThis.fetch;
    this.timeoutMs = options.timeoutMs ?? GEOCODER_LIMITS.timeoutMs;
    this.cache = new TtlCache({ ...DEFAULT_CACHE, ...options.cache, now: options.now });
  }

  async search(query: string, limit?: number): Promise<LocationResult[]> {
    const text = query.trim().replace(/\s+/g, ' ');
    if (text.length < GEOCODER_LIMITS.minQueryLength) return [];
    const url = this.url('search', {
      format: 'json',
      q: text,
      limit: String(clampLimit(limit)),
      addressdetails: '1',
    });
    const body = await this.cachedJson(url, `search|${clampLimit(limit)}|${text.toLowerCase()}`);
    if (!Array.isArray(body))
      throw new GeocoderError('invalid_response', 'Geocoder search did not answer a list');
    // One malformed entry should not cost the others.
    return body.flatMap((item) => {
      const parsed = placeSchema.safeParse(item);
      return parsed.success ? [toSearchResult(parsed.data)] : [];
    });
  }

  async reverse(lat: number, lng: number): Promise<LocationResult | null> {
    const point = normalizeCoordinates(lat, lng);
    const latText = point.lat.toFixed(COORDINATE_DECIMALS);
    const lonText = point.lng.toFixed(COORDINATE_DECIMALS);
    const url = this.url('reverse', {
      format: 'json',
      lat: latText,
      lon: lonText,
      zoom: '18',
      addressdetails: '1',
    });
    const body = await this.cachedJson(url, `reverse|${latText}|${lonText}`);
    // Nominatim answers {"error": "Unable to geocode"} for the open sea.
    if (body && typeof body === 'object' && 'error' in body) return null;
    const parsed = placeSchema.safeParse(body);
    if (!parsed.success) throw new GeocoderError('invalid_response', 'Geocoder reverse answer is malformed');
    return toReverseResult(parsed.data);
  }

  private url(endpoint: 'search' | 'reverse', params: Record<string, string>): URL {
    const url = new URL(endpoint, this.baseUrl);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    return url;
  }

  /** Identical requests share one fetch while in flight and one answer while fresh; failures are not kept. */
  private cachedJson(url: URL, key: string): Promise<unknown> {
    const cached = this.cache.get(key);
    if (cached) return cached;
    const pending = this.fetchJson(url);
    this.cache.set(key, pending);
    pending.catch(() => this.cache.deleteIf(key, pending));
    return pending;
  }

  private async fetchJson(url: URL): Promise<unknown> {
    const signal = AbortSignal.timeout(this.timeoutMs);
    try {
      const response = await this.fetch(url, {
        headers: {
          Accept: 'application/json',
          'Accept-Language': this.options.language ?? 'en',
          'User-Agent': this.options.userAgent,
        },
        signal,
      });
      if (!response.ok) throw new GeocoderError('http', `Geocoder answered HTTP ${response.status}`);
      try {
        return await response.json();
      } catch (error) {
        if (signal.aborted) throw error;
        throw new GeocoderError('invalid_response', 'Geocoder answer is not JSON', { cause: error });
      }
    } catch (error) {
      if (error instanceof GeocoderError) throw error;
      if (signal.aborted) {
        throw new GeocoderError('timeout', `Geocoder did not answer within ${this.timeoutMs} ms`, {
          cause: error,
        });
      }
      throw new GeocoderError('network', 'Geocoder could not be reached', { cause: error });
    }
  }
}

function text(address: NominatimPlace['address'], field: string): string | null {
  const value = address?.[field];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function firstSegment(displayName: string): string {
  return displayName.split(',')[0].trim();
}

function toSearchResult(place: NominatimPlace): LocationResult {
  return {
    name: place.name?.trim() || firstSegment(place.display_name),
    lat: place.lat,
    lng: place.lon,
    address: place.display_name,
    country: text(place.address, 'country') ?? '',
    region: text(place.address, 'state'),
  };
}

/** A reverse answer names the settlement (city, town, village, hamlet), else the state or country. */
function toReverseResult(place: NominatimPlace): LocationResult {
  const settlement = ['city', 'town', 'village', 'hamlet', 'state', 'country']
    .map((field) => text(place.address, field))
    .find((value) => value !== null);
  return {
    name: settlement ?? (place.name?.trim() || firstSegment(place.display_name)),
    lat: place.lat,
    lng: place.lon,
    address: place.display_name,
    country: text(place.address, 'country') ?? '',
    region: text(place.address, 'state'),
  };
}
