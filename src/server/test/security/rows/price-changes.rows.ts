import { eq } from 'drizzle-orm';
import { taskPriceChanges, tasks } from '../../../db/schema';
import type { MatrixRow, World } from '../matrix';
import { onTask, x } from './row-builders';

/** Issue 51 (docs/decisions/0467): a new price after the hire, proposed by one party, answered by the other. */
const PROPOSAL = { amount: 13_000, reason: 'A second car on the lot to check.' };

/** The hired expert's proposal, waiting for the client. */
async function pendingChange(w: World, taskId: string) {
  const [task] = await w.t.db.select().from(tasks).where(eq(tasks.id, taskId));
  const [row] = await w.t.db
    .insert(taskPriceChanges)
    .values({ task_id: taskId, proposed_by: 'expert', proposer_id: w.users.assigned.id, previous_amount: task!.budget, amount: task!.budget + 3_000, reason: PROPOSAL.reason, created_at: w.t.clock.now() })
    .returning();
  return { params: { changeId: row!.id } };
}

export const priceChangeRows: MatrixRow[] = [
  {
    route: 'GET /api/tasks/:id/price-changes',
    cases: [onTask('in_progress', x(401, 200, 404, 404, 200, 404, 200))],
  },
  {
    route: 'POST /api/tasks/:id/price-changes',
    cases: [
      onTask('in_progress', x(401, 201, 404, 404, 201, 404, 403), () => ({ body: PROPOSAL })),
      onTask('pending_approval', x(401, 409, 404, 404, 409, 404, 403), () => ({ body: PROPOSAL })),
    ],
  },
  {
    route: 'POST /api/tasks/:id/price-changes/:changeId/approve',
    cases: [onTask('in_progress', x(401, 200, 404, 404, 403, 404, 403), pendingChange, 'a pending increase')],
  },
  {
    route: 'POST /api/tasks/:id/price-changes/:changeId/decline',
    cases: [onTask('in_progress', x(401, 200, 404, 404, 403, 404, 403), pendingChange, 'a pending increase')],
  },
];
