import type { MatrixRow } from '../matrix';
import { adminOnly, x } from './row-builders';

const NEAR = { latitude: '40.7', longitude: '-74' };
/** The South Pacific: no expert within 100 miles, so the waitlist takes it. */
const NOWHERE = { location: 'Nowhere', latitude: -40, longitude: -130 };
const UNKNOWN_ID = '3f1f4b1e-8a52-4c1b-9a57-5a2b7f0c9d11';

/** Discovery (issue 23): the expert task search, its map points, the waitlist. */
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
  {
    route: 'POST /api/waitlist',
    cases: [
      { name: 'a place no expert serves', arrange: () => ({ body: NOWHERE }), expect: x(401, 201, 201, 403, 403, 403, 201) },
      { name: 'a place an expert serves', arrange: () => ({ body: { ...NOWHERE, ...NEAR, latitude: 40.7, longitude: -74 } }), expect: x(401, 409, 409, 403, 403, 403, 409) },
      { name: 'bad coordinates', arrange: () => ({ body: { ...NOWHERE, latitude: 91 } }), expect: x(401, 400, 400, 400, 400, 400, 400) },
    ],
  },
  {
    route: 'GET /api/waitlist/mine',
    cases: [{ name: "the caller's own entries", expect: x(401, 200, 200, 200, 200, 200, 200) }],
  },
  {
    route: 'POST /api/waitlist/:id/restore',
    cases: [
      { name: 'an unknown entry', arrange: () => ({ params: { id: UNKNOWN_ID }, body: {} }), expect: x(401, 404, 404, 404, 404, 404, 404) },
      {
        name: "the owner's entry still waiting",
        arrange: async (w) => {
          const res = await w.t.request('POST', '/api/waitlist', { cookie: w.users.owner.cookie, body: NOWHERE });
          const { entry } = (await res.json()) as { entry: { id: string } };
          return { params: { id: entry.id }, body: {} };
        },
        expect: x(401, 409, 404, 404, 404, 404, 404),
      },
    ],
  },
  { route: 'GET /api/admin/waitlist', cases: [{ name: 'waiting demand by place', expect: adminOnly(200) }] },
  { route: 'GET /api/admin/waitlist/export', cases: [{ name: 'waiting demand as CSV', expect: adminOnly(200) }] },
];
