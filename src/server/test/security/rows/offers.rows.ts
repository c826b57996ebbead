import { and, eq } from 'drizzle-orm';
import { applicationOffers, taskApplications } from '../../../db/schema';
import type { MatrixRow, World } from '../matrix';
import { onTask, x } from './row-builders';

/** Issue 51 (docs/decisions/0466): counter-offers on the applicant's application, before a hire. */
const PROPOSAL = { amount: 10_000, note: 'My budget is $100.' };

async function applicationOf(w: World, taskId: string) {
  const [row] = await w.t.db
    .select()
    .from(taskApplications)
    .where(and(eq(taskApplications.task_id, taskId), eq(taskApplications.expert_id, w.users.applicant.id)));
  return row!;
}

const theApplication = async (w: World, taskId: string) => ({ params: { appId: (await applicationOf(w, taskId)).id } });

/** The client's proposal waiting for the applicant. */
async function pendingOffer(w: World, taskId: string, body?: unknown) {
  const application = await applicationOf(w, taskId);
  const [offer] = await w.t.db
    .insert(applicationOffers)
    .values({ application_id: application.id, task_id: taskId, proposed_by: 'client', round: 1, amount: 10_000, previous_amount: application.proposed_rate, note: 'My budget is $100.', created_at: w.t.clock.now() })
    .returning();
  return { params: { appId: application.id, offerId: offer!.id }, ...(body ? { body } : {}) };
}

const BASE = 'POST /api/tasks/:id/applications/:appId/offers';

export const offerRows: MatrixRow[] = [
  {
    route: 'GET /api/tasks/:id/applications/:appId/offers',
    cases: [onTask('open', x(401, 200, 404, 200, 404, 404, 200), theApplication)],
  },
  {
    route: BASE,
    cases: [
      onTask('open', x(401, 201, 404, 403, 404, 404, 403), async (w, id) => ({ ...(await theApplication(w, id)), body: PROPOSAL })),
      onTask('assigned', x(401, 409, 404, 403, 404, 404, 403), async (w, id) => ({ ...(await theApplication(w, id)), body: PROPOSAL })),
    ],
  },
  {
    route: `${BASE}/:offerId/counter`,
    cases: [onTask('open', x(401, 403, 404, 201, 404, 404, 403), (w, id) => pendingOffer(w, id, { amount: 11_000, note: 'Meet at $110?' }), 'a pending proposal')],
  },
  {
    route: `${BASE}/:offerId/accept`,
    cases: [onTask('open', x(401, 403, 404, 200, 404, 404, 403), (w, id) => pendingOffer(w, id), 'a pending proposal')],
  },
  {
    route: `${BASE}/:offerId/decline`,
    cases: [onTask('open', x(401, 403, 404, 200, 404, 404, 403), (w, id) => pendingOffer(w, id), 'a pending proposal')],
  },
  {
    route: `${BASE}/:offerId/withdraw`,
    cases: [onTask('open', x(401, 200, 404, 403, 404, 404, 403), (w, id) => pendingOffer(w, id), 'a pending proposal')],
  },
];
