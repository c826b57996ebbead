import { applicationPauses } from '../../../db/schema';
import type { MatrixRow, World } from '../matrix';
import { adminOnly, x } from './row-builders';

const REASON = 'The cancels were the client’s own requests.';

/** A new expert whose applications are paused for a week (as three cancels in 30 days leave them). */
async function pausedExpert(w: World) {
  const expert = await w.t.createUser('expert');
  const now = w.t.clock.now();
  await w.t.db
    .insert(applicationPauses)
    .values({ expert_id: expert.id, paused_until: new Date(now.getTime() + 7 * 86_400_000), created_at: now });
  return expert.id;
}

/** The reliability record (issue 50, decision 0457): the expert's own pause, and the admin's lift. */
export const reliabilityRows: MatrixRow[] = [
  {
    route: 'GET /api/me/application-pause',
    cases: [{ name: "the caller's pause (none)", expect: x(401, 200, 200, 200, 200, 200, 200) }],
  },
  {
    route: 'GET /api/admin/application-pauses',
    cases: [{ name: 'the pauses in force', expect: adminOnly(200) }],
  },
  {
    route: 'POST /api/admin/experts/:id/application-pause/lift',
    cases: [
      {
        name: 'a paused expert',
        arrange: async (w) => ({ params: { id: await pausedExpert(w) }, body: { reason: REASON } }),
        expect: adminOnly(200),
      },
      {
        name: 'an expert with no pause',
        arrange: (w) => ({ params: { id: w.users.otherExpert.id }, body: { reason: REASON } }),
        expect: adminOnly(409),
      },
      {
        name: 'a reason too short',
        arrange: async (w) => ({ params: { id: await pausedExpert(w) }, body: { reason: 'no' } }),
        expect: adminOnly(400),
      },
    ],
  },
];
