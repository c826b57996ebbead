import { Hono } from 'hono';
import { requestExtensionSchema } from '@shared/schemas/evidence-changes.schemas';
import type { AppDeps } from '../../app-deps';
import { requireUser, type AppEnv } from '../../http/context';
import { jsonBody } from '../../http/validation';
import { agreedStartOf } from '../appointments/appointments.repository';
import { callOffVisit } from '../appointments/visit-call-off';
import { createLifecycleService } from '../tasks/lifecycle.service';
import { tasksServiceDeps, type TasksModuleDeps } from '../tasks/tasks.deps';
import { createLateWorkService } from './late-work.service';

/** Issue 50: late work (docs/decisions/0465): the panel, extensions, and the always-free overdue cancel. */
export function lateWorkRoutes(deps: AppDeps) {
  const service = createLateWorkService({ db: deps.db, clock: deps.clock });
  const lifecycle = createLifecycleService({ ...tasksServiceDeps(deps as TasksModuleDeps), callOffVisit, agreedStartOf });
  return new Hono<AppEnv>()
    .get('/tasks/:id/late-work', async (c) => {
      const user = requireUser(c);
      return c.json(await service.overview(user.id, c.req.param('id')));
    })
    .post('/tasks/:id/extensions', async (c) => {
      const user = requireUser(c);
      const body = await jsonBody(c, requestExtensionSchema);
      return c.json(await service.request(user.id, c.req.param('id'), body), 201);
    })
    .post('/tasks/:id/extensions/:extensionId/accept', async (c) => {
      const user = requireUser(c);
      return c.json(await service.accept(user.id, c.req.param('id'), c.req.param('extensionId')));
    })
    .post('/tasks/:id/extensions/:extensionId/decline', async (c) => {
      const user = requireUser(c);
      return c.json(await service.decline(user.id, c.req.param('id'), c.req.param('extensionId')));
    })
    // Always free: the hold is released in full, whatever the cancellation policy says of other cancels.
    .post('/tasks/:id/cancel-overdue', async (c) => {
      const user = requireUser(c);
      return c.json(await lifecycle.cancel(user.id, c.req.param('id'), {}, { overdue: true }));
    });
}
