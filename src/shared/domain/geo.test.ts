import { describe, expect, it } from 'vitest';
import {
  EARTH_RADIUS_MILES,
  PROXIMITY_DEGREES_PER_MILE,
  TASK_LIST_DEGREES_PER_MILE,
  TASK_LIST_MILES_PER_DEGREE,
  boundingBox,
  clampLatitude,
  distanceMiles,
  haversineMiles,
  isInBoundingBox,
  isValidLatitude,
  isValidLongitude,
  isWithinMiles,
  longitudeRanges,
  nearestWithin,
  normalizeLongitude,
  proximityBox,
  taskListBox,
} from './geo';

const NEW_YORK = { latitude: 40.7128, longitude: -74.006 };
const LOS_ANGELES = { latitude: 34.0522, longitude: -118.2437 };
const LONDON = { latitude: 51.5074, longitude: -0.1278 };
const PARIS = { latitude: 48.8566, longitude: 2.3522 };

/** The point `miles` from the origin along `bearing` degrees, on the same sphere. */
function destination(latitude: number, longitude: number, miles: number, bearing: number) {
  const rad = Math.PI / 180;
  const d = miles / EARTH_RADIUS_MILES;
  const lat1 = latitude * rad;
  const lat2 = Math.asin(
    Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(bearing * rad),
  );
  const lng2 =
    longitude * rad +
    Math.atan2(
      Math.sin(bearing * rad) * Math.sin(d) * Math.cos(lat1),
      Math.cos(d) - Math.sin(lat1) * Math.sin(lat2),
    );
  return { latitude: lat2 / rad, longitude: normalizeLongitude(lng2 / rad) };
}

describe('constants', () => {
  it('uses the spec figures', () => {
    expect(EARTH_RADIUS_MILES).toBe(3958.8);
    expect(PROXIMITY_DEGREES_PER_MILE).toBe(0.0145);
    expect(TASK_LIST_MILES_PER_DEGREE).toBe(69);
    expect(TASK_LIST_DEGREES_PER_MILE).toBeCloseTo(1 / 69, 12);
  });
});

describe('haversine', () => {
  it('measures known city pairs', () => {
    expect(distanceMiles(NEW_YORK, LOS_ANGELES)).toBeCloseTo(2445.6, 0);
    expect(distanceMiles(LONDON, PARIS)).toBeCloseTo(213.5, 0);
  });

  it('is zero for the same point and symmetric', () => {
    expect(distanceMiles(NEW_YORK, NEW_YORK)).toBe(0);
    expect(distanceMiles(LONDON, PARIS)).toBeCloseTo(distanceMiles(PARIS, LONDON), 9);
  });

  it('gives half the circumference for antipodes and crosses the antimeridian the short way', () => {
    expect(haversineMiles(0, 0, 0, 180)).toBeCloseTo(Math.PI * EARTH_RADIUS_MILES, 6);
    expect(haversineMiles(0, 179.5, 0, -179.5)).toBeCloseTo(69.09, 1);
  });

  it('matches a point constructed at a known distance', () => {
    const point = destination(40, -100, 100, 73);
    expect(haversineMiles(40, -100, point.latitude, point.longitude)).toBeCloseTo(100, 6);
  });

  it('filters and orders by distance', () => {
    expect(isWithinMiles(LONDON, PARIS, 214)).toBe(true);
    expect(isWithinMiles(LONDON, PARIS, 213)).toBe(false);
    const result = nearestWithin(
      LONDON,
      [
        { id: 'la', ...LOS_ANGELES },
        { id: 'paris', ...PARIS },
        { id: 'london', ...LONDON },
      ],
      300,
    );
    expect(result.map((r) => r.id)).toEqual(['london', 'paris']);
    expect(result[1].distanceMiles).toBeCloseTo(213.5, 0);
  });
});

describe('coordinate helpers', () => {
  it.each([
    [0, 0],
    [180, 180],
    [-180, -180],
    [190, -170],
    [-190, 170],
    [540, 180],
    [360, 0],
    [-360, 0],
  ])('normalizes longitude %s to %s', (input, output) => {
    expect(normalizeLongitude(input)).toBe(output);
  });

  it('clamps and validates', () => {
    expect(clampLatitude(95)).toBe(90);
    expect(clampLatitude(-95)).toBe(-90);
    expect(clampLatitude(12)).toBe(12);
    expect(isValidLatitude(90)).toBe(true);
    expect(isValidLatitude(90.1)).toBe(false);
    expect(isValidLatitude(Number.NaN)).toBe(false);
    expect(isValidLatitude('1')).toBe(false);
    expect(isValidLongitude(-180)).toBe(true);
    expect(isValidLongitude(180.5)).toBe(false);
    expect(isValidLongitude(null)).toBe(false);
  });
});

describe('boundingBox', () => {
  it('follows the spec box exactly when longitude scaling is off', () => {
    const box = boundingBox(10, 20, 100, 0.0145, { scaleLongitude: false });
    expect(box.minLat).toBeCloseTo(8.55, 10);
    expect(box.maxLat).toBeCloseTo(11.45, 10);
    expect(box.minLng).toBeCloseTo(18.55, 10);
    expect(box.maxLng).toBeCloseTo(21.45, 10);
    expect(box.crossesAntimeridian).toBe(false);
  });

  it('builds the proximity box (0.0145 deg/mile, 100 miles) and the task list box (1 degree per 69 miles)', () => {
    const proximity = proximityBox(0, 0);
    expect(proximity.maxLat).toBeCloseTo(1.45, 10);
    expect(proximity.maxLng).toBeGreaterThanOrEqual(1.45);
    const list = taskListBox(0, 0, 69);
    expect(list.maxLat).toBeCloseTo(1, 10);
    expect(list.minLat).toBeCloseTo(-1, 10);
  });

  it('widens longitude away from the equator so every point inside the radius is in the box', () => {
    for (const latitude of [0, 35, 60, 75, -70]) {
      const box = proximityBox(latitude, 10);
      for (let bearing = 0; bearing < 360; bearing += 15) {
        const point = destination(latitude, 10, 99.9, bearing);
        expect(isInBoundingBox(box, point.latitude, point.longitude)).toBe(true);
      }
    }
  });

  it('without widening, the spec box misses points due east at high latitudes', () => {
    const box = boundingBox(60, 10, 100, PROXIMITY_DEGREES_PER_MILE, { scaleLongitude: false });
    const east = destination(60, 10, 99, 90);
    expect(isInBoundingBox(box, east.latitude, east.longitude)).toBe(false);
  });

  it('clamps latitudes and spans every longitude when it reaches a pole', () => {
    const box = proximityBox(89.5, 40);
    expect(box).toEqual({
      minLat: 89.5 - 1.45,
      maxLat: 90,
      minLng: -180,
      maxLng: 180,
      crossesAntimeridian: false,
    });
    expect(proximityBox(-89.9, 0).minLat).toBe(-90);
    expect(isInBoundingBox(box, 89.9, -170)).toBe(true);
  });

  it('spans every longitude when the widened span would pass half the globe', () => {
    const box = taskListBox(80, 0, 1_000);
    expect(box.minLng).toBe(-180);
    expect(box.maxLng).toBe(180);
  });

  it('wraps across the antimeridian from either side', () => {
    const east = boundingBox(0, 179.5, 100, 0.0145, { scaleLongitude: false });
    expect(east.crossesAntimeridian).toBe(true);
    expect(east.minLng).toBeCloseTo(178.05, 10);
    expect(east.maxLng).toBeCloseTo(-179.05, 10);
    expect(longitudeRanges(east)).toEqual([
      [east.minLng, 180],
      [-180, east.maxLng],
    ]);
    expect(isInBoundingBox(east, 0, 179.9)).toBe(true);
    expect(isInBoundingBox(east, 0, -179.5)).toBe(true);
    expect(isInBoundingBox(east, 0, 0)).toBe(false);
    expect(isInBoundingBox(east, 0, -178)).toBe(false);

    const west = boundingBox(0, -179.5, 100, 0.0145, { scaleLongitude: false });
    expect(west.crossesAntimeridian).toBe(true);
    expect(west.minLng).toBeCloseTo(179.05, 10);
    expect(west.maxLng).toBeCloseTo(-178.05, 10);
    expect(isInBoundingBox(west, 0, 179.5)).toBe(true);
    expect(isInBoundingBox(west, 0, 540)).toBe(true);
  });

  it('normalizes an out-of-range centre longitude', () => {
    const box = boundingBox(0, 370, 69, TASK_LIST_DEGREES_PER_MILE, { scaleLongitude: false });
    expect(box.minLng).toBeCloseTo(9, 10);
    expect(box.maxLng).toBeCloseTo(11, 10);
    expect(longitudeRanges(box)).toHaveLength(1);
  });

  it('rejects points outside the latitude band', () => {
    const box = proximityBox(40, -74);
    expect(isInBoundingBox(box, 40, -74)).toBe(true);
    expect(isInBoundingBox(box, 42, -74)).toBe(false);
    expect(isInBoundingBox(box, 38, -74)).toBe(false);
  });
});
