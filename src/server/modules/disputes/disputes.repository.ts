import { and, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { disputes, profiles, tasks, transactions } from '../../db/schema';

import { closeDisputeOnConfirm, findOpenDispute, type DisputeRow } from '../tasks/task-disputes.repository';

export { closeDisputeOnConfirm, findOpenDispute, type DisputeRow };
type DisputeStatus = DisputeRow['status'];

export async function insertDispute(
  db: Db,
  params: { taskId: string; openedBy: string; reason: string; requestChanges: boolean; now: Date },
): Promise<DisputeRow> {
  const [row] = await db
    .insert(disputes)
    .values({
      task_id: params.taskId,
      opened_by: params.openedBy,
      reason: params.reason,
      request_changes: params.requestChanges ? 1 : 0,
      created_at: params.now,
      updated_at: params.now,
    })
    .returning();
  return row;
}


export async function latestDispute(db: Db, taskId: string): Promise<DisputeRow | undefined> {
  const [row] = await db
    .select()
    .from(disputes)
    .where(eq(disputes.task_id, taskId))
    .orderBy(desc(disputes.created_at))
    .limit(1);
  return row;
}

export async function countDisputes(db: Db, taskId: string): Promise<DisputeRow[]> {
  return db.select().from(disputes).where(eq(disputes.task_id, taskId));
}

export async function findDispute(db: Db, id: string): Promise<DisputeRow | undefined> {
  const [row] = await db.select().from(disputes).where(eq(disputes.id, id));
  return row;
}

/** open -> resubmitted (the expert's one resubmission); conditional, so it happens once. */
export async function markResubmitted(db: Db, params: { id: string; now: Date }): Promise<DisputeRow | undefined> {
  const [row] = await db
    .update(disputes)
    .set({ status: 'resubmitted', resubmitted_at: params.now, updated_at: params.now })
    .where(and(eq(disputes.id, params.id), eq(disputes.status, 'open')))
    .returning();
  return row;
}

export async function resolveDisputeRow(
  db: Db,
  params: {
    id: string;
    from: DisputeStatus[];
    resolution: NonNullable<DisputeRow['resolution']>;
    capturedAmount: number | null;
    resolvedBy: string | null;
    note?: string | null;
    now: Date;
  },
): Promise<DisputeRow | undefined> {
  const [row] = await db
    .update(disputes)
    .set({
      status: 'resolved',
      resolution: params.resolution,
      captured_amount: params.capturedAmount,
      resolved_by: params.resolvedBy,
      resolution_note: params.note ?? null,
      resolved_at: params.now,
      updated_at: params.now,
    })
    .where(and(eq(disputes.id, params.id), inArray(disputes.status, params.from)))
    .returning();
  return row;
}

const clients = alias(profiles, 'dispute_clients');
const experts = alias(profiles, 'dispute_experts');

/** The admin list: disputes by status, newest first, with the task's money and both parties' names. */
export async function listDisputes(db: Db, params: { status: 'open' | 'resolved'; limit: number }) {
  return db
    .select({
      dispute: disputes,
      task: {
        id: tasks.id,
        title: tasks.title,
        status: tasks.status,
        budget: tasks.budget,
        payment_status: tasks.payment_status,
        authorization_hold_expires_at: tasks.authorization_hold_expires_at,
      },
      client: { id: clients.id, first_name: clients.first_name, last_name: clients.last_name },
      expert: { id: experts.id, first_name: experts.first_name, last_name: experts.last_name },
    })
    .from(disputes)
    .innerJoin(tasks, eq(tasks.id, disputes.task_id))
    .innerJoin(clients, eq(clients.id, tasks.client_id))
    .leftJoin(experts, eq(experts.id, tasks.expert_id))
    .where(params.status === 'open' ? inArray(disputes.status, ['open', 'resubmitted']) : eq(disputes.status, 'resolved'))
    .orderBy(desc(disputes.created_at))
    .limit(params.limit);
}

export type TransactionRow = typeof transactions.$inferSelect;

export async function findTransaction(db: Db, id: string): Promise<TransactionRow | undefined> {
  const [row] = await db.select().from(transactions).where(eq(transactions.id, id));
  return row;
}

/** Captured payments that still have money to refund, newest first (the admin refund list). */
export async function listRefundable(db: Db, params: { limit: number }) {
  return db
    .select({ transaction: transactions, task: { id: tasks.id, title: tasks.title } })
    .from(transactions)
    .innerJoin(tasks, eq(tasks.id, transactions.task_id))
    .where(inArray(transactions.status, ['captured', 'partially_refunded']))
    .orderBy(desc(transactions.created_at))
    .limit(params.limit);
}

/** A second Reject after the resubmission: the same dispute, with the client's new reason, goes to an admin. */
export async function updateResubmittedDispute(
  db: Db,
  params: { taskId: string; reason: string; requestChanges: boolean; now: Date },
): Promise<DisputeRow | undefined> {
  const [row] = await db
    .update(disputes)
    .set({ reason: params.reason, request_changes: params.requestChanges ? 1 : 0, updated_at: params.now })
    .where(and(eq(disputes.task_id, params.taskId), eq(disputes.status, 'resubmitted')))
    .returning();
  return row;
}

