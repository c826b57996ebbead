import { Hono } from 'hono';
import { webPushMessages } from '@shared/messages/web-push';
import {
  webPushSubscribeSchema,
  webPushUnsubscribeSchema,
  type WebPushKeyDto,
  type WebPushSubscriptionDto,
} from '@shared/schemas/web-push.schemas';
import type { AppDeps } from '../../../app-deps';
import { requireUser, type AppEnv } from '../../../http/context';
import { jsonBody, queryParams } from '../../../http/validation';
import { notFound } from '../../../lib/errors';
import { deleteWebPushSubscription, upsertWebPushSubscription } from './web-push-subscriptions.repository';

/** Browser web push: the VAPID key to subscribe with, and this browser's subscription (issue 19, decision 0223). */
export function webPushRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/web-push/public-key', (c) => {
      requireUser(c);
      const body: WebPushKeyDto = { public_key: deps.providers.webPush.publicKey };
      return c.json(body);
    })
    .post('/web-push/subscriptions', async (c) => {
      const user = requireUser(c);
      const input = await jsonBody(c, webPushSubscribeSchema);
      const row = await upsertWebPushSubscription(deps.db, {
        userId: user.id,
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        userAgent: c.req.header('user-agent')?.slice(0, 300) ?? null,
        now: deps.clock.now(),
      });
      const body: WebPushSubscriptionDto = { id: row.id, endpoint: row.endpoint, created_at: row.created_at.toISOString() };
      return c.json(body, 201);
    })
    .delete('/web-push/subscriptions', async (c) => {
      const user = requireUser(c);
      const { endpoint } = queryParams(c, webPushUnsubscribeSchema);
      // Someone else's endpoint answers like a missing one: nobody learns which browsers others use.
      if (!(await deleteWebPushSubscription(deps.db, { userId: user.id, endpoint }))) {
        throw notFound(webPushMessages.subscriptionNotFound);
      }
      return c.body(null, 204);
    });
}
