import { and, desc, eq, gt, ne } from 'drizzle-orm';
import type { DataExportDto } from '@shared/schemas/account-control.schemas';
import type { Db } from '../../db/client';
import { dataExports, profiles } from '../../db/schema';
import { enqueueJob } from '../../jobs/jobs.repository';

export type DataExportRow = typeof dataExports.$inferSelect;

/** One export a day per user (failed ones aside): building one reads every table the user appears in. */
export const EXPORT_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** How long a ready archive can be downloaded before it is removed (the mailed link says so). */
export const EXPORT_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const DATA_EXPORT_JOB = 'data_export';
export const DATA_EXPORT_EXPIRE_JOB = 'data_export_expire';

/**
 * Records an export request and enqueues its job in the same transaction, unless the user asked in
 * the last day. The user's profile row is locked first, so parallel requests queue here and only
 * one of them is created. Returns null when refused.
 */
export async function requestDataExport(
  db: Db,
  params: { userId: string; now: Date },
): Promise<DataExportRow | null> {
  return db.transaction(async (tx) => {
    await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, params.userId)).for('update');
    const [recent] = await tx
      .select({ id: dataExports.id })
      .from(dataExports)
      .where(
        and(
          eq(dataExports.user_id, params.userId),
          gt(dataExports.created_at, new Date(params.now.getTime() - EXPORT_INTERVAL_MS)),
          // An export that failed for good does not use up the day.
          ne(dataExports.status, 'failed'),
        ),
      )
      .limit(1);
    if (recent) return null;
    const [row] = await tx
      .insert(dataExports)
      .values({ user_id: params.userId, created_at: params.now })
      .returning();
    await enqueueJob(tx, {
      kind: DATA_EXPORT_JOB,
      key: `${DATA_EXPORT_JOB}:${row!.id}`,
      runAt: params.now,
      payload: { export_id: row!.id },
      maxAttempts: 5,
    });
    return row!;
  });
}

export async function listDataExports(db: Db, userId: string): Promise<DataExportRow[]> {
  return db
    .select()
    .from(dataExports)
    .where(eq(dataExports.user_id, userId))
    .orderBy(desc(dataExports.created_at))
    .limit(5);
}

/** The caller's own export; another user's id reads as not found. */
export async function findOwnDataExport(
  db: Db,
  params: { userId: string; id: string },
): Promise<DataExportRow | null> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.id, params.id), eq(dataExports.user_id, params.userId)));
  return row ?? null;
}

export const isDownloadable = (row: DataExportRow, now: Date) =>
  row.status === 'ready' && row.storage_key !== null && row.expires_at !== null && row.expires_at > now;

export function dataExportDto(row: DataExportRow, now: Date): DataExportDto {
  const downloadable = isDownloadable(row, now);
  return {
    id: row.id,
    status: row.status === 'ready' && !downloadable ? 'expired' : row.status,
    created_at: row.created_at.toISOString(),
    ready_at: row.ready_at?.toISOString() ?? null,
    expires_at: row.expires_at?.toISOString() ?? null,
    download_url: downloadable ? `/api/account/exports/${row.id}/download` : null,
  };
}
