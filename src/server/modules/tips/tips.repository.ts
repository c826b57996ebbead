import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tips, type TipStatus } from '../../db/schema';

export type TipRow = typeof tips.$inferSelect;

/** Inserts a tip unless the task has a live one or the key was used: null when nothing was inserted. */
export async function insertTip(
  db: Db,
  values: Pick<
    TipRow,
    'task_id' | 'client_id' | 'expert_id' | 'amount' | 'percent' | 'client_key' | 'created_at' | 'updated_at'
  >,
): Promise<TipRow | null> {
  const [row] = await db.insert(tips).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function findTip(db: Db, id: string): Promise<TipRow | undefined> {
  const [row] = await db.select().from(tips).where(eq(tips.id, id));
  return row;
}

export async function findTipByKey(db: Db, taskId: string, clientKey: string): Promise<TipRow | undefined> {
  const [row] = await db
    .select()
    .from(tips)
    .where(and(eq(tips.task_id, taskId), eq(tips.client_key, clientKey)));
  return row;
}

/** The task's tip that counts: the live one (pending, charged or waiting for the client), else the latest failed one. */
export async function findTaskTip(db: Db, taskId: string): Promise<TipRow | undefined> {
  const rows = await db.select().from(tips).where(eq(tips.task_id, taskId)).orderBy(desc(tips.created_at));
  return rows.find((row) => row.status !== 'failed') ?? rows[0];
}

/** Moves a pending tip on; false when another run moved it first. */
export async function updatePendingTip(
  db: Db,
  params: {
    id: string;
    status?: TipStatus;
    paymentIntentId?: string;
    failureMessage?: string | null;
    capturedAt?: Date;
    now: Date;
  },
): Promise<boolean> {
  const rows = await db
    .update(tips)
    .set({
      ...(params.status ? { status: params.status } : {}),
      ...(params.paymentIntentId ? { payment_intent_id: params.paymentIntentId } : {}),
      ...(params.failureMessage !== undefined ? { failure_message: params.failureMessage } : {}),
      ...(params.capturedAt ? { captured_at: params.capturedAt } : {}),
      updated_at: params.now,
    })
    .where(and(eq(tips.id, params.id), eq(tips.status, 'pending')))
    .returning({ id: tips.id });
  return rows.length > 0;
}

/** Charged tips of some tasks (the expert's earnings). */
export async function succeededTipsOfTasks(db: Db, taskIds: string[]): Promise<TipRow[]> {
  if (taskIds.length === 0) return [];
  return db
    .select()
    .from(tips)
    .where(and(inArray(tips.task_id, taskIds), eq(tips.status, 'succeeded')));
}

/**
 * Every tip a client added, newest first, failed ones included (their status says so): the client's
 * receipts list the succeeded ones with their `captured_at` and `payment_intent_id`.
 */
export async function listTipsOfClient(
  db: Db,
  clientId: string,
  options: { succeededOnly?: boolean } = {},
): Promise<TipRow[]> {
  return db
    .select()
    .from(tips)
    .where(
      and(eq(tips.client_id, clientId), options.succeededOnly ? eq(tips.status, 'succeeded') : undefined),
    )
    .orderBy(desc(tips.created_at));
}
