import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { taskCancellations } from '../../db/schema';

export type CancellationRow = typeof taskCancellations.$inferSelect;
export type NewCancellation = typeof taskCancellations.$inferInsert;

/** One cancel of a booking, written in the cancel's own transaction (decision 0462). */
export async function insertCancellation(db: Db, params: NewCancellation): Promise<CancellationRow> {
  const [row] = await db.insert(taskCancellations).values(params).returning();
  return row!;
}

/** A task's cancels, oldest first (its timeline). */
export async function listCancellations(db: Db, taskId: string): Promise<CancellationRow[]> {
  return db
    .select()
    .from(taskCancellations)
    .where(eq(taskCancellations.task_id, taskId))
    .orderBy(asc(taskCancellations.created_at), asc(taskCancellations.id));
}
