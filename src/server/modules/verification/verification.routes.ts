import { Hono } from 'hono';
import { verificationInitiateSchema, verificationStatusQuerySchema } from '@shared/schemas/verification.schemas';
import type { AppDeps } from '../../app-deps';
import { requireUser, type AppEnv } from '../../http/context';
import { jsonBody, queryParams } from '../../http/validation';
import { LocalVerificationProvider } from '../../providers/verification';
import { createVerificationService } from './verification.service';

/**
 * Trust badges (mounted under /api): the spec's verification-status and verification-initiate, and
 * the verification provider's webhook. The embedded provider's hosted page hands its events to the
 * same handler as the HTTP route (signature verified, once per event id).
 */
export function verificationRoutes(deps: AppDeps) {
  const provider = deps.providers.verification;
  const service = createVerificationService({ db: deps.db, clock: deps.clock, provider, publicUrl: deps.publicUrl });
  if (provider instanceof LocalVerificationProvider) {
    provider.setWebhookReceiver(async (rawBody, signature) => {
      await service.receiveWebhook(rawBody, signature);
    });
  }

  return new Hono<AppEnv>()
    .get('/verification/status', async (c) => {
      const { expert_id } = queryParams(c, verificationStatusQuerySchema);
      return c.json(await service.status(c.get('user')?.id ?? null, expert_id));
    })
    .post('/verification/initiate', async (c) => {
      const user = requireUser(c);
      const input = await jsonBody(c, verificationInitiateSchema);
      return c.json(await service.initiate(user.id, input));
    })
    // The signature covers the exact bytes received, so the body is read raw.
    .post('/webhooks/verification', async (c) => {
      const rawBody = await c.req.text();
      const result = await service.receiveWebhook(rawBody, c.req.header(provider.webhookSignatureHeader) ?? null);
      return c.json({ received: true, duplicate: result.duplicate });
    });
}
