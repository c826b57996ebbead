import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { feature } from 'topojson-client';
import type { Topology } from 'topojson-specification';
import { pointInPolygon, statesWithLocations, type StateFeature } from './state-highlight';

const square = (x0: number, y0: number, size: number) => [
  [x0, y0],
  [x0 + size, y0],
  [x0 + size, y0 + size],
  [x0, y0 + size],
  [x0, y0],
];

const polygonState = (name: string, rings: number[][][]): StateFeature => ({
  type: 'Feature',
  properties: { name },
  geometry: { type: 'Polygon', coordinates: rings },
});

describe('pointInPolygon', () => {
  it('is inside the outer ring and outside its holes', () => {
    const withHole = [square(0, 0, 10), square(4, 4, 2)];
    expect(pointInPolygon(1, 1, withHole)).toBe(true);
    expect(pointInPolygon(5, 5, withHole)).toBe(false);
    expect(pointInPolygon(11, 5, withHole)).toBe(false);
  });
});

describe('statesWithLocations', () => {
  it('names the states that contain at least one location, including multi-part states', () => {
    const states: StateFeature[] = [
      polygonState('Square', [square(0, 0, 10)]),
      polygonState('Empty', [square(20, 0, 10)]),
      {
        type: 'Feature',
        properties: { name: 'Islands' },
        geometry: { type: 'MultiPolygon', coordinates: [[square(40, 0, 1)], [square(50, 0, 1)]] },
      },
      { type: 'Feature', properties: { name: 'No shape' }, geometry: null },
    ];
    const points = [
      { latitude: 5, longitude: 5 },
      { latitude: 0.5, longitude: 50.5 },
      { latitude: 80, longitude: 80 },
    ];
    expect([...statesWithLocations(states, points)].sort()).toEqual(['Islands', 'Square']);
    expect(statesWithLocations(states, []).size).toBe(0);
  });

  it('finds the real states of US cities in the us-atlas boundaries', () => {
    const require = createRequire(import.meta.url);
    const topology = JSON.parse(
      readFileSync(require.resolve('us-atlas/states-10m.json'), 'utf8'),
    ) as Topology;
    const states = (feature(topology, topology.objects.states) as unknown as { features: StateFeature[] })
      .features;
    const cities = [
      { latitude: 41.8781, longitude: -87.6298 }, // Chicago
      { latitude: 30.2672, longitude: -97.7431 }, // Austin
      { latitude: 21.3069, longitude: -157.8583 }, // Honolulu
      { latitude: 51.5074, longitude: -0.1278 }, // London
    ];
    expect([...statesWithLocations(states, cities)].sort()).toEqual(['Hawaii', 'Illinois', 'Texas']);
  });
});
