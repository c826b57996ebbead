import { offerAnswerSchema, offersResponseSchema, proposeOfferSchema } from '@shared/schemas/offers.schemas';
import type { RouteDoc } from '../route-doc';

/** Issue 51: counter-offers on an application before the hire (docs/decisions/0466). */
export const offersDocs: RouteDoc[] = [
  {
    route: 'GET /api/tasks/:id/applications/:appId/offers',
    summary: "An application's rate proposals, oldest first, its current rate and the proposals left (the client, the applicant, admins)",
    access: 'user',
    responses: { 200: offersResponseSchema },
  },
  {
    route: 'POST /api/tasks/:id/applications/:appId/offers',
    summary: 'Propose another rate with a note on a pending application (the client; at most three proposals per application)',
    access: 'user',
    body: proposeOfferSchema,
    responses: { 201: offerAnswerSchema },
  },
  {
    route: 'POST /api/tasks/:id/applications/:appId/offers/:offerId/counter',
    summary: 'Counter a pending proposal with another rate (the party it waits for)',
    access: 'user',
    body: proposeOfferSchema,
    responses: { 201: offerAnswerSchema },
  },
  {
    route: 'POST /api/tasks/:id/applications/:appId/offers/:offerId/accept',
    summary: "Accept a pending proposal (the party it waits for): it becomes the application's rate, which a hire uses",
    access: 'user',
    responses: { 200: offerAnswerSchema },
  },
  {
    route: 'POST /api/tasks/:id/applications/:appId/offers/:offerId/decline',
    summary: 'Decline a pending proposal (the party it waits for): the rate stays',
    access: 'user',
    responses: { 200: offerAnswerSchema },
  },
  {
    route: 'POST /api/tasks/:id/applications/:appId/offers/:offerId/withdraw',
    summary: 'Withdraw a pending proposal (the party who made it)',
    access: 'user',
    responses: { 200: offerAnswerSchema },
  },
];
