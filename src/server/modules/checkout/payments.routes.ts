import { Hono } from 'hono';
import {
  capturePaymentSchema,
  confirmPaymentSchema,
  createPaymentIntentSchema,
  intentStatusQuerySchema,
  localAuthenticateSchema,
  localCardSchema,
} from '@shared/schemas/payments.schemas';
import { messages } from '@shared/messages';
import type { AppDeps } from '../../app-deps';
import { unauthenticated } from '../../lib/errors';
import { requireUser, type AppEnv } from '../../http/context';
import { jsonBody, queryParams } from '../../http/validation';
import { createPaymentsService } from './payments.service';

/**
 * Task payments (mounted under /api by app.ts); see src/shared/schemas/task-api.ts:
 * POST /payments/intent               a manual-capture intent for the task's amount
 * POST /payments/local/confirm        the local provider's card form (404 with the real provider)
 * POST /payments/local/authenticate   the local provider's authentication step (404 with the real provider)
 * POST /payments/confirm              stage confirm_authorization: the hold is recorded
 * POST /payments/capture              a retry after a failed capture
 * GET  /payments/intent-status        the return page's read with the local provider
 */
export function paymentsRoutes(deps: AppDeps) {
  const service = createPaymentsService(deps);

  return new Hono<AppEnv>()
    .post('/payments/intent', async (c) => {
      const user = requireUser(c);
      const { task_id } = await jsonBody(c, createPaymentIntentSchema);
      return c.json(await service.createIntent(user, task_id));
    })
    .post('/payments/local/confirm', async (c) => {
      const user = requireUser(c);
      const card = await jsonBody(c, localCardSchema);
      return c.json(await service.localConfirm(user, card));
    })
    .post('/payments/local/authenticate', async (c) => {
      const user = requireUser(c);
      const body = await jsonBody(c, localAuthenticateSchema);
      return c.json(await service.localAuthenticate(user, body));
    })
    .post('/payments/confirm', async (c) => {
      // The spec's own text for a signed-out confirmation, so the user is checked by the service.
      const user = c.get('user');
      if (!user) throw unauthenticated(messages.payment.notAuthenticated);
      const body = await jsonBody(c, confirmPaymentSchema);
      return c.json(await service.confirmAuthorization(user, body));
    })
    .post('/payments/capture', async (c) => {
      const user = requireUser(c);
      const body = await jsonBody(c, capturePaymentSchema);
      return c.json(await service.retryCapture(user, body));
    })
    .get('/payments/intent-status', async (c) => {
      const user = requireUser(c);
      const { client_secret } = queryParams(c, intentStatusQuerySchema);
      c.header('Cache-Control', 'no-store');
      return c.json(await service.intentStatus(user, client_secret));
    });
}
