import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { noAccessReports, type NoAccessPhoto } from '../../db/schema';

export type NoAccessReportRow = typeof noAccessReports.$inferSelect;

export async function insertReport(
  db: Db,
  params: { taskId: string; expertId: string; window: { start: Date; end: Date }; photos: NoAccessPhoto[]; note: string | null; feeDueAt: Date; now: Date },
): Promise<NoAccessReportRow> {
  const [row] = await db
    .insert(noAccessReports)
    .values({
      task_id: params.taskId,
      expert_id: params.expertId,
      window_start: params.window.start,
      window_end: params.window.end,
      photos: params.photos,
      note: params.note,
      fee_due_at: params.feeDueAt,
      created_at: params.now,
      updated_at: params.now,
    })
    // A task had a report before (contested, then decided and reopened): the new one replaces it.
    .onConflictDoUpdate({
      target: noAccessReports.task_id,
      set: {
        expert_id: params.expertId,
        window_start: params.window.start,
        window_end: params.window.end,
        photos: params.photos,
        note: params.note,
        status: 'pending',
        fee_due_at: params.feeDueAt,
        contest_reason: null,
        created_at: params.now,
        updated_at: params.now,
      },
    })
    .returning();
  return row!;
}

export async function findReport(db: Db, taskId: string): Promise<NoAccessReportRow | undefined> {
  const [row] = await db.select().from(noAccessReports).where(eq(noAccessReports.task_id, taskId));
  return row;
}

/** Conditional: a pending report becomes charged or contested, once. */
export async function settleReport(
  db: Db,
  params: { taskId: string; to: 'charged' | 'contested'; contestReason?: string; now: Date },
): Promise<NoAccessReportRow | undefined> {
  const [row] = await db
    .update(noAccessReports)
    .set({ status: params.to, contest_reason: params.contestReason ?? null, updated_at: params.now })
    .where(and(eq(noAccessReports.task_id, params.taskId), eq(noAccessReports.status, 'pending')))
    .returning();
  return row;
}
