import { Hono, type Context } from 'hono';
import { paymentSetupRequestSchema, type PaymentSetupVerifyResponse } from '@shared/schemas/expert-onboarding.schemas';
import type { AppDeps } from '../../app-deps';
import { requireUser, type AppEnv } from '../../http/context';
import { validate } from '../../http/validation';
import { requireBodyKind } from '../../http/content-type';
import { createPaymentSetupService } from './payment-setup.service';
import {
  isEventRecorded,
  paymentSetupWebhookHandlers,
  recordAndApply,
  type WebhookHandler,
} from './payment-webhooks';

/** The JSON body is optional: an empty or missing body means platform 'web'. */
async function setupRequest(c: Context) {
  requireBodyKind(c, 'json');
  const text = await c.req.text();
  let body: unknown = {};
  if (text.trim() !== '') {
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
  }
  return validate(paymentSetupRequestSchema, body);
}

/**
 * Expert payment setup (connected account, onboarding links, verify) and the provider's webhook
 * endpoint. Mounted under /api. `webhookHandlers` adds handlers for more event types (task payments).
 */
export function paymentSetupRoutes(deps: AppDeps, options: { webhookHandlers?: Record<string, WebhookHandler> } = {}) {
  const payments = deps.providers.payments;
  const service = createPaymentSetupService({ db: deps.db, clock: deps.clock, payments, publicUrl: deps.publicUrl });
  const handlers = { ...paymentSetupWebhookHandlers, ...options.webhookHandlers };

  return new Hono<AppEnv>()
    .post('/payment-setup/account', async (c) => {
      const user = requireUser(c);
      const { platform } = await setupRequest(c);
      return c.json(await service.startOnboarding(user.id, platform));
    })
    .post('/payment-setup/refresh-link', async (c) => {
      const user = requireUser(c);
      const { platform } = await setupRequest(c);
      return c.json(await service.refreshLink(user.id, platform));
    })
    .post('/payment-setup/verify', async (c) => {
      const user = requireUser(c);
      const body: PaymentSetupVerifyResponse = { success: true, expert: await service.verify(user.id) };
      return c.json(body);
    })
    // The signature covers the exact bytes received, so the body is read raw, never re-serialized.
    .post('/payment-webhooks', async (c) => {
      const rawBody = await c.req.text();
      const event = await payments.verifyWebhook(rawBody, c.req.header(payments.webhookSignatureHeader) ?? null);
      // A repeat delivery is acknowledged without calling the provider again.
      if (await isEventRecorded(deps.db, event.id)) return c.json({ received: true, duplicate: true });
      const handler = handlers[event.type];
      const apply = handler ? await handler(event, { payments, clock: deps.clock }) : undefined;
      const recorded = await recordAndApply(deps.db, event, payments.name, apply);
      return c.json({ received: true, duplicate: !recorded });
    });
}
