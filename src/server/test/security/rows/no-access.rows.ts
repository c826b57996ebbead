import type { MatrixRow } from '../matrix';
import { onTask, pngForm, x } from './row-builders';

const REASON = 'The seller was at the garage all afternoon.';

/**
 * Proof of a no-show (issue 50, decision 0463): the hired expert reports, the client contests, the
 * parties and admins read. The report's own guards (an agreed window, the photos' time and place) are
 * the routes' tests; here a task without a visit answers the hired expert 409.
 */
export const noAccessRows: MatrixRow[] = [
  {
    route: 'POST /api/tasks/:id/no-access',
    cases: [
      onTask('in_progress', x(401, 403, 404, 403, 409, 404, 403), () => ({ body: pngForm('photos', 'door.png') })),
      onTask('open', x(401, 403, 404, 403, 403, 403, 403), () => ({ body: pngForm('photos', 'door.png') })),
    ],
  },
  {
    route: 'POST /api/tasks/:id/no-access/contest',
    cases: [
      onTask('no_access_reported', x(401, 200, 404, 403, 403, 404, 403), () => ({ body: { reason: REASON } })),
      onTask('in_progress', x(401, 409, 404, 403, 403, 404, 403), () => ({ body: { reason: REASON } })),
    ],
  },
  {
    route: 'GET /api/tasks/:id/no-access',
    cases: [onTask('no_access_reported', x(401, 200, 404, 404, 200, 404, 200))],
  },
  {
    route: 'GET /api/tasks/:id/no-access/photos/:index',
    cases: [onTask('no_access_reported', x(401, 404, 404, 404, 404, 404, 404), () => ({ params: { index: '0' } }))],
  },
];
