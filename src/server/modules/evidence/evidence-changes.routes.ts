import { Hono } from 'hono';
import { EVIDENCE } from '@shared/constants';
import { requestChangesSchema } from '@shared/schemas/evidence-changes.schemas';
import type { AppDeps } from '../../app-deps';
import { requireUser, type AppEnv } from '../../http/context';
import { formData, jsonBody } from '../../http/validation';
import { createEvidenceChangesService } from './evidence-changes.service';

/** Room for the multipart envelope around the photos, as on the first delivery. */
const ENVELOPE_BYTES = 64 * 1024;

/** Issue 50: the client's request for changes and the expert's re-delivery (docs/decisions/0465). */
export function evidenceChangesRoutes(deps: AppDeps) {
  const service = createEvidenceChangesService({ db: deps.db, clock: deps.clock, storage: deps.providers.storage });
  return new Hono<AppEnv>()
    .post('/tasks/:id/evidence/request-changes', async (c) => {
      const user = requireUser(c);
      const body = await jsonBody(c, requestChangesSchema);
      return c.json(await service.request(user.id, c.req.param('id'), body));
    })
    .post('/tasks/:id/evidence/redeliver', async (c) => {
      const user = requireUser(c);
      const form = await formData(c, EVIDENCE.maxFiles * EVIDENCE.maxFileBytes + ENVELOPE_BYTES);
      return c.json(await service.redeliver(user.id, c.req.param('id'), form));
    });
}
