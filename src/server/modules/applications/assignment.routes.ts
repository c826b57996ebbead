import { Hono } from 'hono';
import { requireUser, type AppEnv } from '../../http/context';
import type { AssignmentService } from './assignment.service';

/** The assigned expert's actions: accept (start work), decline, abandon. */
export function assignmentRoutes(service: AssignmentService) {
  return new Hono<AppEnv>()
    .post('/tasks/:id/accept', async (c) => {
      const user = requireUser(c);
      return c.json(await service.accept(user.id, c.req.param('id')));
    })
    .post('/tasks/:id/decline', async (c) => {
      const user = requireUser(c);
      return c.json(await service.decline(user.id, c.req.param('id')));
    })
    .post('/tasks/:id/abandon', async (c) => {
      const user = requireUser(c);
      return c.json(await service.abandon(user.id, c.req.param('id')));
    });
}
