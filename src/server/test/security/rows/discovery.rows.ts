import type { MatrixRow } from '../matrix';
import { adminOnly, onTask, x } from './row-builders';

const NEAR = { latitude: '40.7', longitude: '-74' };
/** The South Pacific: no expert within 100 miles, so the waitlist takes it. */
const NOWHERE = { location: 'Nowhere', latitude: -40, longitude: -130 };
const UNKNOWN_ID = '3f1f4b1e-8a52-4c1b-9a57-5a2b7f0c9d11';

/** Discovery (issue 23): the expert task search, its map points, the waitlist. */
export const discoveryRows: MatrixRow[] = [
  {
    route: 'GET /api/search/experts',
    cases: [
      { name: 'experts near a place (public)', arrange: () => ({ query: NEAR }), expect: x(200, 200, 200, 200, 200, 200, 200) },
      { name: 'no place', expect: x(400, 400, 400, 400, 400, 400, 400) },
      { name: 'a rating out of range', arrange: () => ({ query: { ...NEAR, min_rating: '9' } }), expect: x(400, 400, 400, 400, 400, 400, 400) },
    ],
  },
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
  {
    route: 'POST /api/tasks/:id/client-review',
    cases: [
      onTask('verified', x(401, 403, 404, 404, 201, 404, 403), () => ({ body: { rating: 4, comment: 'Clear brief and paid promptly.' } })),
      onTask('in_progress', x(401, 403, 404, 404, 409, 404, 403), () => ({ body: { rating: 4, comment: 'Clear brief and paid promptly.' } })),
      onTask('verified', x(401, 400, 400, 400, 400, 400, 400), () => ({ body: { rating: 0, comment: '' } }), 'bad rating'),
    ],
  },
  {
    route: 'GET /api/tasks/:id/two-way-reviews',
    cases: [
      onTask('verified', x(401, 200, 404, 404, 200, 404, 200)),
      { name: 'an unknown task', arrange: () => ({ params: { id: UNKNOWN_ID } }), expect: x(401, 404, 404, 404, 404, 404, 404) },
    ],
  },
  {
    route: 'GET /api/clients/:id/card',
    cases: [
      { name: "the task owner's card", arrange: (w) => ({ params: { id: w.users.owner.id } }), expect: x(401, 200, 403, 200, 200, 200, 200) },
      { name: 'an expert is no client', arrange: (w) => ({ params: { id: w.users.assigned.id } }), expect: x(401, 403, 403, 404, 404, 404, 404) },
    ],
  },
  {
    route: 'POST /api/reviews/:id/report',
    cases: [
      { name: 'an unknown review', arrange: () => ({ params: { id: UNKNOWN_ID }, body: { kind: 'client', reason: 'This review is unfair to me.' } }), expect: x(401, 404, 404, 404, 404, 404, 404) },
      { name: 'a short reason', arrange: () => ({ params: { id: UNKNOWN_ID }, body: { kind: 'client', reason: 'bad' } }), expect: x(401, 400, 400, 400, 400, 400, 400) },
    ],
  },
  { route: 'GET /api/admin/review-reports', cases: [{ name: 'reported reviews', expect: adminOnly(200) }] },
  ...['POST /api/admin/reviews/:id/hide', 'POST /api/admin/reviews/:id/restore'].map(
    (route): MatrixRow => ({
      route,
      cases: [
        {
          name: 'an unknown review',
          arrange: () => ({ params: { id: UNKNOWN_ID }, body: { kind: 'expert', reason: 'Abusive language in the review.' } }),
          expect: adminOnly(404),
        },
        { name: 'no reason', arrange: () => ({ params: { id: UNKNOWN_ID }, body: { kind: 'expert' } }), expect: adminOnly(400) },
      ],
    }),
  ),
];
