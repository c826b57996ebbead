import { Hono } from 'hono';
import { taskSearchQuerySchema } from '@shared/schemas/discovery.schemas';
import type { AppDeps } from '../../app-deps';
import { requireUser, type AppEnv } from '../../http/context';
import { queryParams } from '../../http/validation';
import { createTaskSearchService } from './task-search.service';

/** Discovery (issue 23), mounted under /api: the expert's task search and its map points. */
export function discoveryRoutes(deps: AppDeps) {
  const taskSearch = createTaskSearchService(deps.db);
  return new Hono<AppEnv>()
    .get('/search/tasks', async (c) => {
      const user = requireUser(c);
      return c.json(await taskSearch.search(user.id, queryParams(c, taskSearchQuerySchema)));
    })
    .get('/search/tasks/points', async (c) => {
      const user = requireUser(c);
      return c.json(await taskSearch.points(user.id, queryParams(c, taskSearchQuerySchema)));
    });
}
