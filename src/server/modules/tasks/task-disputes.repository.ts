import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { disputes } from '../../db/schema';

// The two dispute queries that a task's own steps need (the client confirms, a lapsed hold is restored,
// the auto-release runs). They live below disputes, holds and evidence so that neither holds nor
// evidence imports the disputes module (docs/decisions/0322); disputes.repository.ts re-exports them.

export type DisputeRow = typeof disputes.$inferSelect;

/** The task's dispute that is not resolved yet (open, or answered by a resubmission). */
export async function findOpenDispute(db: Db, taskId: string): Promise<DisputeRow | undefined> {
  const [row] = await db
    .select()
    .from(disputes)
    .where(and(eq(disputes.task_id, taskId), inArray(disputes.status, ['open', 'resubmitted'])))
    .orderBy(desc(disputes.created_at))
    .limit(1);
  return row;
}

/** The client confirmed the resubmitted evidence (or stayed silent until auto-release): the dispute ends. */
export async function closeDisputeOnConfirm(db: Db, params: { taskId: string; now: Date }): Promise<void> {
  await db
    .update(disputes)
    .set({ status: 'resolved', resolution: 'client_confirmed', resolved_at: params.now, updated_at: params.now })
    .where(and(eq(disputes.task_id, params.taskId), eq(disputes.status, 'resubmitted')));
}
