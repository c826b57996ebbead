import { Hono } from 'hono';
import { EVIDENCE } from '@shared/constants';
import { NO_ACCESS } from '@shared/domain/no-access';
import { contestNoAccessSchema } from '@shared/schemas/no-access.schemas';
import type { AppDeps } from '../../app-deps';
import { bucketRedirect } from '../../http/bucket-redirect';
import { requireUser, type AppEnv } from '../../http/context';
import { userFileResponse } from '../../http/user-file';
import { formData, jsonBody } from '../../http/validation';
import { createNoAccessService } from './no-access.service';

/** Room for the multipart envelope and the note around the photos. */
const ENVELOPE_BYTES = 64 * 1024;

/** Proof of a no-show (issue 50, docs/decisions/0463), mounted under /api. */
export function noAccessRoutes(deps: AppDeps) {
  const service = createNoAccessService({ db: deps.db, clock: deps.clock, storage: deps.providers.storage });
  return new Hono<AppEnv>()
    .get('/tasks/:id/no-access', async (c) => {
      const user = requireUser(c);
      return c.json(await service.read(user.id, c.req.param('id')));
    })
    .post('/tasks/:id/no-access', async (c) => {
      const user = requireUser(c);
      const form = await formData(c, NO_ACCESS.maxPhotos * EVIDENCE.maxFileBytes + ENVELOPE_BYTES);
      return c.json(await service.report(user.id, c.req.param('id'), form), 201);
    })
    .post('/tasks/:id/no-access/contest', async (c) => {
      const user = requireUser(c);
      const input = await jsonBody(c, contestNoAccessSchema);
      return c.json(await service.contest(user.id, c.req.param('id'), input.reason));
    })
    .get('/tasks/:id/no-access/photos/:index', async (c) => {
      const user = requireUser(c);
      if (deps.providers.storage.presignGet) {
        // S3: after the same check the bucket serves the photo's copy without metadata (decision 0434).
        const source = await service.photoSource(user.id, c.req.param('id'), c.req.param('index'));
        const redirect = await bucketRedirect(c, deps.providers.storage, source.key, { disposition: 'inline', now: deps.clock.now() });
        if (redirect) return redirect;
      }
      const file = await service.photo(user.id, c.req.param('id'), c.req.param('index'));
      return userFileResponse(c, file, { disposition: 'inline', cache: 'private' });
    });
}
