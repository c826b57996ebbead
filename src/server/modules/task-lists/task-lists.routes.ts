import { Hono } from 'hono';
import { listTasksQuerySchema } from '@shared/schemas/tasks.schemas';
import type { AppDeps } from '../../app-deps';
import { requireUser, type AppEnv } from '../../http/context';
import { jsonText } from '../../http/json-text';
import { queryParams } from '../../http/validation';
import { createTaskListsService } from './task-lists.service';

/** GET /tasks, the dashboards' lists (mounted under /api by app.ts, right after the tasks module's routes). */
export function taskListsRoutes(deps: AppDeps) {
  const lists = createTaskListsService({ db: deps.db, clock: deps.clock });
  return new Hono<AppEnv>().get('/tasks', async (c) => {
    const user = requireUser(c);
    const query = queryParams(c, listTasksQuerySchema);
    // The items as PostgreSQL wrote them, joined (task-list-json.ts): no row is mapped or serialised here.
    return jsonText(c, await lists.listJson(user.id, query));
  });
}
