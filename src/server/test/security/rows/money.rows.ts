import { eq } from 'drizzle-orm';
import { disputes, tasks } from '../../../db/schema';
import { createTransaction } from '../../builders';
import { type MatrixRow, type World } from '../matrix';
import { adminOnly, onTask, pngForm, x } from './row-builders';

const rejection = () => ({
  body: { reason: 'The photos do not show the engine.', request_changes: true, override_reason: 'The client asked support to reject for them.' },
});
const rejectionWithoutOverrideReason = () => ({ body: { reason: 'The photos do not show the engine.', request_changes: true } });

const evidenceForm = () => pngForm('files', 'engine.png', { completion_notes: 'New photos of the engine attached.' });

/** The client's card saved on the task (the local provider's test card), for a renewed hold. */
async function withSavedCard(w: World, taskId: string) {
  await w.t.db.update(tasks).set({ stripe_payment_method_id: 'pm_card_visa' }).where(eq(tasks.id, taskId));
  return { body: {} };
}

/** The open dispute of a fresh disputed task. */
async function disputeOf(w: World) {
  const task = await w.task('disputed');
  const [row] = await w.t.db.select().from(disputes).where(eq(disputes.task_id, task.id));
  return row!.id;
}

/** The captured payment of a fresh verified task. */
async function capturedTransaction(w: World) {
  const task = await w.task('verified');
  const [row] = await w.t.db.select().from(tasks).where(eq(tasks.id, task.id));
  return createTransaction(w.t.db, { task_id: task.id, status: 'captured', stripe_payment_intent_id: row!.stripe_payment_intent_id });
}

/** Disputes, resubmission, holds and refunds (issue 13). */
export const moneyRows: MatrixRow[] = [
  {
    route: 'POST /api/tasks/:id/evidence/reject',
    cases: [
      onTask('pending_approval', x(401, 200, 404, 403, 403, 404, 200), rejection),
      onTask('verified', x(401, 409, 404, 403, 403, 404, 409), rejection),
      onTask('pending_approval', x(401, 400, 400, 400, 400, 400, 400), () => ({ body: { reason: '' } }), 'no reason'),
      // Issue 27: an admin rejecting in the client's place must say why.
      onTask('pending_approval', x(401, 200, 404, 403, 403, 404, 400), rejectionWithoutOverrideReason, 'no override reason'),
    ],
  },
  {
    route: 'POST /api/tasks/:id/evidence/resubmit',
    cases: [
      onTask('disputed', x(401, 403, 404, 403, 200, 404, 403), () => ({ body: evidenceForm() })),
      onTask('pending_approval', x(401, 403, 404, 403, 409, 404, 403), () => ({ body: evidenceForm() })),
    ],
  },
  {
    route: 'POST /api/tasks/:id/dispute/accept',
    cases: [
      onTask('disputed', x(401, 403, 404, 403, 200, 404, 403), () => ({ body: {} })),
      onTask('pending_approval', x(401, 403, 404, 403, 409, 404, 403), () => ({ body: {} })),
    ],
  },
  {
    route: 'POST /api/tasks/:id/payment/reauthorize',
    cases: [
      onTask('in_progress', x(401, 200, 404, 403, 403, 404, 403), withSavedCard, 'in_progress task, saved card'),
      onTask('in_progress', x(401, 409, 404, 403, 403, 404, 403), () => ({ body: {} }), 'in_progress task, no saved card'),
      onTask('verified', x(401, 409, 404, 403, 403, 404, 403), withSavedCard),
    ],
  },
  {
    route: 'POST /api/tasks/:id/payment/reauthorize/intent',
    cases: [
      onTask('in_progress', x(401, 200, 404, 403, 403, 404, 403), () => ({ body: {} })),
      onTask('disputed', x(401, 200, 404, 403, 403, 404, 403), () => ({ body: {} })),
      onTask('verified', x(401, 409, 404, 403, 403, 404, 403), () => ({ body: {} })),
    ],
  },
  {
    route: 'GET /api/tasks/:id/money',
    cases: [onTask('in_progress', x(401, 200, 404, 403, 200, 404, 200)), onTask('disputed', x(401, 200, 404, 403, 200, 404, 200))],
  },
  {
    route: 'GET /api/admin/disputes',
    cases: [
      { name: 'open disputes', arrange: () => ({ query: { status: 'open' } }), expect: adminOnly(200) },
      { name: 'an unknown status', arrange: () => ({ query: { status: 'everything' } }), expect: x(401, 403, 403, 403, 403, 403, 400) },
    ],
  },
  {
    route: 'POST /api/admin/disputes/:id/resolve',
    cases: [
      {
        name: 'release an open dispute',
        arrange: async (w) => ({ params: { id: await disputeOf(w) }, body: { resolution: 'release', note: 'The photos were enough.' } }),
        expect: adminOnly(200),
      },
    ],
  },
  { route: 'GET /api/admin/refundable-transactions', cases: [{ name: 'the list', expect: adminOnly(200) }] },
  {
    route: 'POST /api/admin/transactions/:id/refund',
    cases: [
      {
        name: 'part of a captured payment',
        arrange: async (w) => ({
          params: { id: (await capturedTransaction(w)).id },
          body: { amount_cents: 1_000, idempotency_key: `refund-${crypto.randomUUID()}`, reason: 'Goodwill' },
        }),
        expect: adminOnly(200),
      },
    ],
  },
  { route: 'GET /api/admin/money-settings', cases: [{ name: 'the review window', expect: adminOnly(200) }] },
  {
    route: 'PUT /api/admin/money-settings',
    cases: [
      {
        name: 'the current review window again',
        arrange: async (w) => {
          const response = await w.t.request('GET', '/api/admin/money-settings', { cookie: w.users.admin.cookie });
          return { body: (await response.json()) as { review_window_hours: number } };
        },
        expect: adminOnly(200),
      },
    ],
  },
];
