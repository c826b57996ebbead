import type { MatrixRow } from '../matrix';
import { x } from './row-builders';

const NEAR = { latitude: '40.7', longitude: '-74' };

/** Discovery (issue 23): the expert task search, its map points. */
export const discoveryRows: MatrixRow[] = [
  ...['GET /api/search/tasks', 'GET /api/search/tasks/points'].map(
    (route): MatrixRow => ({
      route,
      cases: [
        // Experts search around their service location; an admin (no expert profile) names a place.
        { name: 'open tasks near the caller', expect: x(401, 403, 403, 200, 200, 200, 400) },
        { name: 'open tasks near a chosen place', arrange: () => ({ query: NEAR }), expect: x(401, 403, 403, 200, 200, 200, 200) },
        { name: 'a distance out of range', arrange: () => ({ query: { ...NEAR, radius_miles: '500' } }), expect: x(401, 400, 400, 400, 400, 400, 400) },
      ],
    }),
  ),
];
