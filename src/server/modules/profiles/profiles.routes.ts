import { Hono } from 'hono';
import { onboardingRequestSchema, pushTokenSchema, roleSwitchSchema, updateNamesSchema } from '@shared/schemas/me.schemas';
import { requireUser, type AppEnv } from '../../http/context';
import { jsonBody } from '../../http/validation';
import type { ProfilesService } from './profiles.service';

export function profilesRoutes(service: ProfilesService) {
  return new Hono<AppEnv>()
    .get('/me', async (c) => {
      const user = requireUser(c);
      return c.json(await service.me(user, c.get('session')!));
    })
    .post('/me/onboarding', async (c) => {
      const user = requireUser(c);
      const request = await jsonBody(c, onboardingRequestSchema);
      return c.json({ profile: await service.completeOnboarding(user, request) });
    })
    .patch('/me/profile', async (c) => {
      const user = requireUser(c);
      const request = await jsonBody(c, updateNamesSchema);
      return c.json({ profile: await service.updateNames(user, request) });
    })
    .post('/me/role', async (c) => {
      const user = requireUser(c);
      const request = await jsonBody(c, roleSwitchSchema);
      return c.json(await service.switchRole(user, request));
    })
    .put('/me/push-token', async (c) => {
      const user = requireUser(c);
      const { fcm_token } = await jsonBody(c, pushTokenSchema);
      await service.setPushToken(user, fcm_token);
      return c.json({ success: true });
    });
}
