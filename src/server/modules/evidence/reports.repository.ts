import { and, eq, isNull } from 'drizzle-orm';
import type { ReportSummaryDto } from '@shared/schemas/evidence-trust';
import type { Db } from '../../db/client';
import { inspectionReports } from '../../db/schema';

export type ReportRow = typeof inspectionReports.$inferSelect;

/** One report per task (unique task_id): a parallel issue loses quietly and reads the winner's row. */
export async function insertReportOnce(db: Db, values: typeof inspectionReports.$inferInsert): Promise<ReportRow | undefined> {
  const [row] = await db.insert(inspectionReports).values(values).onConflictDoNothing({ target: inspectionReports.task_id }).returning();
  return row;
}

export async function findReportForTask(db: Db, params: { taskId: string }): Promise<ReportRow | undefined> {
  const [row] = await db.select().from(inspectionReports).where(eq(inspectionReports.task_id, params.taskId));
  return row;
}

/** A live (not revoked) report by its share id. */
export async function findLiveReport(db: Db, params: { id: string }): Promise<ReportRow | undefined> {
  const [row] = await db
    .select()
    .from(inspectionReports)
    .where(and(eq(inspectionReports.id, params.id), isNull(inspectionReports.revoked_at)));
  return row;
}

/** Revokes once; the client's own report only. */
export async function revokeReport(db: Db, params: { taskId: string; clientId: string; now: Date }): Promise<ReportRow | undefined> {
  const [row] = await db
    .update(inspectionReports)
    .set({ revoked_at: params.now })
    .where(
      and(
        eq(inspectionReports.task_id, params.taskId),
        eq(inspectionReports.client_id, params.clientId),
        isNull(inspectionReports.revoked_at),
      ),
    )
    .returning();
  return row;
}

export const toReportSummary = (row: ReportRow): ReportSummaryDto => ({
  id: row.id,
  issued_at: row.issued_at.toISOString(),
  revoked_at: row.revoked_at ? row.revoked_at.toISOString() : null,
  pdf_sha256: row.pdf_sha256,
});
