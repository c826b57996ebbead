import { Hono } from 'hono';
import type { AppDeps } from '../../app-deps';
import { requireUser, type AppEnv } from '../../http/context';
import { userFileResponse } from '../../http/user-file';
import { bucketRedirect } from '../../http/bucket-redirect';
import { formData } from '../../http/validation';
import { evidenceItems } from './evidence-items.service';
import { createReportsService } from './reports.service';

/** A report PDF plus its multipart envelope; photos are 5 MB. */
const VERIFY_MAX_BYTES = 25 * 1024 * 1024;

/** Issue 20: the checklist with provenance, the inspection report, its share link and the public verify. */
export function evidenceTrustRoutes(deps: AppDeps) {
  const reports = createReportsService({ db: deps.db, clock: deps.clock, storage: deps.providers.storage, publicUrl: deps.publicUrl });
  return new Hono<AppEnv>()
    .get('/tasks/:id/evidence-items', async (c) => {
      const user = requireUser(c);
      return c.json(await evidenceItems(deps, user.id, c.req.param('id')));
    })
    .get('/tasks/:id/report', async (c) => {
      const user = requireUser(c);
      if (deps.providers.storage.presignGet) {
        // S3: after the same check, the bucket serves the PDF by a short-lived URL (decision 0434).
        const source = await reports.pdfSourceForParty(user.id, c.req.param('id'));
        const redirect = await bucketRedirect(c, deps.providers.storage, source.key, { disposition: 'inline', fileName: source.fileName, now: deps.clock.now() });
        if (redirect) return redirect;
      }
      return userFileResponse(c, await reports.pdfForParty(user.id, c.req.param('id')), { disposition: 'inline', cache: 'private' });
    })
    .get('/tasks/:id/report/summary', async (c) => {
      const user = requireUser(c);
      return c.json({ report: await reports.summary(user.id, c.req.param('id')) });
    })
    .post('/tasks/:id/report/revoke', async (c) => {
      const user = requireUser(c);
      return c.json({ report: await reports.revoke(user.id, c.req.param('id')) });
    })
    // Public by design: the random report id is the share link; a revoked link answers 404.
    .get('/reports/:id', async (c) => c.json(await reports.publicReport(c.req.param('id'))))
    .get('/reports/:id/pdf', async (c) =>
      userFileResponse(c, await reports.publicPdf(c.req.param('id')), { disposition: 'inline', cache: 'private' }),
    )
    .post('/reports/:id/verify', async (c) => {
      const form = await formData(c, VERIFY_MAX_BYTES);
      return c.json(await reports.verify(c.req.param('id'), form));
    });
}
