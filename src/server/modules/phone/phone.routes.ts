import { Hono } from 'hono';
import { PHONE_SEND_LIMITS } from '@shared/constants';
import { sendVerificationCodeSchema, verifyCodeSchema } from '@shared/schemas/phone.schemas';
import type { AppDeps } from '../../app-deps';
import { authSecretOf } from '../../env';
import { requireUser, type AppEnv } from '../../http/context';
import { jsonBody } from '../../http/validation';
import { createPhoneService } from './phone.service';

/**
 * Phone verification of the signed-in user (mounted under /api by app.ts):
 * GET  /phone-verification          the caller's status
 * POST /phone-verification/send     { phoneNumber } a first code or a resend
 * POST /phone-verification/verify   { code }
 */
export function phoneRoutes(deps: AppDeps) {
  const service = createPhoneService({
    db: deps.db,
    clock: deps.clock,
    sms: deps.providers.sms,
    codeSecret: authSecretOf(deps.env),
    sendLimits: deps.limits?.phoneSends ?? PHONE_SEND_LIMITS[deps.env.NODE_ENV === 'production' ? 'production' : 'development'],
  });

  return new Hono<AppEnv>()
    .get('/phone-verification', async (c) => {
      const user = requireUser(c);
      c.header('Cache-Control', 'no-store');
      return c.json(await service.status(user.id));
    })
    .post('/phone-verification/send', async (c) => {
      const user = requireUser(c);
      const { phoneNumber } = await jsonBody(c, sendVerificationCodeSchema);
      return c.json(await service.sendCode(user.id, phoneNumber, c.get('clientIp')));
    })
    .post('/phone-verification/verify', async (c) => {
      const user = requireUser(c);
      const { code } = await jsonBody(c, verifyCodeSchema);
      return c.json(await service.verifyCode(user.id, code));
    });
}
