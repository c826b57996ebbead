import { everyone, type MatrixRow } from '../matrix';
import { x } from './row-builders';

const UNKNOWN_ID = '3f1f4b1e-8a52-4c1b-9a57-5a2b7f0c9d11';

/** Experts' public profiles and reviews, and the trust badges (verification). */
export const expertPublicRows: MatrixRow[] = [
  {
    route: 'GET /api/experts/:id/public',
    cases: [
      { name: "an expert's public profile", arrange: (w) => ({ params: { id: w.users.assigned.id } }), expect: everyone(200) },
      { name: 'an unknown expert', arrange: () => ({ params: { id: UNKNOWN_ID } }), expect: everyone(404) },
      { name: 'a client is no expert', arrange: (w) => ({ params: { id: w.users.owner.id } }), expect: everyone(404) },
    ],
  },
  {
    route: 'GET /api/experts/:id/reviews',
    cases: [
      { name: "an expert's reviews", arrange: (w) => ({ params: { id: w.users.assigned.id } }), expect: everyone(200) },
      { name: 'an unknown expert', arrange: () => ({ params: { id: UNKNOWN_ID } }), expect: everyone(404) },
      { name: 'bad paging', arrange: (w) => ({ params: { id: w.users.assigned.id }, query: { page: '0' } }), expect: everyone(400) },
    ],
  },
  {
    route: 'GET /api/verification/status',
    cases: [
      { name: "an expert's badges (public)", arrange: (w) => ({ query: { expert_id: w.users.assigned.id } }), expect: everyone(200) },
      { name: 'own badges', expect: x(401, 403, 403, 200, 200, 200, 403) },
    ],
  },
  {
    route: 'POST /api/verification/initiate',
    cases: [{ name: 'a background check for oneself', arrange: () => ({ body: { level: 'background_check' } }), expect: x(401, 403, 403, 200, 200, 200, 403) }],
  },
  {
    route: 'POST /api/webhooks/verification',
    cases: [{ name: 'unsigned event', arrange: () => ({ body: { id: 'evt_1', type: 'x' } }), expect: everyone(400) }],
  },
];
