import { Hono } from 'hono';
import { messages } from '@shared/messages';
import { idSchema } from '@shared/schemas/common.schemas';
import { clientReportSchema } from '@shared/schemas/client-reports.schemas';
import { reviewReportSchema } from '@shared/schemas/discovery.schemas';
import { reviewModerationSchema } from '@shared/schemas/directory.schemas';
import { createReviewSchema } from '@shared/schemas/reviews.schemas';
import type { AppDeps } from '../../app-deps';
import { requireUser, type AppEnv } from '../../http/context';
import { jsonBody } from '../../http/validation';
import { notFound, unauthenticated } from '../../lib/errors';
import { requireAdmin } from '../admin/admin-access';
import { tasksServiceDeps, type TasksModuleDeps } from '../tasks/tasks.deps';
import type { ReviewHooks } from './review-hooks';
import { createReviewModerationService } from './review-moderation.service';
import { createReviewsService } from './reviews.service';
import { createTwoWayReviewsService } from './two-way-reviews.service';

/** An id that is not a UUID names no entry: the same 404 as an unknown one. */
function entryIdOf(raw: string, text: string): string {
  const parsed = idSchema.safeParse(raw);
  if (!parsed.success) throw notFound(text);
  return parsed.data;
}

/**
 * The client's review of the expert and the expert's report about the client (mounted under /api by
 * app.ts right after the evidence submission routes). `hooks`: what a revealed review sets off above
 * this module (review-hooks.ts).
 */
export function reviewsRoutes(deps: AppDeps, hooks: ReviewHooks) {
  const service = createReviewsService(tasksServiceDeps(deps as TasksModuleDeps), hooks);
  return new Hono<AppEnv>()
    .post('/tasks/:id/review', async (c) => {
      const user = requireUser(c);
      const input = await jsonBody(c, createReviewSchema);
      return c.json(await service.review(user.id, c.req.param('id'), input), 201);
    })
    .post('/tasks/:id/report-client', async (c) => {
      const user = c.get('user');
      if (!user) throw unauthenticated(messages.reports.loginRequired);
      const input = await jsonBody(c, clientReportSchema);
      return c.json(await service.reportClient(user.id, c.req.param('id'), input), 201);
    });
}

/**
 * Two-way reviews (issue 23), mounted under /api by app.ts right after the discovery routes: the
 * expert's review of the client, the reviews' status and the client card, reports of a review and the
 * admins' moderation.
 */
export function twoWayReviewsRoutes(deps: AppDeps, hooks: ReviewHooks) {
  const { db, clock } = deps;
  const twoWay = createTwoWayReviewsService(db, clock, hooks);
  const moderation = createReviewModerationService(db, clock, hooks);
  return new Hono<AppEnv>()
    .post('/tasks/:id/client-review', async (c) => {
      const user = requireUser(c);
      const input = await jsonBody(c, createReviewSchema);
      return c.json(await twoWay.reviewClient(user.id, c.req.param('id'), input), 201);
    })
    .get('/tasks/:id/two-way-reviews', async (c) => {
      const user = requireUser(c);
      return c.json(await twoWay.status(user.id, c.req.param('id')));
    })
    .get('/clients/:id/card', async (c) => {
      const user = requireUser(c);
      return c.json(await twoWay.clientCard(user.id, entryIdOf(c.req.param('id'), messages.discovery.clientNotFound)));
    })
    .post('/reviews/:id/report', async (c) => {
      const user = requireUser(c);
      const input = await jsonBody(c, reviewReportSchema);
      return c.json(await twoWay.report(user.id, entryIdOf(c.req.param('id'), messages.discovery.reviewNotFound), input), 201);
    })
    .get('/admin/review-reports', async (c) => {
      await requireAdmin(c, db);
      return c.json(await twoWay.reports());
    })
    .post('/admin/reviews/:id/hide', async (c) => {
      const admin = await requireAdmin(c, db);
      const input = await jsonBody(c, reviewModerationSchema);
      return c.json(await moderation.hide(admin.id, entryIdOf(c.req.param('id'), messages.discovery.reviewNotFound), input));
    })
    .post('/admin/reviews/:id/restore', async (c) => {
      const admin = await requireAdmin(c, db);
      const input = await jsonBody(c, reviewModerationSchema);
      return c.json(await moderation.restore(admin.id, entryIdOf(c.req.param('id'), messages.discovery.reviewNotFound), input));
    });
}
