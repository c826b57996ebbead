import { and, eq } from 'drizzle-orm';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { messages } from '@shared/messages';
import type { Db } from '../../db/client';
import { dataExports } from '../../db/schema';
import { enqueueJob } from '../../jobs/jobs.repository';
import type { JobModule } from '../../jobs/registry';
import type { JobHandler } from '../../jobs/runner';
import type { Clock } from '../../lib/clock';
import type { FileStorage } from '../../providers/storage';
import { insertNotifications } from '../notifications/notifications.repository';
import { collectUserData } from './data-export.collect';
import { DATA_EXPORT_EXPIRE_JOB, DATA_EXPORT_JOB, EXPORT_TTL_MS } from './data-export.repository';

const texts = messages.accountControl;

export const exportKeyOf = (userId: string, exportId: string) => `exports/${userId}/${exportId}.zip`;

const exportIdOf = (payload: unknown) => String((payload as { export_id?: unknown } | null)?.export_id ?? '');

/**
 * The export jobs (issue 22). Building: collect the user's data, zip it with their own files, store
 * it, mark the export ready and notify the owner (mailed: the notification type is always emailed)
 * in one transaction, and schedule the archive's removal at expiry. Both are idempotent: a rerun
 * after a crash finds the export already ready, or the file already gone.
 */
export function createDataExportHandlers(deps: {
  db: Db;
  clock: Pick<Clock, 'now'>;
  storage: FileStorage;
}): Record<string, JobHandler> {
  const { db, clock, storage } = deps;
  return {
    [DATA_EXPORT_JOB]: async (job) => {
      try {
        await buildExport(exportIdOf(job.payload));
      } catch (error) {
        // The last attempt failed: say so on the card (rather than "Being prepared" for ever), and the
        // failed export no longer counts against the one-a-day limit, so the user can ask again.
        if (job.attempts >= job.max_attempts) {
          await db
            .update(dataExports)
            .set({ status: 'failed' })
            .where(and(eq(dataExports.id, exportIdOf(job.payload)), eq(dataExports.status, 'pending')));
        }
        throw error;
      }
    },
    [DATA_EXPORT_EXPIRE_JOB]: async (job) => {
      const [row] = await db
        .select()
        .from(dataExports)
        .where(eq(dataExports.id, exportIdOf(job.payload)));
      if (!row?.storage_key) return;
      await storage.delete(row.storage_key);
      await db.update(dataExports).set({ storage_key: null }).where(eq(dataExports.id, row.id));
    },
  };

  async function buildExport(exportId: string) {
    const [row] = await db.select().from(dataExports).where(eq(dataExports.id, exportId));
    if (!row || row.status !== 'pending') return;
    const now = clock.now();
    const { data, files } = await collectUserData(db, row.user_id, now);
    const entries: Zippable = { 'data.json': strToU8(JSON.stringify(data, null, 2)) };
    for (const file of files) {
      const stored = await storage.get(file.key);
      // A file listed in a row but missing from storage is named in data.json and skipped here.
      if (stored) entries[file.path] = stored.bytes;
    }
    const archive = zipSync(entries, { level: 6 });
    const key = exportKeyOf(row.user_id, row.id);
    await storage.put(key, archive, { contentType: 'application/zip' });
    const expiresAt = new Date(now.getTime() + EXPORT_TTL_MS);
    await db.transaction(async (tx) => {
      const updated = await tx
        .update(dataExports)
        .set({
          status: 'ready',
          storage_key: key,
          size: archive.byteLength,
          ready_at: now,
          expires_at: expiresAt,
        })
        .where(and(eq(dataExports.id, row.id), eq(dataExports.status, 'pending')))
        .returning({ id: dataExports.id });
      if (updated.length === 0) return;
      await insertNotifications(tx, [
        {
          user_id: row.user_id,
          type: 'data_export_ready',
          title: texts.exportReadyTitle,
          message: texts.exportReadyMessage,
          data: { export_id: row.id },
        },
      ]);
      await enqueueJob(tx, {
        kind: DATA_EXPORT_EXPIRE_JOB,
        key: `${DATA_EXPORT_EXPIRE_JOB}:${row.id}`,
        runAt: expiresAt,
        payload: { export_id: row.id },
      });
    });
  }
}

/** Issue 22: "export my data" archives are built and expired by the job runner (jobs/registry.ts). */
export function dataExportJobs(deps: Parameters<typeof createDataExportHandlers>[0]): JobModule {
  return { name: 'data exports', handlers: createDataExportHandlers(deps) };
}
