import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paymentActions, paymentReconciliations, type ReconciliationFinding } from '../../db/schema';

export type ReconciliationRow = typeof paymentReconciliations.$inferSelect;

/** How far back an interrupted payment call is looked for: the provider releases every hold within 7 days. */
const LOOK_BACK_MS = 8 * 24 * 60 * 60 * 1000;
/** An interrupted call younger than this may still be under way in its request. */
const SETTLE_MS = 60 * 1000;

/**
 * The tasks with money in flight: a hold pending or authorized on the task or in the ledger, or a
 * provider call that started and never recorded its answer. Each branch reads a partial index.
 */
export async function tasksWithMoneyInFlight(
  db: Db,
  params: { now: Date; limit: number },
): Promise<string[]> {
  const since = new Date(params.now.getTime() - LOOK_BACK_MS);
  const settled = new Date(params.now.getTime() - SETTLE_MS);
  const result = await db.execute(sql`
    select id from tasks where payment_status in ('pending', 'authorized')
    union
    select task_id from transactions where status in ('pending', 'authorized')
    union
    select task_id from payment_actions
    where status = 'started' and updated_at > ${since} and updated_at < ${settled}
    limit ${params.limit}`);
  return ((result as { rows?: { id?: string; task_id?: string }[] }).rows ?? []).map((row) =>
    String(row.id ?? row.task_id),
  );
}

export async function startReconciliation(db: Db, now: Date): Promise<ReconciliationRow> {
  const [row] = await db.insert(paymentReconciliations).values({ started_at: now }).returning();
  return row!;
}

export async function finishReconciliation(
  db: Db,
  params: { id: string; now: Date; tasksChecked: number; findings: ReconciliationFinding[]; error?: string },
): Promise<void> {
  const repaired = params.findings.filter((finding) => finding.repaired).length;
  await db
    .update(paymentReconciliations)
    .set({
      finished_at: params.now,
      tasks_checked: params.tasksChecked,
      drift_found: params.findings.length,
      repaired,
      unresolved: params.findings.length - repaired,
      // The first 200 are enough to act on; the counts keep the whole.
      findings: params.findings.slice(0, 200),
      error: params.error ?? null,
    })
    .where(eq(paymentReconciliations.id, params.id));
}

export async function lastReconciliation(db: Db): Promise<ReconciliationRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentReconciliations)
    .orderBy(desc(paymentReconciliations.started_at))
    .limit(1);
  return row;
}

/** The task's capture and void calls left `started` for longer than a request lasts. */
export async function interruptedCalls(db: Db, params: { taskId: string; now: Date }) {
  return db
    .select()
    .from(paymentActions)
    .where(
      and(
        eq(paymentActions.task_id, params.taskId),
        eq(paymentActions.status, 'started'),
        inArray(paymentActions.action, ['capture', 'cancel_hold']),
        lt(paymentActions.updated_at, new Date(params.now.getTime() - SETTLE_MS)),
      ),
    );
}
