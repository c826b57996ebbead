import { everyone, type MatrixRow } from '../matrix';
import { onTask, x } from './row-builders';

/** Experts only: 401 signed out, 403 for clients and the admin (no expert profile), `status` for experts. */
const expertsOnly = (status: number) => x(401, 403, 403, status, status, status, 403);
const tipBody = () => ({ body: { percent: 15, idempotency_key: `matrix-${crypto.randomUUID()}` } });

/**
 * Issue 51: the expert's earnings (decision 0470) and the client's tip (decision 0471). A tip's own
 * guards (7 days, one per task, the parallel key) are the routes' tests; here a task not yet confirmed
 * answers its client 409, and a confirmed one 201 (the matrix's task has no saved card, so the tip
 * ends failed, which is the charge's business).
 */
export const earningsRows: MatrixRow[] = [
  { route: 'GET /api/earnings', cases: [{ name: 'own earnings', expect: expertsOnly(200) }] },
  { route: 'GET /api/earnings/export', cases: [{ name: 'own earnings as CSV', expect: expertsOnly(200) }] },
  {
    route: 'GET /api/earnings/statements/:year',
    cases: [
      {
        name: 'own yearly statement',
        arrange: () => ({ params: { year: '2026' } }),
        expect: expertsOnly(200),
      },
    ],
  },
  {
    route: 'POST /api/earnings/dashboard-link',
    cases: [{ name: 'own payout dashboard', expect: expertsOnly(200) }],
  },
  {
    route: 'POST /api/tasks/:id/tips',
    cases: [
      onTask('verified', x(401, 201, 404, 404, 403, 404, 404), tipBody),
      onTask('in_progress', x(401, 409, 404, 404, 403, 404, 404), tipBody),
    ],
  },
  { route: 'GET /api/tasks/:id/tip', cases: [onTask('verified', x(401, 200, 404, 404, 403, 404, 404))] },
  // The local provider's stand-in for the payout dashboard (development only, like its other pages).
  {
    route: 'GET /dev/payments/dashboard/:accountId',
    cases: [
      {
        name: 'unknown account',
        arrange: () => ({ params: { accountId: 'acct_nope' } }),
        expect: everyone(404),
      },
    ],
  },
];
