import { Hono } from 'hono';
import { createTipSchema } from '@shared/schemas/tips.schemas';
import type { AppDeps } from '../../app-deps';
import { requireUser, type AppEnv } from '../../http/context';
import { jsonBody } from '../../http/validation';
import { createTipsService } from './tips.service';

/** The client's tip on a completed task (issue 51, decision 0471), mounted under /api. */
export function tipsRoutes(deps: AppDeps) {
  const service = createTipsService({
    db: deps.db,
    clock: deps.clock,
    provider: () => deps.providers.payments,
  });
  return new Hono<AppEnv>()
    .get('/tasks/:id/tip', async (c) => {
      const user = requireUser(c);
      return c.json(await service.read(user.id, c.req.param('id')));
    })
    .post('/tasks/:id/tips', async (c) => {
      const user = requireUser(c);
      const input = await jsonBody(c, createTipSchema);
      const { tip, created } = await service.create(user.id, c.req.param('id'), input);
      return c.json({ tip }, created ? 201 : 200);
    });
}
