import { priceChangeAnswerSchema, priceChangesResponseSchema, proposePriceChangeSchema } from '@shared/schemas/price-changes.schemas';
import type { RouteDoc } from '../route-doc';

/** Issue 51: a new price after the hire (docs/decisions/0467). */
export const priceChangesDocs: RouteDoc[] = [
  {
    route: 'GET /api/tasks/:id/price-changes',
    summary: "The task's price changes, oldest first, its current price and whether the caller may propose one (the parties, admins)",
    access: 'user',
    responses: { 200: priceChangesResponseSchema },
  },
  {
    route: 'POST /api/tasks/:id/price-changes',
    summary: 'Propose a new price with a reason (the client or the hired expert; assigned or in progress, the payment authorized)',
    access: 'user',
    body: proposePriceChangeSchema,
    responses: { 201: priceChangeAnswerSchema },
  },
  {
    route: 'POST /api/tasks/:id/price-changes/:changeId/approve',
    summary: 'Approve a pending price change (the other party): an increase is authorized on the card, a decrease captured partially at confirmation',
    access: 'user',
    responses: { 200: priceChangeAnswerSchema },
  },
  {
    route: 'POST /api/tasks/:id/price-changes/:changeId/decline',
    summary: 'Decline a pending price change (the other party): the price stays',
    access: 'user',
    responses: { 200: priceChangeAnswerSchema },
  },
];
