import { authSecretOf } from '../../../env';
import { appointmentProposals, taskAppointments } from '../../../db/schema';
import { onsiteToken } from '../../../modules/onsite/onsite-token';
import type { MatrixRow, World } from '../matrix';
import { onTask, x } from './row-builders';

/** A window well after any test clock. */
const WINDOW = { start: '2031-01-10T15:00:00.000Z', end: '2031-01-10T16:00:00.000Z' };

/** The hired expert's pending proposal on the task, as the accept and decline cases answer it. */
async function expertProposal(w: World, taskId: string) {
  const [row] = await w.t.db
    .insert(appointmentProposals)
    .values({
      task_id: taskId,
      proposed_by: w.users.assigned.id,
      party: 'expert',
      kind: 'proposal',
      windows: [WINDOW],
    })
    .returning({ id: appointmentProposals.id });
  return row!.id;
}

/** A task with an agreed window and a person on site; their signed link. */
async function onsiteLink(w: World) {
  const task = await w.task('in_progress');
  const start = new Date(WINDOW.start);
  await w.t.db
    .insert(taskAppointments)
    .values({
      task_id: task.id,
      agreed_start: start,
      agreed_end: new Date(WINDOW.end),
      sequence: 1,
      onsite_name: 'Sam',
      onsite_email: 'sam@example.com',
      onsite_token_version: 1,
    });
  return onsiteToken(authSecretOf(w.t.context.env), task.id, 1);
}

/** The assigned expert's feed file name, made through the API. */
async function feedFile(w: World) {
  const res = await w.t.request('POST', '/api/me/calendar-feed', {
    cookie: w.users.assigned.cookie,
    body: {},
  });
  const { url } = await w.t.json<{ url: string }>(res);
  return url.slice(url.lastIndexOf('/') + 1);
}

/** Appointments (issue 49, docs/decisions/0420-0423): the task's client and hired expert plan the visit. */
export const appointmentRows: MatrixRow[] = [
  {
    route: 'GET /api/me/visits',
    cases: [{ name: "the caller's visits", expect: x(401, 200, 200, 200, 200, 200, 200) }],
  },
  {
    route: 'GET /api/tasks/:id/appointment',
    cases: [onTask('in_progress', x(401, 200, 404, 403, 200, 404, 200))],
  },
  {
    route: 'POST /api/tasks/:id/appointment/proposals',
    cases: [
      // The expert proposes first; the client's first proposal is out of turn.
      onTask('in_progress', x(401, 409, 404, 403, 201, 404, 403), () => ({ body: { windows: [WINDOW] } })),
      onTask(
        'assigned',
        x(401, 409, 404, 403, 409, 404, 403),
        () => ({ body: { windows: [WINDOW] } }),
        'hold not authorized',
      ),
      onTask(
        'in_progress',
        x(401, 400, 400, 400, 400, 400, 400),
        () => ({ body: { windows: [] } }),
        'no window',
      ),
    ],
  },
  {
    route: 'POST /api/tasks/:id/appointment/proposals/:proposalId/accept',
    cases: [
      onTask(
        'in_progress',
        x(401, 200, 404, 403, 403, 404, 403),
        async (w, taskId) => ({
          params: { proposalId: await expertProposal(w, taskId) },
          body: { choice: 0 },
        }),
        "the expert's proposal",
      ),
      onTask(
        'in_progress',
        x(401, 400, 400, 400, 400, 400, 400),
        async (w, taskId) => ({
          params: { proposalId: await expertProposal(w, taskId) },
          body: { choice: 'first' },
        }),
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
  {
    route: 'PUT /api/tasks/:id/appointment/onsite-contact',
    cases: [
      onTask('in_progress', x(401, 200, 404, 403, 403, 404, 403), () => ({
        body: { name: 'Sam', email: 'sam@example.com' },
      })),
      onTask(
        'in_progress',
        x(401, 400, 400, 400, 400, 400, 400),
        () => ({ body: { name: 'Sam' } }),
        'no way to reach them',
      ),
    ],
  },
  {
    route: 'GET /api/onsite/:token',
    cases: [
      {
        name: 'a signed link',
        arrange: async (w) => ({ params: { token: await onsiteLink(w) } }),
        expect: x(200, 200, 200, 200, 200, 200, 200),
      },
      {
        name: 'a made-up token',
        arrange: () => ({ params: { token: 'made-up' } }),
        expect: x(404, 404, 404, 404, 404, 404, 404),
      },
    ],
  },
  {
    route: 'POST /api/onsite/:token/confirm',
    cases: [
      {
        name: 'a signed link',
        arrange: async (w) => ({ params: { token: await onsiteLink(w) }, body: {} }),
        expect: x(200, 200, 200, 200, 200, 200, 200),
      },
    ],
  },
  {
    route: 'POST /api/onsite/:token/another-window',
    cases: [
      {
        name: 'a signed link',
        arrange: async (w) => ({
          params: { token: await onsiteLink(w) },
          body: { message: 'Another day please' },
        }),
        expect: x(200, 200, 200, 200, 200, 200, 200),
      },
    ],
  },
  {
    route: 'GET /api/me/calendar-feed',
    cases: [{ name: "the caller's feed", expect: x(401, 200, 200, 200, 200, 200, 200) }],
  },
  {
    route: 'POST /api/me/calendar-feed',
    cases: [
      { name: 'a new link', arrange: () => ({ body: {} }), expect: x(401, 200, 200, 200, 200, 200, 200) },
    ],
  },
  {
    route: 'DELETE /api/me/calendar-feed',
    cases: [{ name: 'turn off', expect: x(401, 200, 200, 200, 200, 200, 200) }],
  },
  {
    route: 'GET /api/calendar/:file',
    cases: [
      {
        name: "the assigned expert's feed",
        arrange: async (w) => ({ params: { file: await feedFile(w) } }),
        expect: x(200, 200, 200, 200, 200, 200, 200),
      },
      {
        name: 'a made-up feed',
        arrange: () => ({ params: { file: 'made-up.ics' } }),
        expect: x(404, 404, 404, 404, 404, 404, 404),
      },
    ],
  },
];
