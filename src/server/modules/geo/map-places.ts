import { MAP_LOCATIONS } from '@shared/constants';
import { normalizePlaceText, type LocationResult } from '@shared/domain/cities';
import { haversineMiles } from '@shared/domain/geo';
import type { MapLocationDto } from '@shared/schemas/geo.schemas';

/**
 * The pure half of the map-locations aggregation (docs/decisions/0010-map-locations-aggregation.md):
 * expert cells merge into places, places get names and recent-task counts, the search filters them.
 */

/** Payable experts sharing a place name within one 0.1-degree cell (from the repository). */
export interface ExpertCell {
  /** One of the cell's expert_profiles.location texts, e.g. "Austin, Texas". */
  label: string;
  experts: number;
  latSum: number;
  lngSum: number;
}

/** Tasks created in the window, per 0.01-degree cell. */
export interface TaskCell {
  latitude: number;
  longitude: number;
  tasks: number;
}

/** Experts grouped into one place: same name, within MAP_LOCATIONS.placeMergeMiles of each other. */
export interface PlaceCluster {
  key: string;
  label: string;
  experts: number;
  latitude: number;
  longitude: number;
}

const textParts = (label: string) =>
  label
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');

/**
 * localeCompare with the default locale, as one shared collator: String#localeCompare sets up its
 * comparison on every call, and sorting tens of thousands of cells called it hundreds of thousands
 * of times. Same order (ECMA-402 defines localeCompare as this collator's compare).
 */
export const compareText = new Intl.Collator().compare;

/**
 * Sorts in place, most experts first, then by label in compareText order: the order of
 * `b.experts - a.experts || compareText(a.label, b.label)`, ties kept in input order, but the
 * collator runs on the distinct labels only (100,000 experts' cells share a few thousand texts,
 * and comparing cells of one expert each called it for most of the comparisons).
 */
export function sortByExpertsThenLabel<T extends { experts: number; label: string }>(items: T[]): T[] {
  const distinct = [...new Set(items.map((item) => item.label))].sort(compareText);
  const rankOf = new Map<string, number>();
  let rank = 0;
  distinct.forEach((label, i) => {
    if (i > 0 && compareText(distinct[i - 1], label) !== 0) rank++;
    rankOf.set(label, rank);
  });
  const ranked = items.map((item) => ({ item, rank: rankOf.get(item.label) ?? 0 }));
  ranked.sort((a, b) => b.item.experts - a.item.experts || a.rank - b.rank);
  ranked.forEach((entry, i) => {
    items[i] = entry.item;
  });
  return items;
}

/** The place name part of a location text: "Austin, Texas" -> "austin"; "" when there is none. */
export const placeKey = (label: string) => normalizePlaceText(textParts(label)[0] ?? '');

/**
 * Merges cells of one place name whose centres are close (a city's experts straddling a cell
 * border; "New York, NY" and "New York, New York"), keeping same-named but distant places apart
 * (Portland, Oregon and Portland, Maine). The biggest cells seed the places, so results are stable.
 */
export function mergeExpertCells(
  cells: readonly ExpertCell[],
  mergeMiles: number = MAP_LOCATIONS.placeMergeMiles,
): PlaceCluster[] {
  const sorted = sortByExpertsThenLabel(cells.filter((cell) => cell.experts > 0));
  type Cluster = { key: string; label: string; experts: number; latSum: number; lngSum: number };
  const clusters: Cluster[] = [];
  // Candidates are looked up per place name, so merging is linear in the cells, not quadratic.
  const byKey = new Map<string, Cluster[]>();
  // Many cells share a location text; its key (Unicode folding) is worked out once per text.
  const keyOfLabel = new Map<string, string>();
  for (const cell of sorted) {
    let key = keyOfLabel.get(cell.label);
    if (key === undefined) {
      key = placeKey(cell.label);
      keyOfLabel.set(cell.label, key);
    }
    const lat = cell.latSum / cell.experts;
    const lng = cell.lngSum / cell.experts;
    const sameName = byKey.get(key) ?? [];
    // A place further north or south than mergeMiles is further away than that whatever its
    // longitude (69 < the 69.1 miles of a degree of latitude), so most candidates skip haversine.
    const latReach = mergeMiles / 69;
    const home = sameName.find((cluster) => {
      const clusterLat = cluster.latSum / cluster.experts;
      if (Math.abs(clusterLat - lat) > latReach) return false;
      return haversineMiles(clusterLat, cluster.lngSum / cluster.experts, lat, lng) <= mergeMiles;
    });
    if (home) {
      home.experts += cell.experts;
      home.latSum += cell.latSum;
      home.lngSum += cell.lngSum;
    } else {
      const cluster = { key, label: cell.label, experts: cell.experts, latSum: cell.latSum, lngSum: cell.lngSum };
      clusters.push(cluster);
      sameName.push(cluster);
      byKey.set(key, sameName);
    }
  }
  return clusters.map((cluster) => ({
    key: cluster.key,
    label: cluster.label,
    experts: cluster.experts,
    latitude: cluster.latSum / cluster.experts,
    longitude: cluster.lngSum / cluster.experts,
  }));
}

/** Tasks in cells within `radiusMiles` of the point (a latitude band first, then the true distance). */
export function countTasksNear(
  latitude: number,
  longitude: number,
  cells: readonly TaskCell[],
  radiusMiles: number = MAP_LOCATIONS.recentTaskRadiusMiles,
): number {
  const latBand = radiusMiles / 69 + 0.01;
  let total = 0;
  for (const cell of cells) {
    if (Math.abs(cell.latitude - latitude) > latBand) continue;
    if (haversineMiles(latitude, longitude, cell.latitude, cell.longitude) <= radiusMiles)
      total += cell.tasks;
  }
  return total;
}

const roundTo = (value: number, decimals: number) => {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
};

/**
 * The map location of a place: its name from the experts' location text, region and country from
 * the reverse-geocoded centre (the text's own parts when the geocoder knows nothing), and the
 * centre rounded so that a place of one expert does not publish that expert's exact position.
 */
export function describePlace(
  cluster: PlaceCluster,
  geocoded: LocationResult | null,
  recentTasks: number,
): MapLocationDto {
  const parts = textParts(cluster.label);
  const country = geocoded?.country || (parts.length >= 3 ? parts[parts.length - 1] : '');
  const textRegion =
    parts.length >= 2 && normalizePlaceText(parts[1]) !== normalizePlaceText(country) ? parts[1] : null;
  const decimals = MAP_LOCATIONS.coordinateDecimals;
  return {
    name:
      parts[0] ??
      geocoded?.name ??
      `${roundTo(cluster.latitude, decimals)}, ${roundTo(cluster.longitude, decimals)}`,
    country,
    region: textRegion ?? geocoded?.region ?? null,
    latitude: roundTo(cluster.latitude, decimals),
    longitude: roundTo(cluster.longitude, decimals),
    expert_count: cluster.experts,
    recent_tasks: recentTasks,
  };
}

/** Case- and accent-insensitive substring match on name, region or country. */
export function matchesSearch(location: MapLocationDto, search: string | undefined): boolean {
  const needle = normalizePlaceText(search ?? '');
  if (!needle) return true;
  return [location.name, location.region ?? '', location.country].some((field) =>
    normalizePlaceText(field).includes(needle),
  );
}

/** Most experts first, then by name: the order the map and its tests rely on. */
export const byExpertsThenName = (a: MapLocationDto, b: MapLocationDto) =>
  b.expert_count - a.expert_count || compareText(a.name, b.name);
