import { Hono } from 'hono';
import { messages } from '@shared/messages';
import { clientCancelSchema } from '@shared/schemas/cancellations.schemas';
import { createTaskSchema, proximityCheckSchema, updateTaskSchema } from '@shared/schemas/tasks.schemas';
import type { AppDeps } from '../../app-deps';
import { requireUser, type AppEnv } from '../../http/context';
import { jsonBody, optionalJsonBody } from '../../http/validation';
import { unauthenticated } from '../../lib/errors';
import { createLifecycleService } from './lifecycle.service';
import { tasksServiceDeps, type TaskHooks, type TasksModuleDeps } from './tasks.deps';
import { createTasksService } from './tasks.service';

/**
 * Routes of the tasks module (mounted under /api by app.ts): the task itself, spec 001 (applying and
 * hiring: modules/applications; the lists: modules/task-lists; evidence: modules/evidence; reviews:
 * modules/reviews).
 * `deps` may carry replacements for the payment and proximity services (see TasksModuleDeps);
 * `hooks` is what tasks need from the modules above them (see TaskHooks).
 */
export function tasksRoutes(deps: AppDeps, hooks: TaskHooks) {
  const serviceDeps = tasksServiceDeps(deps as TasksModuleDeps);
  const tasks = createTasksService(serviceDeps);
  const lifecycle = createLifecycleService({ ...serviceDeps, callOffVisit: hooks.callOffVisit, agreedStartOf: hooks.agreedStartOf });

  return new Hono<AppEnv>()
    .post('/tasks/check-location', async (c) => {
      requireUser(c);
      const input = await jsonBody(c, proximityCheckSchema);
      return c.json(await tasks.checkLocation(input));
    })
    .post('/tasks', async (c) => {
      const user = c.get('user');
      if (!user) throw unauthenticated(messages.tasks.loginRequired);
      const input = await jsonBody(c, createTaskSchema);
      return c.json(await tasks.create(user.id, input), 201);
    })
    .patch('/tasks/:id', async (c) => {
      const user = requireUser(c);
      const input = await jsonBody(c, updateTaskSchema);
      return c.json(await tasks.update(user.id, c.req.param('id'), input));
    })
    .post('/tasks/:id/cancel', async (c) => {
      const user = requireUser(c);
      const input = await optionalJsonBody(c, clientCancelSchema);
      return c.json(await lifecycle.cancel(user.id, c.req.param('id'), input));
    })
    // Issue 50: what the caller's cancel would cost now, for the dialog before the click.
    .get('/tasks/:id/cancellation-quote', async (c) => {
      const user = requireUser(c);
      c.header('Cache-Control', 'no-store');
      return c.json(await lifecycle.quote(user.id, c.req.param('id')));
    })
    // Issue 50: the task's cancels (who, the reason, the fee) for its timeline.
    .get('/tasks/:id/cancellations', async (c) => {
      const user = requireUser(c);
      return c.json({ cancellations: await lifecycle.timeline(user.id, c.req.param('id')) });
    });
}
