import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { taskExtensionRequests } from '../../db/schema';

export type ExtensionRow = typeof taskExtensionRequests.$inferSelect;

export async function listExtensions(db: Db, params: { taskId: string }): Promise<ExtensionRow[]> {
  return db
    .select()
    .from(taskExtensionRequests)
    .where(eq(taskExtensionRequests.task_id, params.taskId))
    .orderBy(desc(taskExtensionRequests.created_at));
}

export async function findExtension(db: Db, params: { taskId: string; id: string }): Promise<ExtensionRow | undefined> {
  const [row] = await db
    .select()
    .from(taskExtensionRequests)
    .where(and(eq(taskExtensionRequests.id, params.id), eq(taskExtensionRequests.task_id, params.taskId)));
  return row;
}

/** A new pending request; undefined when one is already pending (the partial unique index). */
export async function insertExtension(
  db: Db,
  params: { taskId: string; expertId: string; previousDueAt: Date | null; requestedDueAt: Date; reason: string; now: Date },
): Promise<ExtensionRow | undefined> {
  const [row] = await db
    .insert(taskExtensionRequests)
    .values({
      task_id: params.taskId,
      expert_id: params.expertId,
      previous_due_at: params.previousDueAt,
      requested_due_at: params.requestedDueAt,
      reason: params.reason,
      created_at: params.now,
    })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** pending -> accepted or declined, once: the loser of a race gets undefined. */
export async function decideExtension(
  db: Db,
  params: { id: string; status: 'accepted' | 'declined'; now: Date },
): Promise<ExtensionRow | undefined> {
  const [row] = await db
    .update(taskExtensionRequests)
    .set({ status: params.status, decided_at: params.now })
    .where(and(eq(taskExtensionRequests.id, params.id), eq(taskExtensionRequests.status, 'pending')))
    .returning();
  return row;
}
