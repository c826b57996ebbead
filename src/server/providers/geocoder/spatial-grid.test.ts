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

describe('SpatialGrid', () => {
  it('measures great-circle distances', () => {
    expect(distanceKm(48.8566, 2.3522, 51.5074, -0.1278)).toBeCloseTo(343.5, 0); // Paris - London
    expect(distanceKm(0, 179.9, 0, -179.9)).toBeCloseTo(22.2, 0); // across the antimeridian
  });

  it('visits every point within the radius, wherever the circle lies', () => {
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
    const queries: [number, number, number][] = [
      [89.95, 10, 50],
      [-89.95, -170, 300],
      [0, 179.99, 100],
      [0, -180, 2_000],
      [70, 45, 800],
      [50, 10, 40],
      [10, 10, 25_000],
    ];
    for (let i = 0; i < 300; i += 1)
      queries.push([-90 + random() * 180, -180 + random() * 360, random() * 3_000]);
    for (const [qLat, qLng, radius] of queries) {
      const expected = new Set<number>();
      for (let i = 0; i < count; i += 1)
        if (distanceKm(qLat, qLng, lat[i], lng[i]) <= radius) expected.add(i);
      const seen = new Set<number>();
      let wrongDistances = 0;
      grid.visitWithin(qLat, qLng, radius, (point, km) => {
        if (km !== distanceKm(qLat, qLng, lat[point], lng[point])) wrongDistances += 1;
        seen.add(point);
      });
      expect(wrongDistances).toBe(0);
      const missed = [...expected].filter((point) => !seen.has(point));
      expect(missed, `${qLat}, ${qLng} within ${radius} km`).toEqual([]);
    }
  });

  it('leaves out cells the circle cannot reach', () => {
    const lat = Float64Array.from([0, 0, 10, 0]);
    const lng = Float64Array.from([0, 0.01, 0, 120]);
    const grid = new SpatialGrid(lat, lng, [0, 1, 2, 3]);
    const seen: number[] = [];
    grid.visitWithin(0, 0, 5, (point) => seen.push(point));
    expect(seen.sort()).toEqual([0, 1]);
  });
});
