import { Hono } from 'hono';
import { assignWithReasonSchema } from '@shared/schemas/admin-overrides.schemas';
import { createApplicationSchema } from '@shared/schemas/applications.schemas';
import { requireUser, type AppEnv } from '../../http/context';
import { jsonBody } from '../../http/validation';
import type { AppDeps } from '../../app-deps';
import { tasksServiceDeps, type TasksModuleDeps } from '../tasks/tasks.deps';
import { createApplicationsService } from './applications.service';
import { assignmentRoutes } from './assignment.routes';
import { createAssignmentService } from './assignment.service';

/**
 * Routes of the applications module (mounted under /api by app.ts, right after the tasks module's):
 * apply, reject an application, assign (hire) an expert, and the hired expert's accept, decline and
 * abandon. `deps` may carry the tasks module's replacements (TasksModuleDeps).
 */
export function applicationsRoutes(deps: AppDeps) {
  const serviceDeps = tasksServiceDeps(deps as TasksModuleDeps);
  const service = createApplicationsService(serviceDeps);
  const applying = new Hono<AppEnv>()
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

  return new Hono<AppEnv>().route('/', applying).route('/', assignmentRoutes(createAssignmentService(serviceDeps)));
}
