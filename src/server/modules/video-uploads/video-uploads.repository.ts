import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { videoUploads } from '../../db/schema';

export type VideoUploadRow = typeof videoUploads.$inferSelect;
export type NewVideoUploadRow = typeof videoUploads.$inferInsert;

export async function insertVideoUpload(db: Db, row: NewVideoUploadRow): Promise<VideoUploadRow> {
  const [created] = await db.insert(videoUploads).values(row).returning();
  return created!;
}

export async function findVideoUpload(db: Db, params: { id: string }): Promise<VideoUploadRow | undefined> {
  const [row] = await db.select().from(videoUploads).where(eq(videoUploads.id, params.id)).limit(1);
  return row;
}

/** Adds `part` to the received set (once, sorted) while the upload is open; undefined once it is not. */
export async function recordPart(db: Db, params: { id: string; part: number }): Promise<VideoUploadRow | undefined> {
  const [row] = await db
    .update(videoUploads)
    .set({
      parts_received: sql`ARRAY(SELECT DISTINCT p FROM unnest(array_append(${videoUploads.parts_received}, ${params.part}::int)) AS p ORDER BY p)`,
    })
    .where(and(eq(videoUploads.id, params.id), eq(videoUploads.status, 'open')))
    .returning();
  return row;
}

/** The parts the store holds, while the upload is open (parts sent straight to S3). */
export async function setPartsReceived(db: Db, params: { id: string; parts: number[] }): Promise<VideoUploadRow | undefined> {
  const [row] = await db
    .update(videoUploads)
    .set({ parts_received: params.parts })
    .where(and(eq(videoUploads.id, params.id), eq(videoUploads.status, 'open')))
    .returning();
  return row;
}

/** One completion at a time: only an open upload with every part moves to `assembling`. */
export async function claimForAssembly(db: Db, params: { id: string }): Promise<VideoUploadRow | undefined> {
  const [row] = await db
    .update(videoUploads)
    .set({ status: 'assembling' })
    .where(
      and(
        eq(videoUploads.id, params.id),
        eq(videoUploads.status, 'open'),
        sql`cardinality(${videoUploads.parts_received}) = ${videoUploads.part_count}`,
      ),
    )
    .returning();
  return row;
}

export async function settleAssembly(
  db: Db,
  params: { id: string; values: Partial<Pick<VideoUploadRow, 'status' | 'content_type' | 'sha256' | 'duration_seconds' | 'completed_at'>> },
): Promise<VideoUploadRow | undefined> {
  const [row] = await db
    .update(videoUploads)
    .set(params.values)
    .where(and(eq(videoUploads.id, params.id), eq(videoUploads.status, 'assembling')))
    .returning();
  return row;
}

/** Completed uploads of this expert on this task, for the submission that names them. */
export async function completedUploads(db: Db, params: { ids: string[]; taskId: string; uploaderId: string }): Promise<VideoUploadRow[]> {
  if (params.ids.length === 0) return [];
  return db
    .select()
    .from(videoUploads)
    .where(
      and(
        inArray(videoUploads.id, params.ids),
        eq(videoUploads.task_id, params.taskId),
        eq(videoUploads.uploader_id, params.uploaderId),
        eq(videoUploads.status, 'complete'),
      ),
    );
}

/** complete -> used inside the submission's transaction; the count tells whether another submission took one first. */
export async function markUploadsUsed(db: Db, params: { ids: string[] }): Promise<number> {
  if (params.ids.length === 0) return 0;
  const rows = await db
    .update(videoUploads)
    .set({ status: 'used' })
    .where(and(inArray(videoUploads.id, params.ids), eq(videoUploads.status, 'complete')))
    .returning({ id: videoUploads.id });
  return rows.length;
}

/** Inside a submission's transaction: every named upload goes complete -> used, or the submission loses (409). */
export async function useUploadsOrConflict(db: Db, params: { ids: string[] }, conflictError: () => Error): Promise<void> {
  if ((await markUploadsUsed(db, params)) !== params.ids.length) throw conflictError();
}

/** The resolver the evidence submission uses: this expert's completed uploads on this task. */
export const uploadResolver = (db: Db, params: { taskId: string; uploaderId: string }) => (ids: string[]) =>
  completedUploads(db, { ids, ...params });
