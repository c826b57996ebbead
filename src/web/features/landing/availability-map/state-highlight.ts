import type { Feature, Geometry, MultiPolygon, Polygon, Position } from 'geojson';

/** "States with Experts": which US state shapes contain at least one map location. */

export type StateFeature = Feature<Geometry | null, { name?: string } | null>;

interface Point {
  latitude: number;
  longitude: number;
}

type Box = [minLng: number, minLat: number, maxLng: number, maxLat: number];

/** Ray casting: whether the point is inside one closed ring of [lng, lat] positions. */
export function pointInRing(lng: number, lat: number, ring: readonly Position[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Inside the outer ring and outside every hole. */
export function pointInPolygon(lng: number, lat: number, rings: readonly (readonly Position[])[]): boolean {
  if (rings.length === 0 || !pointInRing(lng, lat, rings[0])) return false;
  return rings.slice(1).every((hole) => !pointInRing(lng, lat, hole));
}

function polygonsOf(geometry: Geometry | null): Position[][][] {
  if (!geometry) return [];
  if (geometry.type === 'Polygon') return [(geometry as Polygon).coordinates];
  if (geometry.type === 'MultiPolygon') return (geometry as MultiPolygon).coordinates;
  return [];
}

function boxOf(polygons: Position[][][]): Box {
  const box: Box = [Infinity, Infinity, -Infinity, -Infinity];
  for (const polygon of polygons) {
    for (const [lng, lat] of polygon[0] ?? []) {
      box[0] = Math.min(box[0], lng);
      box[1] = Math.min(box[1], lat);
      box[2] = Math.max(box[2], lng);
      box[3] = Math.max(box[3], lat);
    }
  }
  return box;
}

export const stateName = (feature: StateFeature) => feature.properties?.name ?? String(feature.id ?? '');

/** The names of the states containing at least one of the points (a bounding box check first). */
export function statesWithLocations(states: readonly StateFeature[], points: readonly Point[]): Set<string> {
  const found = new Set<string>();
  for (const state of states) {
    const polygons = polygonsOf(state.geometry);
    if (polygons.length === 0) continue;
    const [minLng, minLat, maxLng, maxLat] = boxOf(polygons);
    const hit = points.some(
      ({ latitude, longitude }) =>
        longitude >= minLng &&
        longitude <= maxLng &&
        latitude >= minLat &&
        latitude <= maxLat &&
        polygons.some((polygon) => pointInPolygon(longitude, latitude, polygon)),
    );
    if (hit) found.add(stateName(state));
  }
  return found;
}
