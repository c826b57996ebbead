import { Hono } from 'hono';
import { messages } from '@shared/messages';
import { idSchema } from '@shared/schemas/common.schemas';
import {
  acceptProposalSchema,
  declineProposalSchema,
  proposeAppointmentSchema,
} from '@shared/schemas/appointments.schemas';
import type { AppDeps } from '../../app-deps';
import { requireUser, type AppEnv } from '../../http/context';
import { jsonBody } from '../../http/validation';
import { notFound } from '../../lib/errors';
import { createAppointmentsService } from './appointments.service';
import { createCalendarFeeds } from './calendar-feed';
import { authSecretOf } from '../../env';
import { z } from 'zod';

/** A proposal id that is not a UUID names none: the same 404 as an unknown one. */
function proposalIdOf(raw: string): string {
  const parsed = idSchema.safeParse(raw);
  if (!parsed.success) throw notFound(messages.appointments.proposalNotFound);
  return parsed.data;
}

/** Appointments (issue 49, docs/decisions/0420-0423), mounted under /api. */
export function appointmentsRoutes(deps: AppDeps) {
  const service = createAppointmentsService(deps.db, deps.clock);
  const feeds = createCalendarFeeds({
    db: deps.db,
    clock: deps.clock,
    secret: authSecretOf(deps.env),
    publicUrl: deps.publicUrl,
  });
  return new Hono<AppEnv>()
    .get('/me/calendar-feed', async (c) => c.json(await feeds.current(requireUser(c).id)))
    .post('/me/calendar-feed', async (c) => {
      const user = requireUser(c);
      await jsonBody(c, z.object({}));
      return c.json(await feeds.renew(user.id));
    })
    .delete('/me/calendar-feed', async (c) => c.json(await feeds.revoke(requireUser(c).id)))
    .get('/calendar/:file', async (c) => {
      const body = await feeds.document(c.req.param('file'));
      return c.body(body, 200, {
        'content-type': 'text/calendar; charset=utf-8',
        'cache-control': 'private, max-age=300',
      });
    })
    .get('/me/visits', async (c) => {
      const user = requireUser(c);
      return c.json(await service.upcoming(user.id));
    })
    .get('/tasks/:id/appointment', async (c) => {
      const user = requireUser(c);
      return c.json({ appointment: await service.read(user.id, c.req.param('id')) });
    })
    .post('/tasks/:id/appointment/proposals', async (c) => {
      const user = requireUser(c);
      const input = await jsonBody(c, proposeAppointmentSchema);
      return c.json(await service.propose(user.id, c.req.param('id'), input), 201);
    })
    .post('/tasks/:id/appointment/proposals/:proposalId/accept', async (c) => {
      const user = requireUser(c);
      const input = await jsonBody(c, acceptProposalSchema);
      const proposalId = proposalIdOf(c.req.param('proposalId'));
      return c.json(await service.accept(user.id, c.req.param('id'), proposalId, input.choice));
    })
    .post('/tasks/:id/appointment/proposals/:proposalId/decline', async (c) => {
      const user = requireUser(c);
      const input = await jsonBody(c, declineProposalSchema);
      const proposalId = proposalIdOf(c.req.param('proposalId'));
      return c.json(await service.decline(user.id, c.req.param('id'), proposalId, input.reason));
    });
}
