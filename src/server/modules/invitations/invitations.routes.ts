import { Hono } from 'hono';
import { messages } from '@shared/messages';
import { idSchema } from '@shared/schemas/common.schemas';
import { createInvitationSchema, invitationSettingsSchema } from '@shared/schemas/invitations.schemas';
import type { AppDeps } from '../../app-deps';
import { requireUser, type AppEnv } from '../../http/context';
import { jsonBody } from '../../http/validation';
import { notFound } from '../../lib/errors';
import { createInvitationsService } from './invitations.service';

/** An expert id that is not a UUID names nobody: the same 404 as an unknown one. */
function expertIdOf(raw: string): string {
  const parsed = idSchema.safeParse(raw);
  if (!parsed.success) throw notFound(messages.invitations.expertNotFound);
  return parsed.data;
}

/** Invitations (issue 23, docs/decisions/0330), mounted under /api. */
export function invitationsRoutes(deps: AppDeps) {
  const service = createInvitationsService(deps.db, deps.clock);
  return new Hono<AppEnv>()
    .post('/tasks/:id/invitations', async (c) => {
      const user = requireUser(c);
      const input = await jsonBody(c, createInvitationSchema);
      return c.json({ invitation: await service.invite(user.id, c.req.param('id'), input.expert_id) }, 201);
    })
    .get('/tasks/:id/my-invitation', async (c) => {
      const user = requireUser(c);
      return c.json(await service.mine(user.id, c.req.param('id')));
    })
    .post('/tasks/:id/invitation/decline', async (c) => {
      const user = requireUser(c);
      return c.json({ invitation: await service.decline(user.id, c.req.param('id')) });
    })
    .get('/experts/:id/invitation-options', async (c) => {
      const user = requireUser(c);
      return c.json(await service.options(user.id, expertIdOf(c.req.param('id'))));
    })
    .get('/me/invitation-settings', async (c) => {
      const user = requireUser(c);
      return c.json(await service.settings(user.id));
    })
    .put('/me/invitation-settings', async (c) => {
      const user = requireUser(c);
      const input = await jsonBody(c, invitationSettingsSchema);
      return c.json(await service.updateSettings(user.id, input.accepts_invitations));
    });
}
