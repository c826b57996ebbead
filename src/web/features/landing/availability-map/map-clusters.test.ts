import { describe, expect, it } from 'vitest';
import type { MapLocationDto } from '@shared/schemas/geo.schemas';
import { buildClusterIndex, clusterSize, CLUSTER_MAX_ZOOM, itemsInView } from './map-clusters';

const WORLD: [number, number, number, number] = [-180, -85, 180, 85];

/** About 40 US places, like the demo data: a blob at zoom 4 without clustering. */
const usPlaces: MapLocationDto[] = Array.from({ length: 40 }, (_, i) => ({
  name: `City ${i}`,
  country: 'United States',
  region: 'Somewhere',
  latitude: 30 + (i % 8) * 2,
  longitude: -120 + Math.floor(i / 8) * 10,
  expert_count: i + 1,
  recent_tasks: 0,
}));

describe('map clustering', () => {
  it('merges the US places into a few clusters at the default zoom, keeping every place and expert counted', () => {
    const items = itemsInView(buildClusterIndex(usPlaces), WORLD, 4);
    expect(items.length).toBeLessThan(20);
    const clusters = items.filter((item) => item.kind === 'cluster');
    expect(clusters.length).toBeGreaterThan(0);
    const places = items.reduce((sum, item) => sum + (item.kind === 'cluster' ? item.places : 1), 0);
    expect(places).toBe(40);
    const experts = items.reduce(
      (sum, item) => sum + (item.kind === 'cluster' ? item.experts : item.location.expert_count),
      0,
    );
    expect(experts).toBe((40 * 41) / 2);
  });

  it('shows every place on its own from the no-clustering zoom', () => {
    const items = itemsInView(buildClusterIndex(usPlaces), WORLD, CLUSTER_MAX_ZOOM);
    expect(items).toHaveLength(40);
    expect(items.every((item) => item.kind === 'place')).toBe(true);
  });

  it('keeps a lone place as a place marker at any zoom', () => {
    const items = itemsInView(buildClusterIndex(usPlaces.slice(0, 1)), WORLD, 2);
    expect(items).toEqual([{ kind: 'place', location: usPlaces[0] }]);
  });

  it('draws bigger clusters for more places', () => {
    expect(clusterSize(2)).toBeLessThan(clusterSize(10));
    expect(clusterSize(10)).toBeLessThan(clusterSize(100));
  });
});
