import { Hono } from 'hono';
import { onsiteAnotherSchema, onsiteContactSchema } from '@shared/schemas/appointments.schemas';
import type { AppDeps } from '../../app-deps';
import { authSecretOf } from '../../env';
import { requireUser, type AppEnv } from '../../http/context';
import { jsonBody } from '../../http/validation';
import { createOnsiteService } from './onsite.service';

/**
 * The person on site (issue 49, decision 0424), mounted under /api: the client sets them; their
 * signed link opens /api/onsite/:token without an account.
 */
export function onsiteRoutes(deps: AppDeps) {
  const service = createOnsiteService(deps.db, deps.clock, authSecretOf(deps.env));
  return new Hono<AppEnv>()
    .put('/tasks/:id/appointment/onsite-contact', async (c) => {
      const user = requireUser(c);
      const input = await jsonBody(c, onsiteContactSchema);
      return c.json(await service.setContact(user.id, c.req.param('id'), input));
    })
    .get('/onsite/:token', async (c) => c.json({ view: await service.view(c.req.param('token')) }))
    .post('/onsite/:token/confirm', async (c) => {
      await jsonBody(c, onsiteAnotherSchema.pick({}));
      return c.json(await service.confirm(c.req.param('token')));
    })
    .post('/onsite/:token/another-window', async (c) => {
      const input = await jsonBody(c, onsiteAnotherSchema);
      return c.json(await service.askAnother(c.req.param('token'), input.message));
    });
}
