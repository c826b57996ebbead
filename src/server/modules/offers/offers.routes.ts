import { Hono } from 'hono';
import { proposeOfferSchema } from '@shared/schemas/offers.schemas';
import type { AppDeps } from '../../app-deps';
import { requireUser, type AppEnv } from '../../http/context';
import { jsonBody } from '../../http/validation';
import { createOffersService } from './offers.service';

const BASE = '/tasks/:id/applications/:appId/offers';

/** Issue 51: counter-offers on an application before the hire (docs/decisions/0466). */
export function offersRoutes(deps: AppDeps) {
  const service = createOffersService({ db: deps.db, clock: deps.clock });
  return new Hono<AppEnv>()
    .get(BASE, async (c) => {
      const user = requireUser(c);
      return c.json(await service.list(user.id, c.req.param('id'), c.req.param('appId')));
    })
    .post(BASE, async (c) => {
      const user = requireUser(c);
      const input = await jsonBody(c, proposeOfferSchema);
      return c.json(await service.propose(user.id, c.req.param('id'), c.req.param('appId'), input), 201);
    })
    .post(`${BASE}/:offerId/counter`, async (c) => {
      const user = requireUser(c);
      const input = await jsonBody(c, proposeOfferSchema);
      return c.json(await service.counter(user.id, c.req.param('id'), c.req.param('appId'), c.req.param('offerId'), input), 201);
    })
    .post(`${BASE}/:offerId/accept`, async (c) => {
      const user = requireUser(c);
      return c.json(await service.accept(user.id, c.req.param('id'), c.req.param('appId'), c.req.param('offerId')));
    })
    .post(`${BASE}/:offerId/decline`, async (c) => {
      const user = requireUser(c);
      return c.json(await service.decline(user.id, c.req.param('id'), c.req.param('appId'), c.req.param('offerId')));
    })
    .post(`${BASE}/:offerId/withdraw`, async (c) => {
      const user = requireUser(c);
      return c.json(await service.withdraw(user.id, c.req.param('id'), c.req.param('appId'), c.req.param('offerId')));
    });
}
