import { Hono } from 'hono';
import { expertCancelSchema } from '@shared/schemas/cancellations.schemas';
import { requireUser, type AppEnv } from '../../http/context';
import { jsonBody, optionalJsonBody } from '../../http/validation';
import type { AssignmentService } from './assignment.service';

/** The assigned expert's actions: accept (start work); decline, abandon and cancel, each with a reason (issue 50). */
export function assignmentRoutes(service: AssignmentService) {
  return new Hono<AppEnv>()
    .post('/tasks/:id/accept', async (c) => {
      const user = requireUser(c);
      return c.json(await service.accept(user.id, c.req.param('id')));
    })
    .post('/tasks/:id/decline', async (c) => {
      const user = requireUser(c);
      const body = await optionalJsonBody(c, expertCancelSchema);
      return c.json(await service.decline(user.id, c.req.param('id'), body));
    })
    .post('/tasks/:id/abandon', async (c) => {
      const user = requireUser(c);
      const body = await optionalJsonBody(c, expertCancelSchema);
      return c.json(await service.abandon(user.id, c.req.param('id'), body));
    })
    // Issue 50: the hired expert cancels with a reason (assigned or in progress).
    .post('/tasks/:id/expert-cancel', async (c) => {
      const user = requireUser(c);
      const body = await jsonBody(c, expertCancelSchema);
      return c.json(await service.expertCancel(user.id, c.req.param('id'), body));
    });
}
