import { createInvitation } from '../../builders';
import type { MatrixRow } from '../matrix';
import { onTask, x } from './row-builders';

const UNKNOWN_ID = '3f1f4b1e-8a52-4c1b-9a57-5a2b7f0c9d11';

/** Invitations (issue 23, docs/decisions/0330): the task's client invites; the invited expert answers. */
export const invitationRows: MatrixRow[] = [
  {
    route: 'POST /api/tasks/:id/invitations',
    cases: [
      onTask('open', x(401, 201, 404, 403, 403, 403, 403), (w) => ({ body: { expert_id: w.users.otherExpert.id } })),
      onTask('assigned', x(401, 409, 404, 403, 403, 404, 403), (w) => ({ body: { expert_id: w.users.otherExpert.id } })),
      onTask('open', x(401, 400, 400, 400, 400, 400, 400), () => ({ body: { expert_id: 'nobody' } }), 'bad expert id'),
    ],
  },
  {
    route: 'GET /api/tasks/:id/my-invitation',
    cases: [onTask('open', x(401, 200, 404, 200, 200, 200, 200))],
  },
  {
    route: 'POST /api/tasks/:id/invitation/decline',
    cases: [
      onTask('open', x(401, 404, 404, 404, 404, 404, 404), () => ({ body: {} }), 'no invitation'),
      onTask(
        'open',
        x(401, 404, 404, 404, 404, 200, 404),
        async (w, taskId) => {
          await createInvitation(w.t.db, { task_id: taskId, client_id: w.users.owner.id, expert_id: w.users.otherExpert.id });
          return { body: {} };
        },
        'the other expert invited',
      ),
    ],
  },
  {
    route: 'GET /api/experts/:id/invitation-options',
    cases: [
      { name: 'an expert', arrange: (w) => ({ params: { id: w.users.otherExpert.id } }), expect: x(401, 200, 200, 200, 200, 400, 200) },
      { name: 'an unknown expert', arrange: () => ({ params: { id: UNKNOWN_ID } }), expect: x(401, 404, 404, 404, 404, 404, 404) },
    ],
  },
  {
    route: 'GET /api/me/invitation-settings',
    cases: [{ name: "the expert's setting", expect: x(401, 403, 403, 200, 200, 200, 403) }],
  },
  {
    route: 'PUT /api/me/invitation-settings',
    cases: [
      { name: 'turn on', arrange: () => ({ body: { accepts_invitations: true } }), expect: x(401, 403, 403, 200, 200, 200, 403) },
      { name: 'not a boolean', arrange: () => ({ body: { accepts_invitations: 'yes' } }), expect: x(401, 400, 400, 400, 400, 400, 400) },
    ],
  },
];
