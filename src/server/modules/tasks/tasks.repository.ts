import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { TaskStatus } from '@shared/domain/task-status';
import type { Db } from '../../db/client';
import { reviews, systemSettings, taskApplications, tasks } from '../../db/schema';

export type TaskRow = typeof tasks.$inferSelect;
export type NewTaskRow = typeof tasks.$inferInsert;
export type TaskChanges = Partial<Omit<NewTaskRow, 'id' | 'client_id' | 'created_at'>>;

export async function insertTask(db: Db, values: NewTaskRow): Promise<TaskRow> {
  const [row] = await db.insert(tasks).values(values).returning();
  return row;
}

export async function findTask(db: Db, id: string): Promise<TaskRow | undefined> {
  const [row] = await db.select().from(tasks).where(eq(tasks.id, id));
  return row;
}

export interface TransitionGuard {
  id: string;
  /** The statuses the task must still be in when the row is written. */
  from: readonly TaskStatus[];
  /** The expert the task must still be assigned to; null: no expert may be assigned. */
  expertId?: string | null;
  /** Any further condition of the guard, e.g. the payment state. */
  extra?: SQL;
}

/**
 * One conditional UPDATE: it writes only while the guard still holds and returns the new row, or
 * undefined when another request changed the task first. This is what makes every transition
 * race-safe: the check and the write are one statement, under the row lock PostgreSQL takes.
 */
export async function updateTaskIf(db: Db, guard: TransitionGuard, changes: TaskChanges): Promise<TaskRow | undefined> {
  const conditions: SQL[] = [eq(tasks.id, guard.id), inArray(tasks.status, [...guard.from])];
  if (guard.expertId === null) conditions.push(isNull(tasks.expert_id));
  else if (guard.expertId !== undefined) conditions.push(eq(tasks.expert_id, guard.expertId));
  if (guard.extra) conditions.push(guard.extra);
  const [row] = await db
    .update(tasks)
    .set(changes)
    .where(and(...conditions))
    .returning();
  return row;
}

/** Whether the expert has an application on the task (the unique (task, expert) index). */
export async function hasApplication(db: Db, taskId: string, expertId: string): Promise<boolean> {
  const rows = await db
    .select({ id: taskApplications.id })
    .from(taskApplications)
    .where(and(eq(taskApplications.task_id, taskId), eq(taskApplications.expert_id, expertId)))
    .limit(1);
  return rows.length > 0;
}

export async function countApplications(db: Db, taskId: string): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(taskApplications)
    .where(eq(taskApplications.task_id, taskId));
  return Number(row?.value ?? 0);
}

/** Whether the task's client has reviewed it (the unique (task, reviewer) index). */
export async function hasClientReview(db: Db, taskId: string, clientId: string): Promise<boolean> {
  const rows = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.task_id, taskId), eq(reviews.reviewer_id, clientId)))
    .limit(1);
  return rows.length > 0;
}

export interface PriceLimits {
  minCents: number;
  maxCents: number;
}

/** The admin's min_task_price and max_task_price (cents) from the one system_settings row. */
export async function readPriceLimits(db: Db): Promise<PriceLimits | null> {
  const [row] = await db
    .select({ minCents: systemSettings.min_task_price, maxCents: systemSettings.max_task_price })
    .from(systemSettings)
    .limit(1);
  return row ?? null;
}
