import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { applicationOffers, taskApplications } from '../../db/schema';
import type { ApplicationRow } from '../tasks/task-details.repository';

export type OfferRow = typeof applicationOffers.$inferSelect;
export type OfferStatus = OfferRow['status'];

/**
 * Locks the application's row for the rest of the transaction (FOR UPDATE). Every write of an
 * application's offers takes it first, and a hire's UPDATE of the same row waits for it: the
 * offers read after it are the whole truth, and a hire and a proposal never both win.
 */
export async function lockApplication(db: Db, input: { taskId: string; applicationId: string }): Promise<ApplicationRow | undefined> {
  const [row] = await db
    .select()
    .from(taskApplications)
    .where(and(eq(taskApplications.id, input.applicationId), eq(taskApplications.task_id, input.taskId)))
    .for('update');
  return row;
}

/** The application's proposals, oldest first. */
export async function listOffers(db: Db, applicationId: string): Promise<OfferRow[]> {
  return db.select().from(applicationOffers).where(eq(applicationOffers.application_id, applicationId)).orderBy(asc(applicationOffers.round));
}

export async function insertOffer(
  db: Db,
  input: Pick<OfferRow, 'application_id' | 'task_id' | 'proposed_by' | 'round' | 'amount' | 'previous_amount' | 'note' | 'created_at'>,
): Promise<OfferRow> {
  const [row] = await db.insert(applicationOffers).values({ ...input, status: 'pending' }).returning();
  return row;
}

/** pending -> `status`, only while still pending; undefined when it was answered meanwhile. */
export async function decideOffer(db: Db, input: { id: string; status: Exclude<OfferStatus, 'pending'>; now: Date }): Promise<OfferRow | undefined> {
  const [row] = await db
    .update(applicationOffers)
    .set({ status: input.status, decided_at: input.now })
    .where(and(eq(applicationOffers.id, input.id), eq(applicationOffers.status, 'pending')))
    .returning();
  return row;
}

/** The accepted rate becomes the application's (still pending) rate, which a hire then uses. */
export async function setApplicationRate(db: Db, input: { applicationId: string; rate: number; now: Date }): Promise<ApplicationRow | undefined> {
  const [row] = await db
    .update(taskApplications)
    .set({ proposed_rate: input.rate, updated_at: input.now })
    .where(and(eq(taskApplications.id, input.applicationId), eq(taskApplications.status, 'pending')))
    .returning();
  return row;
}

/**
 * Whether a proposal waits on the application. The hire asks it after its UPDATE of the application
 * (which waited for any proposal's transaction holding the row): a new statement sees that commit.
 */
export async function hasPendingOffer(db: Db, applicationId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(applicationOffers)
    .where(and(eq(applicationOffers.application_id, applicationId), eq(applicationOffers.status, 'pending')))
    .limit(1);
  return Boolean(row);
}

/** The application, only when it belongs to the task. */
export async function findApplicationOfTask(db: Db, input: { taskId: string; applicationId: string }): Promise<ApplicationRow | undefined> {
  const [row] = await db
    .select()
    .from(taskApplications)
    .where(and(eq(taskApplications.id, input.applicationId), eq(taskApplications.task_id, input.taskId)));
  return row;
}
