import { Hono } from 'hono';
import { listTasksQuerySchema } from '@shared/schemas/tasks.schemas';
import type { AppDeps } from '../../app-deps';
import { requireUser, type AppEnv } from '../../http/context';
import { queryParams } from '../../http/validation';
import { createTaskListsService } from './task-lists.service';

/** GET /tasks, the dashboards' lists (mounted under /api by app.ts, right after the tasks module's routes). */
export function taskListsRoutes(deps: AppDeps) {
  const lists = createTaskListsService({ db: deps.db, clock: deps.clock });
  return new Hono<AppEnv>().get('/tasks', async (c) => {
    const user = requireUser(c);
    const query = queryParams(c, listTasksQuerySchema);
    return c.json(await lists.list(user.id, query));
  });
}
