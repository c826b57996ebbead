import { Hono } from 'hono';
import { messages } from '@shared/messages';
import { idSchema } from '@shared/schemas/common.schemas';
import { liftPauseSchema, type PausedExpertDto } from '@shared/schemas/reliability.schemas';
import type { AppDeps } from '../../app-deps';
import { requireUser, type AppEnv } from '../../http/context';
import { jsonBody } from '../../http/validation';
import { notFound } from '../../lib/errors';
import { requireAdmin } from '../admin/admin-access';
import { liftApplicationPause } from './lift-pause';
import { listPausesInForce } from './reliability.repository';
import { pauseOf } from './reliability.service';

const text = messages.reliability;

/** An id that is not a UUID names no expert: the same 404 as an unknown one. */
function expertIdOf(raw: string): string {
  const parsed = idSchema.safeParse(raw);
  if (!parsed.success) throw notFound(text.expertNotFound);
  return parsed.data;
}

/** The reliability record's routes (issue 50, decision 0457), mounted under /api. */
export function reliabilityRoutes(deps: AppDeps) {
  const { db, clock } = deps;
  return new Hono<AppEnv>()
    .get('/me/application-pause', async (c) => {
      const user = requireUser(c);
      return c.json({ pause: await pauseOf(db, user.id, clock.now()) });
    })
    .get('/admin/application-pauses', async (c) => {
      await requireAdmin(c, db);
      const rows = await listPausesInForce(db, clock.now());
      const pauses: PausedExpertDto[] = rows.map((row) => ({
        expert_id: row.expert_id,
        name: [row.first_name, row.last_name].filter(Boolean).join(' ') || (row.email ?? row.expert_id),
        email: row.email,
        paused_until: row.paused_until.toISOString(),
        paused_at: row.created_at.toISOString(),
      }));
      return c.json({ pauses });
    })
    .post('/admin/experts/:id/application-pause/lift', async (c) => {
      const admin = await requireAdmin(c, db);
      const expertId = expertIdOf(c.req.param('id'));
      const input = await jsonBody(c, liftPauseSchema);
      return c.json(await liftApplicationPause(db, { adminId: admin.id, expertId, reason: input.reason, now: clock.now() }));
    });
}
