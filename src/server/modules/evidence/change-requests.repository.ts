import { and, asc, count, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { evidenceChangeRequests, evidenceFiles } from '../../db/schema';
import type { NewEvidenceFactRow } from './evidence-facts.repository';

export type ChangeRequestRow = typeof evidenceChangeRequests.$inferSelect;

/** Every round of the task, first to last. */
export async function listChangeRequests(db: Db, params: { taskId: string }): Promise<ChangeRequestRow[]> {
  return db
    .select()
    .from(evidenceChangeRequests)
    .where(eq(evidenceChangeRequests.task_id, params.taskId))
    .orderBy(asc(evidenceChangeRequests.round));
}

/** How many rounds of changes the client has asked for (the roles matrix's `changeRounds` fact). */
export async function changeRoundsOf(db: Db, taskId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(evidenceChangeRequests).where(eq(evidenceChangeRequests.task_id, taskId));
  return Number(row?.n ?? 0);
}

/** The round the expert still owes, if any. */
export async function openChangeRequest(db: Db, params: { taskId: string }): Promise<ChangeRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(evidenceChangeRequests)
    .where(and(eq(evidenceChangeRequests.task_id, params.taskId), isNull(evidenceChangeRequests.redelivered_at)))
    .orderBy(desc(evidenceChangeRequests.round))
    .limit(1);
  return row;
}

/** A new round; undefined when the round already exists (two requests raced: the unique index keeps one). */
export async function insertChangeRequest(
  db: Db,
  params: { taskId: string; round: number; itemIds: string[]; note: string; requestedBy: string; now: Date },
): Promise<ChangeRequestRow | undefined> {
  const [row] = await db
    .insert(evidenceChangeRequests)
    .values({
      task_id: params.taskId,
      round: params.round,
      item_ids: params.itemIds,
      note: params.note,
      requested_by: params.requestedBy,
      requested_at: params.now,
    })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** Marks the round delivered, once. */
export async function markRedelivered(db: Db, params: { id: string; now: Date }): Promise<boolean> {
  const rows = await db
    .update(evidenceChangeRequests)
    .set({ redelivered_at: params.now })
    .where(and(eq(evidenceChangeRequests.id, params.id), isNull(evidenceChangeRequests.redelivered_at)))
    .returning({ id: evidenceChangeRequests.id });
  return rows.length > 0;
}

/** A re-delivery adds its files: the earlier ones stay as earlier versions. */
export async function appendEvidenceFacts(db: Db, params: { rows: NewEvidenceFactRow[] }): Promise<void> {
  if (params.rows.length > 0) await db.insert(evidenceFiles).values(params.rows);
}
