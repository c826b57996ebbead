import { describe, expect, it } from 'vitest';
import type { FeatureCollection } from 'geojson';
import { prepareShapes, unwrapRing } from './world-shapes';

describe('unwrapRing', () => {
  it('keeps a ring that steps over the antimeridian continuous', () => {
    const ring = [
      [170, 60],
      [180, 65],
      [-175, 66],
      [-170, 62],
      [180, 60],
      [170, 60],
    ];
    expect(unwrapRing(ring)).toEqual([
      [170, 60],
      [180, 65],
      [185, 66],
      [190, 62],
      [180, 60],
      [170, 60],
    ]);
  });

  it('leaves ordinary rings alone', () => {
    const ring = [
      [-10, 0],
      [10, 0],
      [10, 10],
      [-10, 0],
    ];
    expect(unwrapRing(ring)).toEqual(ring);
  });
});

describe('prepareShapes', () => {
  it('drops Antarctica and unwraps every polygon', () => {
    const shapes: FeatureCollection = {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          id: '010',
          properties: { name: 'Antarctica' },
          geometry: { type: 'Polygon', coordinates: [] },
        },
        {
          type: 'Feature',
          id: '643',
          properties: { name: 'Russia' },
          geometry: {
            type: 'MultiPolygon',
            coordinates: [
              [
                [
                  [179, 1],
                  [-179, 1],
                  [-179, 2],
                  [179, 1],
                ],
              ],
            ],
          },
        },
      ],
    };
    const prepared = prepareShapes(shapes);
    expect(prepared.features.map((feature) => feature.id)).toEqual(['643']);
    expect(prepared.features[0].geometry).toEqual({
      type: 'MultiPolygon',
      coordinates: [
        [
          [
            [179, 1],
            [181, 1],
            [181, 2],
            [179, 1],
          ],
        ],
      ],
    });
  });
});
