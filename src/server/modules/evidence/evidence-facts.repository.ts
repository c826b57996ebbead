import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { evidenceFiles } from '../../db/schema';

export type EvidenceFactRow = typeof evidenceFiles.$inferSelect;
export type NewEvidenceFactRow = typeof evidenceFiles.$inferInsert;

/** A (re)submission replaces the task's files: the old facts go with the old keys. */
export async function replaceEvidenceFacts(db: Db, params: { taskId: string; rows: NewEvidenceFactRow[] }): Promise<void> {
  await db.delete(evidenceFiles).where(eq(evidenceFiles.task_id, params.taskId));
  if (params.rows.length > 0) await db.insert(evidenceFiles).values(params.rows);
}

export async function listEvidenceFacts(db: Db, params: { taskId: string }): Promise<EvidenceFactRow[]> {
  return db.select().from(evidenceFiles).where(eq(evidenceFiles.task_id, params.taskId)).orderBy(asc(evidenceFiles.position));
}

/** The hashes among `hashes` that another task's evidence also holds (evidence_file_facts_sha256_idx). */
export async function hashesOnOtherTasks(db: Db, params: { taskId: string; hashes: string[] }): Promise<Set<string>> {
  if (params.hashes.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ sha256: evidenceFiles.sha256 })
    .from(evidenceFiles)
    .where(and(inArray(evidenceFiles.sha256, params.hashes), ne(evidenceFiles.task_id, params.taskId)));
  return new Set(rows.map((row) => row.sha256));
}

/** Any evidence file, on any task, with this hash (the verify page's photo check is per report, not this). */
export async function factsByHash(db: Db, params: { taskId: string; sha256: string }): Promise<EvidenceFactRow | undefined> {
  const [row] = await db
    .select()
    .from(evidenceFiles)
    .where(and(eq(evidenceFiles.sha256, params.sha256), eq(evidenceFiles.task_id, params.taskId)))
    .limit(1);
  return row;
}
