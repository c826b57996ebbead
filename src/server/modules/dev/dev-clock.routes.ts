import { Hono } from 'hono';
import { z } from 'zod';
import { messages } from '@shared/messages';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../http/context';
import { jsonBody } from '../../http/validation';
import { AppError } from '../../lib/errors';
import { isAdvanceable } from '../../lib/clock';

const advanceSchema = z.object({
  hours: z.number({ error: messages.common.invalidRequest }).min(0).max(24 * 60),
});

/**
 * The development clock control (never mounted in production, see app.ts): moves the server's
 * clock forward and runs the timed work that became due, so journeys can show hold expiry and
 * auto-release without waiting days.
 */
export function devClockRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/clock', (c) => c.json({ now: deps.clock.now().toISOString() }))
    .post('/clock/advance', async (c) => {
      const { clock } = deps;
      if (!isAdvanceable(clock)) throw new AppError('conflict', messages.common.invalidRequest);
      const { hours } = await jsonBody(c, advanceSchema);
      clock.advance(hours * 60 * 60 * 1000);
      const ran = (await deps.jobs?.runDue()) ?? 0;
      return c.json({ now: clock.now().toISOString(), jobs_run: ran });
    });
}
