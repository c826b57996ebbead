import { appointmentProposals } from '../../db/schema';
import type { MatrixRow, World } from '../matrix';
import { onTask, x } from './row-builders';

/** A window well after any test clock. */
const WINDOW = { start: '2031-01-10T15:00:00.000Z', end: '2031-01-10T16:00:00.000Z' };

/** The hired expert's pending proposal on the task, as the accept and decline cases answer it. */
async function expertProposal(w: World, taskId: string) {
  const [row] = await w.t.db
    .insert(appointmentProposals)
    .values({ task_id: taskId, proposed_by: w.users.assigned.id, party: 'expert', kind: 'proposal', windows: [WINDOW] })
    .returning({ id: appointmentProposals.id });
  return row!.id;
}

/** Appointments (issue 49, docs/decisions/0420-0423): the task's client and hired expert plan the visit. */
export const appointmentRows: MatrixRow[] = [
  { route: 'GET /api/me/visits', cases: [{ name: "the caller's visits", expect: x(401, 200, 200, 200, 200, 200, 200) }] },
  {
    route: 'GET /api/tasks/:id/appointment',
    cases: [onTask('in_progress', x(401, 200, 404, 403, 200, 404, 200))],
  },
  {
    route: 'POST /api/tasks/:id/appointment/proposals',
    cases: [
      // The expert proposes first; the client's first proposal is out of turn.
      onTask('in_progress', x(401, 409, 404, 403, 201, 404, 403), () => ({ body: { windows: [WINDOW] } })),
      onTask('assigned', x(401, 409, 404, 403, 409, 404, 403), () => ({ body: { windows: [WINDOW] } }), 'hold not authorized'),
      onTask('in_progress', x(401, 400, 400, 400, 400, 400, 400), () => ({ body: { windows: [] } }), 'no window'),
    ],
  },
  {
    route: 'POST /api/tasks/:id/appointment/proposals/:proposalId/accept',
    cases: [
      onTask(
        'in_progress',
        x(401, 200, 404, 403, 403, 404, 403),
        async (w, taskId) => ({ params: { proposalId: await expertProposal(w, taskId) }, body: { choice: 0 } }),
        "the expert's proposal",
      ),
      onTask(
        'in_progress',
        x(401, 400, 400, 400, 400, 400, 400),
        async (w, taskId) => ({ params: { proposalId: await expertProposal(w, taskId) }, body: { choice: 'first' } }),
        'not a choice',
      ),
    ],
  },
  {
    route: 'POST /api/tasks/:id/appointment/proposals/:proposalId/decline',
    cases: [
      onTask(
        'in_progress',
        x(401, 200, 404, 403, 403, 404, 403),
        async (w, taskId) => ({ params: { proposalId: await expertProposal(w, taskId) }, body: {} }),
        "the expert's proposal",
      ),
    ],
  },
];
