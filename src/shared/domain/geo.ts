import { PROXIMITY } from '../constants';

/** Great-circle distances and query bounding boxes, in miles and degrees. */

export const EARTH_RADIUS_MILES = PROXIMITY.earthRadiusMiles;
/** The spec's box for the expert proximity check: about 0.0145 degrees per mile. */
export const PROXIMITY_DEGREES_PER_MILE = PROXIMITY.proximityDegreesPerMile;
/** The spec's box for the expert task list: 69 miles per degree. */
export const TASK_LIST_MILES_PER_DEGREE = PROXIMITY.taskListMilesPerDegree;
export const TASK_LIST_DEGREES_PER_MILE = 1 / TASK_LIST_MILES_PER_DEGREE;
export const EXPERT_RADIUS_MILES = PROXIMITY.expertRadiusMiles;

export interface LatLng {
  latitude: number;
  longitude: number;
}

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Haversine distance in miles on a sphere of radius 3958.8 miles. */
export function haversineMiles(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const dLat = toRadians(lat2 - lat1);
  const dLng = toRadians(lng2 - lng1);
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(lat1)) * Math.cos(toRadians(lat2)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(a)));
}

export function distanceMiles(from: LatLng, to: LatLng): number {
  return haversineMiles(from.latitude, from.longitude, to.latitude, to.longitude);
}

export function isWithinMiles(from: LatLng, to: LatLng, miles: number): boolean {
  return distanceMiles(from, to) <= miles;
}

/** The points within `miles` of the origin, nearest first, each with its distance. */
export function nearestWithin<T extends LatLng>(
  origin: LatLng,
  points: readonly T[],
  miles: number,
): (T & { distanceMiles: number })[] {
  return points
    .map((point) => ({ ...point, distanceMiles: distanceMiles(origin, point) }))
    .filter((point) => point.distanceMiles <= miles)
    .sort((a, b) => a.distanceMiles - b.distanceMiles);
}

export function isValidLatitude(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= -90 && value <= 90;
}

export function isValidLongitude(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= -180 && value <= 180;
}

export function clampLatitude(latitude: number): number {
  return Math.min(90, Math.max(-90, latitude));
}

/** Any longitude into [-180, 180]; 180 stays 180 and -180 stays -180. */
export function normalizeLongitude(longitude: number): number {
  if (longitude >= -180 && longitude <= 180) return longitude;
  const wrapped = ((((longitude + 180) % 360) + 360) % 360) - 180;
  return wrapped === -180 && longitude > 0 ? 180 : wrapped;
}

/**
 * A latitude/longitude box. When it crosses the antimeridian, minLng > maxLng and the box is the
 * longitudes from minLng east to 180 plus -180 east to maxLng.
 */
export interface BoundingBox {
  minLat: number;
  maxLat: number;
  minLng: number;
  maxLng: number;
  crossesAntimeridian: boolean;
}

export interface BoundingBoxOptions {
  /**
   * Widen the longitude span by 1/cos(latitude) (default true). The spec's boxes use the same
   * degrees per mile for both axes, which away from the equator misses places east and west that
   * are inside the radius; the box only narrows a query, the distance decides.
   */
  scaleLongitude?: boolean;
}

const FULL_LONGITUDE = { minLng: -180, maxLng: 180, crossesAntimeridian: false };

export function boundingBox(
  latitude: number,
  longitude: number,
  miles: number,
  degreesPerMile: number,
  options: BoundingBoxOptions = {},
): BoundingBox {
  const latDelta = miles * degreesPerMile;
  const minLat = clampLatitude(latitude - latDelta);
  const maxLat = clampLatitude(latitude + latDelta);
  // A box reaching a pole contains every longitude.
  if (minLat === -90 || maxLat === 90) return { minLat, maxLat, ...FULL_LONGITUDE };

  const farthestFromEquator = Math.max(Math.abs(minLat), Math.abs(maxLat));
  const lngDelta =
    options.scaleLongitude === false ? latDelta : latDelta / Math.cos(toRadians(farthestFromEquator));
  if (!Number.isFinite(lngDelta) || lngDelta >= 180) return { minLat, maxLat, ...FULL_LONGITUDE };

  const center = normalizeLongitude(longitude);
  let minLng = center - lngDelta;
  let maxLng = center + lngDelta;
  let crossesAntimeridian = false;
  if (minLng < -180) {
    minLng += 360;
    crossesAntimeridian = true;
  } else if (maxLng > 180) {
    maxLng -= 360;
    crossesAntimeridian = true;
  }
  return { minLat, maxLat, minLng, maxLng, crossesAntimeridian };
}

/** The expert proximity check's box (0.0145 degrees per mile), 100 miles by default. */
export function proximityBox(
  latitude: number,
  longitude: number,
  miles: number = EXPERT_RADIUS_MILES,
): BoundingBox {
  return boundingBox(latitude, longitude, miles, PROXIMITY_DEGREES_PER_MILE);
}

/** The expert task list's box (69 miles per degree). */
export function taskListBox(latitude: number, longitude: number, miles: number): BoundingBox {
  return boundingBox(latitude, longitude, miles, TASK_LIST_DEGREES_PER_MILE);
}

/** The box's longitude ranges as [min, max] pairs: one, or two when it crosses the antimeridian. */
export function longitudeRanges(box: BoundingBox): [number, number][] {
  return box.crossesAntimeridian
    ? [
        [box.minLng, 180],
        [-180, box.maxLng],
      ]
    : [[box.minLng, box.maxLng]];
}

export function isInBoundingBox(box: BoundingBox, latitude: number, longitude: number): boolean {
  if (latitude < box.minLat || latitude > box.maxLat) return false;
  const lng = normalizeLongitude(longitude);
  return longitudeRanges(box).some(([min, max]) => lng >= min && lng <= max);
}

/** A distance as the task list shows it ("{miles} mi away"): one decimal, "1.5". */
export const formatDistanceMiles = (miles: number): string => miles.toFixed(1);
