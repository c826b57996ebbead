import { Hono } from 'hono';
import { proposePriceChangeSchema } from '@shared/schemas/price-changes.schemas';
import type { AppDeps } from '../../app-deps';
import { requireUser, type AppEnv } from '../../http/context';
import { jsonBody } from '../../http/validation';
import { createPriceChangesService } from './price-changes.service';

/** Issue 51: a new price after the hire (docs/decisions/0467). */
export function priceChangesRoutes(deps: AppDeps) {
  // The provider is read at call time: tests replace it after the app is built.
  const service = createPriceChangesService({ db: deps.db, clock: deps.clock, provider: () => deps.providers.payments });
  return new Hono<AppEnv>()
    .get('/tasks/:id/price-changes', async (c) => {
      const user = requireUser(c);
      return c.json(await service.list(user.id, c.req.param('id')));
    })
    .post('/tasks/:id/price-changes', async (c) => {
      const user = requireUser(c);
      const input = await jsonBody(c, proposePriceChangeSchema);
      return c.json(await service.propose(user.id, c.req.param('id'), input), 201);
    })
    .post('/tasks/:id/price-changes/:changeId/approve', async (c) => {
      const user = requireUser(c);
      return c.json(await service.approve(user.id, c.req.param('id'), c.req.param('changeId')));
    })
    .post('/tasks/:id/price-changes/:changeId/decline', async (c) => {
      const user = requireUser(c);
      return c.json(await service.decline(user.id, c.req.param('id'), c.req.param('changeId')));
    });
}
