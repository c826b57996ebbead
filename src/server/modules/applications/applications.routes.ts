import { Hono } from 'hono';
import { assignWithReasonSchema } from '@shared/schemas/admin-overrides.schemas';
import { createApplicationSchema } from '@shared/schemas/applications.schemas';
import { requireUser, type AppEnv } from '../../http/context';
import { jsonBody } from '../../http/validation';
import type { ApplicationsService } from './applications.service';

/** Apply, reject an application, assign (hire) an expert. */
export function applicationsRoutes(service: ApplicationsService) {
  return new Hono<AppEnv>()
    .post('/tasks/:id/applications', async (c) => {
      const user = requireUser(c);
      const input = await jsonBody(c, createApplicationSchema);
      return c.json({ application: await service.apply(user.id, c.req.param('id'), input) }, 201);
    })
    .post('/tasks/:id/applications/:appId/reject', async (c) => {
      const user = requireUser(c);
      const application = await service.reject(user.id, c.req.param('id'), c.req.param('appId'));
      return c.json({ application });
    })
    .post('/tasks/:id/assign', async (c) => {
      const user = requireUser(c);
      const input = await jsonBody(c, assignWithReasonSchema);
      return c.json(await service.assign(user.id, c.req.param('id'), input.application_id, input.override_reason));
    });
}
