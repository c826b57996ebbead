import { Hono } from 'hono';
import type { AppDeps } from '../../app-deps';
import { requireUser, type AppEnv } from '../../http/context';
import { jsonText } from '../../http/json-text';
import { createTaskDetailsService, type TaskDetailsHooks } from './task-details.service';

/**
 * GET /tasks/:id (mounted under /api by app.ts, right after the tasks module's routes, where it
 * used to be registered: no other route of those modules matches the same URLs).
 */
export function taskDetailsRoutes(deps: AppDeps, hooks: TaskDetailsHooks) {
  const details = createTaskDetailsService({ db: deps.db, clock: deps.clock, ...hooks });
  return new Hono<AppEnv>().get('/tasks/:id', async (c) => {
    const user = requireUser(c);
    // { task: TaskDetailsDto } as text joined from pieces serialised once per read (task-details-view.ts).
    const task = await details.detailsJson(user.id, c.req.param('id'));
    return jsonText(c, `{"task":${task}}`);
  });
}
