import {
  dashboardLinkResponseSchema,
  earningsQuerySchema,
  earningsResponseSchema,
  statementParamsSchema,
} from '@shared/schemas/earnings.schemas';
import { createTipSchema, taskTipResponseSchema, tipDtoSchema } from '@shared/schemas/tips.schemas';
import { z } from 'zod';
import type { RouteDoc } from '../route-doc';

const tipResponseSchema = z.object({ tip: tipDtoSchema });

/** Issue 51: the expert's earnings and payouts (decision 0470) and the client's tips (decision 0471). */
export const earningsDocs: RouteDoc[] = [
  {
    route: 'GET /api/earnings',
    summary:
      "Expert: per task the agreed price, platform fee, the payment provider's fee, tip, net, status (held, captured, in transit, paid) and expected arrival; totals for this month and year; `from`/`to` filter by day (UTC)",
    access: 'user',
    query: earningsQuerySchema,
    responses: { 200: earningsResponseSchema },
  },
  {
    route: 'GET /api/earnings/export',
    summary: "Expert: the earnings as CSV (the page's rows and filter)",
    access: 'user',
    query: earningsQuerySchema,
    produces: {
      status: 200,
      contentType: 'text/csv; charset=utf-8',
      description: 'A download: one line per task, amounts in dollars.',
    },
  },
  {
    route: 'GET /api/earnings/statements/:year',
    summary: "Expert: the year's earnings statement as PDF (captured payments and tips with their totals)",
    access: 'user',
    params: statementParamsSchema,
    produces: {
      status: 200,
      contentType: 'application/pdf',
      description: 'A download: the yearly earnings statement.',
    },
  },
  {
    route: 'POST /api/earnings/dashboard-link',
    summary: "Expert: a one-time link into the payment provider's payout dashboard",
    access: 'user',
    responses: { 200: dashboardLinkResponseSchema },
  },
  {
    route: 'GET /api/tasks/:id/tip',
    summary:
      "The client: the task's tip, whether one can be added now, until when, and the price the percentages apply to",
    access: 'user',
    responses: { 200: taskTipResponseSchema },
  },
  {
    route: 'POST /api/tasks/:id/tips',
    summary:
      'The client adds a tip (10, 15 or 20% of the price, or `amount_cents`) from confirmation for 7 days, charged to the saved card with no platform fee; the same `idempotency_key` answers with the same tip (200)',
    access: 'user',
    body: createTipSchema,
    responses: { 200: tipResponseSchema, 201: tipResponseSchema },
  },
];
