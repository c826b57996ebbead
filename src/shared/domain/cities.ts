/**
 * Locations shared by the location picker (web) and the geocoding provider (server): the result
 * shape of a location search, the default location, the popular and fallback city lists and the
 * text normalisation both sides use to compare place names.
 */

/** One place returned by a location search or a reverse geocode (spec: Location result). */
export interface LocationResult {
  name: string;
  lat: number;
  lng: number;
  /** Human-readable line, e.g. "Austin, Texas, United States". */
  address: string;
  /** English country name, e.g. "United States". */
  country: string;
  /** State or province name where known, e.g. "Texas". */
  region: string | null;
}

const FOLDED_LETTERS: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  ħ: 'h',
  ə: 'e',
};

/**
 * Lower case, accents stripped ("São Paulo" -> "sao paulo"), apostrophes dropped ("St. John's" ->
 * "st johns") and any other run of punctuation or spaces collapsed to one space.
 * Letters that carry no separable accent (ß, ø, ł, ...) are folded explicitly because NFD keeps them.
 */
export function normalizePlaceText(text: string): string {
  // Most place names are plain ASCII words; skipping the Unicode passes for them halves the
  // time to index the 135k cities of the server's gazetteer.
  if (isPlainWords(text)) return text.toLowerCase();
  return text
    .normalize('NFD')
    .toLowerCase()
    .replace(/\p{M}+/gu, '')
    .replace(/[ßæœøłđðþıħə]/g, (letter) => FOLDED_LETTERS[letter] ?? letter)
    .replace(/['’‘`ʻʼ]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** ASCII letters and digits in words separated by single spaces. */
function isPlainWords(text: string): boolean {
  let afterSpace = true;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === 32) {
      if (afterSpace) return false;
      afterSpace = true;
      continue;
    }
    const letterOrDigit =
      (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57);
    if (!letterOrDigit) return false;
    afterSpace = false;
  }
  return !afterSpace;
}

/**
 * Cities of a built-in list whose name, region or country starts with the query (or whose name
 * contains it as a word), accent- and case-insensitive. Serves the picker's local fallback.
 */
export function filterCities(cities: readonly LocationResult[], query: string, limit = 10): LocationResult[] {
  const needle = normalizePlaceText(query);
  if (!needle) return cities.slice(0, limit);
  return cities
    .filter((city) =>
      [city.name, city.region ?? '', city.country].some((field) => {
        const text = normalizePlaceText(field);
        return text.startsWith(needle) || text.includes(` ${needle}`);
      }),
    )
    .slice(0, limit);
}

function city(
  name: string,
  lat: number,
  lng: number,
  region: string | null,
  country: string,
): LocationResult {
  const address = [name, region, country === name ? null : country].filter(Boolean).join(', ');
  return { name, lat, lng, address, country, region };
}

/** Spec: default location New York (40.7128, -74.006). */
export const DEFAULT_LOCATION: LocationResult = city(
  'New York',
  40.7128,
  -74.006,
  'New York',
  'United States',
);

// Coordinates and names below are those of the server's gazetteer (GeoNames), so that a city
// picked from these lists looks the same as one found by search.
const LOS_ANGELES = city('Los Angeles', 34.05223, -118.24368, 'California', 'United States');
const CHICAGO = city('Chicago', 41.85003, -87.65005, 'Illinois', 'United States');
const HOUSTON = city('Houston', 29.76328, -95.36327, 'Texas', 'United States');
const MIAMI = city('Miami', 25.77427, -80.19366, 'Florida', 'United States');
const SAN_FRANCISCO = city('San Francisco', 37.77493, -122.41942, 'California', 'United States');
const SEATTLE = city('Seattle', 47.60621, -122.33207, 'Washington', 'United States');
const BOSTON = city('Boston', 42.35843, -71.05977, 'Massachusetts', 'United States');

/** The location picker's 8 popular cities (the product serves mainly the United States). */
export const POPULAR_CITIES: readonly LocationResult[] = [
  DEFAULT_LOCATION,
  LOS_ANGELES,
  CHICAGO,
  HOUSTON,
  MIAMI,
  SAN_FRANCISCO,
  SEATTLE,
  BOSTON,
];

/** About 24 world cities: the picker's local fallback when the location service is unavailable. */
export const FALLBACK_CITIES: readonly LocationResult[] = [
  ...POPULAR_CITIES,
  city('Phoenix', 33.44838, -112.07404, 'Arizona', 'United States'),
  city('Philadelphia', 39.95233, -75.16379, 'Pennsylvania', 'United States'),
  city('Toronto', 43.70011, -79.4163, 'Ontario', 'Canada'),
  city('Mexico City', 19.42847, -99.12766, null, 'Mexico'),
  city('São Paulo', -23.5475, -46.63611, null, 'Brazil'),
  city('London', 51.50853, -0.12574, 'England', 'United Kingdom'),
  city('Paris', 48.85341, 2.3488, null, 'France'),
  city('Berlin', 52.52437, 13.41053, null, 'Germany'),
  city('Madrid', 40.4165, -3.70256, null, 'Spain'),
  city('Rome', 41.89193, 12.51133, null, 'Italy'),
  city('Lagos', 6.45407, 3.39467, null, 'Nigeria'),
  city('Dubai', 25.07725, 55.30927, null, 'United Arab Emirates'),
  city('Mumbai', 19.07283, 72.88261, null, 'India'),
  city('Singapore', 1.28967, 103.85007, null, 'Singapore'),
  city('Tokyo', 35.6895, 139.69171, null, 'Japan'),
  city('Sydney', -33.86785, 151.20732, 'New South Wales', 'Australia'),
];
