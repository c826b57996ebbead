import { and, eq } from 'drizzle-orm';
import { taskApplications } from '../../../db/schema';
import { taskInput } from '../../builders';
import { signedIn, type MatrixRow, type World } from '../matrix';
import { onTask, pngForm, x } from './row-builders';

/** An admin acting in the client's place writes why (issue 27); the client's own calls ignore it. */
const OVERRIDE_REASON = 'The client asked support to act for them by phone.';
const withReason = () => ({ body: { override_reason: OVERRIDE_REASON } });

const expertCancelBody = () => ({ body: { reason: 'expert_unwell', note: 'Down with the flu this week.' } });

const evidenceForm = () => pngForm('files', 'photo.png', { completion_notes: 'All done: photos of every side attached.' });

const applicationOf = async (w: World, taskId: string) => {
  const [row] = await w.t.db
    .select()
    .from(taskApplications)
    .where(and(eq(taskApplications.task_id, taskId), eq(taskApplications.expert_id, w.users.applicant.id)));
  return row!.id;
};

export const taskRows: MatrixRow[] = [
  {
    route: 'POST /api/tasks/check-location',
    cases: [{ name: 'a served place', arrange: () => ({ body: { latitude: 40.7128, longitude: -74.006 } }), expect: signedIn(200) }],
  },
  {
    route: 'POST /api/tasks',
    // Posting a task needs only an account: experts and admins may also hire (roles matrix).
    cases: [{ name: 'a new task', arrange: () => ({ body: taskInput() }), expect: signedIn(201) }],
  },
  { route: 'GET /api/tasks', cases: [{ name: 'own lists', expect: signedIn(200) }] },
  {
    route: 'GET /api/tasks/:id',
    cases: [
      onTask('open', x(401, 200, 404, 200, 200, 200, 200)),
      onTask('assigned', x(401, 200, 404, 200, 200, 404, 200)),
      onTask('pending_approval', x(401, 200, 404, 200, 200, 404, 200)),
      onTask('cancelled', x(401, 200, 404, 200, 200, 404, 200)),
    ],
  },
  {
    route: 'PATCH /api/tasks/:id',
    cases: [
      onTask('open', x(401, 200, 404, 403, 403, 403, 200), () => ({ body: { title: 'Inspect a car before I buy it' } })),
      onTask('assigned', x(401, 409, 404, 403, 403, 404, 200), () => ({ body: { title: 'Inspect a car before I buy it' } })),
      onTask('verified', x(401, 409, 404, 403, 403, 404, 409), () => ({ body: { title: 'Inspect a car before I buy it' } })),
    ],
  },
  {
    route: 'POST /api/tasks/:id/cancel',
    cases: [
      onTask('open', x(401, 200, 404, 403, 403, 403, 200), withReason),
      onTask('in_progress', x(401, 200, 404, 403, 403, 404, 200), withReason),
      onTask('verified', x(401, 409, 404, 403, 403, 404, 409), withReason),
      // An admin override without a reason changes nothing; delivered work is never cancelled by an admin.
      onTask('in_progress', x(401, 200, 404, 403, 403, 404, 400), () => ({ body: { reason: 'plans_changed' } }), 'in_progress task, no override reason'),
      onTask('pending_approval', x(401, 409, 404, 403, 403, 404, 409), withReason),
      onTask('disputed', x(401, 409, 404, 403, 403, 404, 409), withReason),
    ],
  },
  {
    route: 'POST /api/tasks/:id/applications',
    cases: [
      onTask('open', x(401, 403, 404, 409, 201, 201, 403), () => ({ body: { proposed_rate: 12_000, notes: 'I can do this today with photos.' } })),
      onTask('assigned', x(401, 403, 404, 409, 409, 404, 403), () => ({ body: { proposed_rate: 12_000, notes: 'I can do this today with photos.' } })),
    ],
  },
  {
    route: 'POST /api/tasks/:id/applications/:appId/reject',
    cases: [
      onTask('open', x(401, 200, 404, 403, 403, 403, 200), async (w, id) => ({ params: { appId: await applicationOf(w, id) } })),
      onTask('assigned', x(401, 409, 404, 403, 403, 404, 409), async (w, id) => ({ params: { appId: await applicationOf(w, id) } })),
    ],
  },
  {
    route: 'POST /api/tasks/:id/assign',
    cases: [
      onTask('open', x(401, 200, 404, 403, 403, 403, 200), async (w, id) => ({
        body: { application_id: await applicationOf(w, id), override_reason: OVERRIDE_REASON },
      })),
      onTask('assigned', x(401, 409, 404, 403, 403, 404, 409), async (w, id) => ({ body: { application_id: await applicationOf(w, id) } })),
      onTask(
        'open',
        x(401, 200, 404, 403, 403, 403, 400),
        async (w, id) => ({ body: { application_id: await applicationOf(w, id) } }),
        'open task, no override reason',
      ),
    ],
  },
  {
    route: 'POST /api/tasks/:id/accept',
    cases: [
      onTask('assigned', x(401, 403, 404, 403, 409, 404, 403)),
      onTask('open', x(401, 403, 404, 403, 403, 403, 403)),
    ],
  },
  {
    route: 'POST /api/tasks/:id/decline',
    cases: [
      onTask('assigned', x(401, 403, 404, 403, 200, 404, 403), expertCancelBody),
      onTask('in_progress', x(401, 403, 404, 403, 409, 404, 403), expertCancelBody),
    ],
  },
  // Issue 50: the hired expert's cancel with a reason, the quote the cancel dialogs show, the timeline.
  {
    route: 'POST /api/tasks/:id/expert-cancel',
    cases: [
      onTask('assigned', x(401, 403, 404, 403, 200, 404, 403), expertCancelBody),
      onTask('in_progress', x(401, 403, 404, 403, 200, 404, 403), expertCancelBody),
      onTask('verified', x(401, 403, 404, 403, 409, 404, 403), expertCancelBody),
    ],
  },
  {
    route: 'GET /api/tasks/:id/cancellation-quote',
    cases: [
      onTask('in_progress', x(401, 200, 404, 403, 200, 404, 200)),
      onTask('verified', x(401, 409, 404, 403, 409, 404, 409)),
    ],
  },
  {
    route: 'GET /api/tasks/:id/cancellations',
    cases: [onTask('cancelled', x(401, 200, 404, 200, 200, 404, 200))],
  },
  {
    route: 'POST /api/tasks/:id/abandon',
    cases: [
      onTask('in_progress', x(401, 403, 404, 403, 200, 404, 403), expertCancelBody),
      onTask('assigned', x(401, 403, 404, 403, 409, 404, 403), expertCancelBody),
    ],
  },
  {
    route: 'POST /api/tasks/:id/evidence',
    cases: [
      onTask('in_progress', x(401, 403, 404, 403, 200, 404, 403), () => ({ body: evidenceForm() })),
      onTask('pending_approval', x(401, 403, 404, 403, 409, 404, 403), () => ({ body: evidenceForm() })),
    ],
  },
  {
    route: 'GET /api/tasks/:id/evidence/:index',
    cases: [
      onTask('pending_approval', x(401, 200, 404, 403, 200, 404, 200), () => ({ params: { index: '0' } })),
      onTask('in_progress', x(401, 404, 404, 403, 404, 404, 404), () => ({ params: { index: '0' } })),
    ],
  },
  {
    route: 'POST /api/tasks/:id/evidence/confirm',
    cases: [
      onTask('pending_approval', x(401, 200, 404, 403, 403, 404, 200), withReason),
      onTask('in_progress', x(401, 409, 404, 403, 403, 404, 409), withReason),
      onTask('pending_approval', x(401, 200, 404, 403, 403, 404, 400), undefined, 'pending_approval task, no override reason'),
    ],
  },
  {
    route: 'POST /api/tasks/:id/review',
    cases: [
      onTask('verified', x(401, 201, 404, 403, 403, 404, 403), () => ({ body: { rating: 5, comment: 'Thorough and quick, great photos.' } })),
      onTask('in_progress', x(401, 409, 404, 403, 403, 404, 403), () => ({ body: { rating: 5, comment: 'Thorough and quick, great photos.' } })),
    ],
  },
  {
    route: 'POST /api/tasks/:id/report-client',
    cases: [
      onTask('assigned', x(401, 403, 404, 403, 201, 404, 403), () => ({ body: { reason: 'Never paid' } })),
      onTask('in_progress', x(401, 403, 404, 403, 409, 404, 403), () => ({ body: { reason: 'Never paid' } })),
    ],
  },
];
