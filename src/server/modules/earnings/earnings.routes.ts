import { Hono } from 'hono';
import { earningsQuerySchema, statementParamsSchema } from '@shared/schemas/earnings.schemas';
import type { AppDeps } from '../../app-deps';
import { requireUser, type AppEnv } from '../../http/context';
import { queryParams, validate } from '../../http/validation';
import { createEarningsService } from './earnings.service';

/** The expert's earnings and payouts (issue 51, decision 0470), mounted under /api. */
export function earningsRoutes(deps: AppDeps) {
  const service = createEarningsService({
    db: deps.db,
    clock: deps.clock,
    provider: () => deps.providers.payments,
  });
  return new Hono<AppEnv>()
    .get('/earnings', async (c) => {
      const user = requireUser(c);
      return c.json(await service.read(user.id, queryParams(c, earningsQuerySchema)));
    })
    .get('/earnings/export', async (c) => {
      const user = requireUser(c);
      const csv = await service.csv(user.id, queryParams(c, earningsQuerySchema));
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header('Content-Disposition', 'attachment; filename="earnings.csv"');
      c.header('Cache-Control', 'no-store');
      return c.body(csv);
    })
    .get('/earnings/statements/:year', async (c) => {
      const user = requireUser(c);
      const { year } = validate(statementParamsSchema, { year: c.req.param('year') });
      const pdf = await service.statement(user.id, year);
      c.header('Content-Type', 'application/pdf');
      c.header('Content-Disposition', `attachment; filename="earnings-statement-${year}.pdf"`);
      c.header('Cache-Control', 'no-store');
      return c.body(pdf as Uint8Array<ArrayBuffer>);
    })
    .post('/earnings/dashboard-link', async (c) => {
      const user = requireUser(c);
      return c.json(await service.dashboardLink(user.id));
    });
}
