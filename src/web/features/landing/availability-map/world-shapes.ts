import type { Feature, FeatureCollection, Geometry, Position } from 'geojson';

/**
 * Natural Earth shapes are cut at the antimeridian, so a ring of Russia or Fiji steps from
 * longitude 180 straight to -180. Leaflet draws such a step as a line across the whole map; this
 * keeps each ring continuous instead (longitudes beyond 180 are fine for Leaflet).
 */
export function unwrapRing(ring: readonly Position[]): Position[] {
  let shift = 0;
  return ring.map((position, index) => {
    if (index > 0) {
      const step = position[0] - ring[index - 1][0];
      if (step > 180) shift -= 360;
      else if (step < -180) shift += 360;
    }
    return shift === 0 ? [...position] : [position[0] + shift, ...position.slice(1)];
  });
}

function unwrapGeometry(geometry: Geometry | null): Geometry | null {
  if (!geometry) return geometry;
  if (geometry.type === 'Polygon') return { ...geometry, coordinates: geometry.coordinates.map(unwrapRing) };
  if (geometry.type === 'MultiPolygon') {
    return { ...geometry, coordinates: geometry.coordinates.map((polygon) => polygon.map(unwrapRing)) };
  }
  return geometry;
}

/** Antarctica circles the pole, which no flat map closes well; the product has no experts there. */
const isAntarctica = (feature: Feature) =>
  feature.id === '010' || (feature.properties as { name?: string } | null)?.name === 'Antarctica';

export function prepareShapes(collection: FeatureCollection): FeatureCollection {
  return {
    ...collection,
    features: collection.features
      .filter((feature) => !isAntarctica(feature))
      .map((feature) => ({ ...feature, geometry: unwrapGeometry(feature.geometry) as Geometry })),
  };
}
