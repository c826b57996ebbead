import { Hono } from 'hono';
import { messages } from '@shared/messages';
import { clientReportSchema } from '@shared/schemas/client-reports.schemas';
import { createReviewSchema } from '@shared/schemas/reviews.schemas';
import { requireUser, type AppEnv } from '../../http/context';
import { jsonBody } from '../../http/validation';
import { unauthenticated } from '../../lib/errors';
import type { ReviewsService } from './reviews.service';

/** The client's review of the expert and the expert's report about the client. */
export function reviewsRoutes(service: ReviewsService) {
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
