import { Hono } from 'hono';
import { stringify } from 'csv-stringify/sync';
import { messages } from '@shared/messages';
import { idSchema } from '@shared/schemas/common.schemas';
import { taskSearchQuerySchema, waitlistJoinSchema } from '@shared/schemas/discovery.schemas';
import { directoryQuerySchema } from '@shared/schemas/directory.schemas';
import type { AppDeps } from '../../app-deps';
import { requireUser, type AppEnv } from '../../http/context';
import { jsonBody, queryParams } from '../../http/validation';
import { notFound } from '../../lib/errors';
import { requireAdmin } from '../admin/admin-access';
import { createDirectoryService } from './directory.service';
import { createTaskSearchService } from './task-search.service';
import { createWaitlistService } from './waitlist.service';

/** An id that is not a UUID names no entry: the same 404 as an unknown one. */
function entryIdOf(raw: string, text: string = messages.discovery.waitlistNotFound): string {
  const parsed = idSchema.safeParse(raw);
  if (!parsed.success) throw notFound(text);
  return parsed.data;
}

/** Discovery (issue 23), mounted under /api: the expert directory, the expert's task search and the waitlist (two-way reviews: modules/reviews). */
export function discoveryRoutes(deps: AppDeps) {
  const { db, clock } = deps;
  const taskSearch = createTaskSearchService(db);
  const waitlist = createWaitlistService(db, clock);
  const directory = createDirectoryService(db);
  return new Hono<AppEnv>()
    // The expert directory is public, like the profiles its cards link to.
    .get('/search/experts', async (c) => c.json(await directory.search(queryParams(c, directoryQuerySchema))))
    .get('/search/tasks', async (c) => {
      const user = requireUser(c);
      return c.json(await taskSearch.search(user.id, queryParams(c, taskSearchQuerySchema)));
    })
    .get('/search/tasks/points', async (c) => {
      const user = requireUser(c);
      return c.json(await taskSearch.points(user.id, queryParams(c, taskSearchQuerySchema)));
    })
    .post('/waitlist', async (c) => {
      const user = requireUser(c);
      const input = await jsonBody(c, waitlistJoinSchema);
      return c.json(await waitlist.join(user.id, input), 201);
    })
    .get('/waitlist/mine', async (c) => {
      const user = requireUser(c);
      return c.json(await waitlist.mine(user.id));
    })
    .post('/waitlist/:id/restore', async (c) => {
      const user = requireUser(c);
      return c.json(await waitlist.restore(user.id, entryIdOf(c.req.param('id'))));
    })
    .get('/admin/waitlist', async (c) => {
      await requireAdmin(c, db);
      return c.json(await waitlist.byPlace());
    })
    .get('/admin/waitlist/export', async (c) => {
      await requireAdmin(c, db);
      const { places } = await waitlist.byPlace();
      const csv = stringify([
        ['location', 'latitude', 'longitude', 'waiting', 'oldest_at', 'newest_at', 'oldest_days'],
        ...places.map((p) => [p.location, p.latitude, p.longitude, p.waiting, p.oldest_at, p.newest_at, p.oldest_days]),
      ]);
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header('Content-Disposition', `attachment; filename="waitlist-${clock.now().toISOString().slice(0, 10)}.csv"`);
      c.header('Cache-Control', 'no-store');
      return c.body(csv);
    });
}
