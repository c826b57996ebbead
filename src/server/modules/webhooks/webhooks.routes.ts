import { Hono } from 'hono';
import { idParamsSchema } from '@shared/schemas/common.schemas';
import { createWebhookEndpointSchema, deliveryParamsSchema, updateWebhookEndpointSchema } from '@shared/schemas/webhooks.schemas';
import type { AppDeps } from '../../app-deps';
import { requireUser, type AppEnv } from '../../http/context';
import { jsonBody, pathParams } from '../../http/validation';
import { webhookPolicyOf } from './webhook-policy';
import { createWebhooksService } from './webhooks.service';

/**
 * Issue 54 (decision 0473), mounted under /api; session-only like key management (a key cannot
 * register endpoints: the request-authentication middleware refuses it with 403).
 * GET    /me/webhook-endpoints                              the caller's endpoints
 * POST   /me/webhook-endpoints                              a new endpoint; its secret is in this answer only
 * GET    /me/webhook-endpoints/:id                          one endpoint
 * PATCH  /me/webhook-endpoints/:id                          events, description, enabled
 * DELETE /me/webhook-endpoints/:id                          deletes it with its log
 * POST   /me/webhook-endpoints/:id/roll-secret              a new secret (the old one signs 24 h more)
 * GET    /me/webhook-endpoints/:id/deliveries               the log, newest first
 * POST   /me/webhook-endpoints/:id/deliveries/:deliveryId/resend   the event again, at the end of the queue
 */
export function webhooksRoutes(deps: AppDeps) {
  const { db, clock } = deps;
  const webhooks = createWebhooksService({ db, policy: webhookPolicyOf(deps.env) });
  return new Hono<AppEnv>()
    .get('/me/webhook-endpoints', async (c) => {
      const user = requireUser(c);
      return c.json({ endpoints: await webhooks.list(user.id) });
    })
    .post('/me/webhook-endpoints', async (c) => {
      const user = requireUser(c);
      const input = await jsonBody(c, createWebhookEndpointSchema);
      c.header('Cache-Control', 'no-store');
      return c.json(await webhooks.create(user.id, input, clock.now()), 201);
    })
    .get('/me/webhook-endpoints/:id', async (c) => {
      const user = requireUser(c);
      const { id } = pathParams(c, idParamsSchema);
      return c.json({ endpoint: await webhooks.get(user.id, id) });
    })
    .patch('/me/webhook-endpoints/:id', async (c) => {
      const user = requireUser(c);
      const { id } = pathParams(c, idParamsSchema);
      const input = await jsonBody(c, updateWebhookEndpointSchema);
      return c.json({ endpoint: await webhooks.update(user.id, id, input, clock.now()) });
    })
    .delete('/me/webhook-endpoints/:id', async (c) => {
      const user = requireUser(c);
      const { id } = pathParams(c, idParamsSchema);
      await webhooks.remove(user.id, id);
      return c.json({ deleted: true });
    })
    .post('/me/webhook-endpoints/:id/roll-secret', async (c) => {
      const user = requireUser(c);
      const { id } = pathParams(c, idParamsSchema);
      c.header('Cache-Control', 'no-store');
      return c.json(await webhooks.rollSecret(user.id, id, clock.now()));
    })
    .get('/me/webhook-endpoints/:id/deliveries', async (c) => {
      const user = requireUser(c);
      const { id } = pathParams(c, idParamsSchema);
      return c.json({ deliveries: await webhooks.deliveries(user.id, id) });
    })
    .post('/me/webhook-endpoints/:id/deliveries/:deliveryId/resend', async (c) => {
      const user = requireUser(c);
      const { id, deliveryId } = pathParams(c, deliveryParamsSchema);
      return c.json({ delivery: await webhooks.resend(user.id, id, deliveryId, clock.now()) }, 201);
    });
}
