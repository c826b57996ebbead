import { describe, expect, it } from 'vitest';
import { SpatialGrid, distanceKm } from './spatial-grid';

/** Seeded so that a failure is reproducible. */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

function nearestByGrid(grid: SpatialGrid, lat: number, lng: number): number {
  let best = Infinity;
  grid.visitOutward(lat, lng, () => best, (_point, km) => {
    best = Math.min(best, km);
  });
  return best;
}

describe('SpatialGrid', () => {
  it('measures great-circle distances', () => {
    expect(distanceKm(48.8566, 2.3522, 51.5074, -0.1278)).toBeCloseTo(343.5, 0); // Paris - London
    expect(distanceKm(0, 179.9, 0, -179.9)).toBeCloseTo(22.2, 0); // across the antimeridian
  });

  it('finds the same nearest point as checking every point', () => {
    const random = seededRandom(7);
    const count = 3_000;
    const lat = new Float64Array(count);
    const lng = new Float64Array(count);
    for (let i = 0; i < count; i += 1) {
      // Half clustered around Europe, half anywhere.
      const clustered = i % 2 === 0;
      lat[i] = clustered ? 40 + random() * 20 : -90 + random() * 180;
      lng[i] = clustered ? -5 + random() * 30 : -180 + random() * 360;
    }
    const grid = new SpatialGrid(lat, lng, [...lat.keys()]);
    const queries: [number, number][] = [
      [89.95, 10],
      [-89.95, -170],
      [0, 179.99],
      [0, -180],
      [70, 45],
    ];
    for (let i = 0; i < 300; i += 1) queries.push([-90 + random() * 180, -180 + random() * 360]);
    for (const [qLat, qLng] of queries) {
      let expected = Infinity;
      for (let i = 0; i < count; i += 1) expected = Math.min(expected, distanceKm(qLat, qLng, lat[i], lng[i]));
      expect(nearestByGrid(grid, qLat, qLng), `${qLat}, ${qLng}`).toBeCloseTo(expected, 6);
    }
  });

  it('only visits points of cells that can be within the radius', () => {
    const lat = Float64Array.from([0, 0, 10]);
    const lng = Float64Array.from([0, 0.01, 0]);
    const grid = new SpatialGrid(lat, lng, [0, 1, 2]);
    const seen: number[] = [];
    grid.visitOutward(0, 0, () => 5, (point) => seen.push(point));
    expect(seen.sort()).toEqual([0, 1]);
  });
});
