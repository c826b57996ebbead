import { normalizePlaceText } from '@shared/domain/cities';

/**
 * Region and country names for the embedded gazetteer. The city data only carries codes: ISO 3166-1
 * alpha-2 for the country and the GeoNames admin1 code for the region. Admin1 names are not in the
 * package, so only the few countries whose codes are short, stable tables are named here; other
 * countries get a null region.
 */

export const US_STATES: Readonly<Record<string, string>> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
};

/** GeoNames admin1 codes of Canada (numeric, with gaps: 06 is unused). */
const CANADA_PROVINCES: Readonly<Record<string, string>> = {
  '01': 'Alberta',
  '02': 'British Columbia',
  '03': 'Manitoba',
  '04': 'New Brunswick',
  '05': 'Newfoundland and Labrador',
  '07': 'Nova Scotia',
  '08': 'Ontario',
  '09': 'Prince Edward Island',
  '10': 'Quebec',
  '11': 'Saskatchewan',
  '12': 'Yukon',
  '13': 'Northwest Territories',
  '14': 'Nunavut',
};

/** GeoNames admin1 codes of Australia. */
const AUSTRALIA_STATES: Readonly<Record<string, string>> = {
  '01': 'Australian Capital Territory',
  '02': 'New South Wales',
  '03': 'Northern Territory',
  '04': 'Queensland',
  '05': 'South Australia',
  '06': 'Tasmania',
  '07': 'Victoria',
  '08': 'Western Australia',
};

const UK_NATIONS: Readonly<Record<string, string>> = {
  ENG: 'England',
  SCT: 'Scotland',
  WLS: 'Wales',
  NIR: 'Northern Ireland',
};

const REGION_TABLES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  US: US_STATES,
  CA: CANADA_PROVINCES,
  AU: AUSTRALIA_STATES,
  GB: UK_NATIONS,
};

/** Full region name for a country's admin1 code, or null where no table exists. */
export function regionName(countryCode: string, adminCode: string): string | null {
  return REGION_TABLES[countryCode]?.[adminCode] ?? null;
}

const displayNames = new Intl.DisplayNames(['en'], { type: 'region' });
const countryNameCache = new Map<string, string>();

/** English country name ("FR" -> "France"); falls back to the code itself for unknown codes. */
export function countryName(countryCode: string): string {
  let name = countryNameCache.get(countryCode);
  if (name === undefined) {
    try {
      name = displayNames.of(countryCode) ?? countryCode;
    } catch {
      name = countryCode; // malformed code: Intl throws a RangeError
    }
    countryNameCache.set(countryCode, name);
  }
  return name;
}

/**
 * Everyday names people type that differ from the Intl display name ("usa", "uk", "turkey"),
 * so that "austin usa" or "istanbul, turkey" narrow the search like the official names do.
 */
const COUNTRY_ALIASES: Readonly<Record<string, string>> = {
  usa: 'US',
  america: 'US',
  'united states of america': 'US',
  uk: 'GB',
  britain: 'GB',
  'great britain': 'GB',
  holland: 'NL',
  turkey: 'TR',
  'czech republic': 'CZ',
  'ivory coast': 'CI',
  korea: 'KR',
  burma: 'MM',
  uae: 'AE',
  'hong kong': 'HK',
  macau: 'MO',
  macao: 'MO',
  palestine: 'PS',
  swaziland: 'SZ',
  macedonia: 'MK',
  vatican: 'VA',
  drc: 'CD',
};

/**
 * What a qualifier such as "fr", "france", "tx" or "texas" selects: whole countries
 * (by ISO code) and single regions (keyed "CC|Region name").
 */
export interface QualifierTarget {
  countries: Set<string>;
  regions: Set<string>;
}

export const regionKey = (countryCode: string, region: string) => `${countryCode}|${region}`;

/** One shared key string per known region, so that building the gazetteer allocates none. */
const REGION_KEYS: Readonly<Record<string, Readonly<Record<string, string>>>> = Object.fromEntries(
  Object.entries(REGION_TABLES).map(([country, regions]) => [
    country,
    Object.fromEntries(Object.entries(regions).map(([code, name]) => [code, regionKey(country, name)])),
  ]),
);

/** The qualifier key of a country's admin1 code, or null where the region is unnamed. */
export function regionKeyOf(countryCode: string, adminCode: string): string | null {
  return REGION_KEYS[countryCode]?.[adminCode] ?? null;
}

/**
 * Normalised qualifier words -> what they select, built from the countries present in the data,
 * their two-letter codes, the aliases above and the region tables (names, plus US state codes).
 */
export function buildQualifierTable(countryCodes: Iterable<string>): Map<string, QualifierTarget> {
  const table = new Map<string, QualifierTarget>();
  const target = (word: string) => {
    const key = normalizePlaceText(word);
    let entry = table.get(key);
    if (!entry) {
      entry = { countries: new Set(), regions: new Set() };
      table.set(key, entry);
    }
    return entry;
  };
  for (const code of countryCodes) {
    target(code).countries.add(code);
    target(countryName(code)).countries.add(code);
  }
  for (const [alias, code] of Object.entries(COUNTRY_ALIASES)) target(alias).countries.add(code);
  for (const [country, regions] of Object.entries(REGION_TABLES)) {
    for (const [code, name] of Object.entries(regions)) {
      target(name).regions.add(regionKey(country, name));
      // Only US state codes are what people type ("austin tx"); the others are GeoNames numbers.
      if (country === 'US') target(code).regions.add(regionKey(country, name));
    }
  }
  return table;
}
