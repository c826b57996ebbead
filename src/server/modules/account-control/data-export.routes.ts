import { Hono } from 'hono';
import { messages } from '@shared/messages';
import { idParamsSchema } from '@shared/schemas/common.schemas';
import type { AppDeps } from '../../app-deps';
import { requireUser, type AppEnv } from '../../http/context';
import { pathParams } from '../../http/validation';
import { AppError, notFound } from '../../lib/errors';
import { dataExportDto, findOwnDataExport, isDownloadable, listDataExports, requestDataExport } from './data-export.repository';
import { bucketRedirect } from '../../http/bucket-redirect';

const texts = messages.accountControl;

/**
 * Issue 22, "export my data": ask for an archive (one a day; a job builds it and the owner is mailed),
 * list one's exports, and download a ready one. Only the owner, signed in, ever reaches an archive:
 * another user's export id answers 404, like one that does not exist.
 */
export function dataExportRoutes(deps: Pick<AppDeps, 'db' | 'clock' | 'providers'>) {
  const { db, clock } = deps;
  return new Hono<AppEnv>()
    .get('/account/exports', async (c) => {
      const user = requireUser(c);
      const now = clock.now();
      return c.json({ exports: (await listDataExports(db, user.id)).map((row) => dataExportDto(row, now)) });
    })
    .post('/account/exports', async (c) => {
      const user = requireUser(c);
      const now = clock.now();
      const created = await requestDataExport(db, { userId: user.id, now });
      if (!created) throw new AppError('too_many_requests', texts.exportTooSoon);
      return c.json({ export: dataExportDto(created, now), message: texts.exportQueued }, 202);
    })
    .get('/account/exports/:id/download', async (c) => {
      const user = requireUser(c);
      const { id } = pathParams(c, idParamsSchema);
      const row = await findOwnDataExport(db, { userId: user.id, id });
      if (!row || !isDownloadable(row, clock.now())) throw notFound(texts.exportNotFound);
      const day = row.created_at.toISOString().slice(0, 10);
      // S3: the owner downloads from the bucket by a short-lived URL (decision 0434).
      const redirect = await bucketRedirect(c, deps.providers.storage, row.storage_key!, {
        disposition: 'attachment',
        fileName: `my-data-${day}.zip`,
        now: clock.now(),
      });
      if (redirect) return redirect;
      const file = await deps.providers.storage.get(row.storage_key!);
      if (!file) throw notFound(texts.exportNotFound);
      return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
        'content-type': 'application/zip',
        'content-disposition': `attachment; filename="my-data-${day}.zip"`,
        'cache-control': 'private, no-store',
      });
    });
}
