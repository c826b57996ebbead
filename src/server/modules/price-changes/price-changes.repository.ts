import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { expertProfiles, taskPriceChanges, tasks } from '../../db/schema';

export type PriceChangeRow = typeof taskPriceChanges.$inferSelect;
type Authorization = NonNullable<PriceChangeRow['authorization']>;

export async function listPriceChanges(db: Db, taskId: string): Promise<PriceChangeRow[]> {
  return db.select().from(taskPriceChanges).where(eq(taskPriceChanges.task_id, taskId)).orderBy(asc(taskPriceChanges.created_at));
}

export async function findPriceChange(db: Db, id: string): Promise<PriceChangeRow | undefined> {
  const [row] = await db.select().from(taskPriceChanges).where(eq(taskPriceChanges.id, id));
  return row;
}

/** Undefined when another change is pending (the partial unique index: one pending per task). */
export async function insertPriceChange(
  db: Db,
  values: Pick<PriceChangeRow, 'task_id' | 'proposed_by' | 'proposer_id' | 'previous_amount' | 'amount' | 'reason' | 'created_at'>,
): Promise<PriceChangeRow | undefined> {
  const [row] = await db.insert(taskPriceChanges).values({ ...values, status: 'pending' }).onConflictDoNothing().returning();
  return row;
}

/** pending -> approved/declined, only while pending: the loser of a race gets undefined. */
export async function decidePriceChange(
  db: Db,
  params: { id: string; status: 'approved' | 'declined'; now: Date; authorization: Authorization | null; intentId: string | null },
): Promise<PriceChangeRow | undefined> {
  const [row] = await db
    .update(taskPriceChanges)
    .set({ status: params.status, decided_at: params.now, authorization: params.authorization, intent_id: params.intentId })
    .where(and(eq(taskPriceChanges.id, params.id), eq(taskPriceChanges.status, 'pending')))
    .returning();
  return row;
}

/** pending authorization -> its outcome, once (the job and the approving request may both try). */
export async function settleAuthorization(
  db: Db,
  params: { id: string; authorization: Exclude<Authorization, 'pending'>; secondIntentId?: string },
): Promise<PriceChangeRow | undefined> {
  const [row] = await db
    .update(taskPriceChanges)
    .set({ authorization: params.authorization, ...(params.secondIntentId ? { second_intent_id: params.secondIntentId } : {}) })
    .where(and(eq(taskPriceChanges.id, params.id), eq(taskPriceChanges.authorization, 'pending')))
    .returning();
  return row;
}

/** The price moves only from the one the change was decided on. */
export async function setTaskPrice(db: Db, params: { taskId: string; from: number; to: number; now: Date }) {
  const [row] = await db
    .update(tasks)
    .set({ budget: params.to, updated_at: params.now })
    .where(and(eq(tasks.id, params.taskId), eq(tasks.budget, params.from)))
    .returning();
  return row;
}

export async function expertAccountOf(db: Db, expertId: string): Promise<string | null> {
  const [row] = await db.select({ account: expertProfiles.stripe_account_id }).from(expertProfiles).where(eq(expertProfiles.id, expertId));
  return row?.account ?? null;
}
