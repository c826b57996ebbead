import { z } from 'zod';
import { idParamsSchema } from '@shared/schemas/common.schemas';
import {
  createWebhookEndpointSchema,
  deliveryParamsSchema,
  updateWebhookEndpointSchema,
  webhookDeliveryDtoSchema,
  webhookEndpointDtoSchema,
  webhookEndpointWithSecretSchema,
} from '@shared/schemas/webhooks.schemas';
import type { RouteDoc } from '../route-doc';

/** Outbound webhooks (issue 54, docs/decisions/0473): session only; a key cannot manage endpoints. */
export const webhooksDocs: RouteDoc[] = [
  {
    route: 'GET /api/me/webhook-endpoints',
    summary: "The caller's webhook endpoints, newest first (never their secrets)",
    access: 'user',
    responses: { 200: z.object({ endpoints: z.array(webhookEndpointDtoSchema) }) },
  },
  {
    route: 'POST /api/me/webhook-endpoints',
    summary:
      'Registers an endpoint for some event types; its signing secret is in this answer only. In production the URL must be https and resolve to public addresses only',
    access: 'user',
    body: createWebhookEndpointSchema,
    responses: { 201: webhookEndpointWithSecretSchema },
  },
  {
    route: 'GET /api/me/webhook-endpoints/:id',
    summary: "One of the caller's endpoints; 404 for anyone else's",
    access: 'user',
    params: idParamsSchema,
    responses: { 200: z.object({ endpoint: webhookEndpointDtoSchema }) },
  },
  {
    route: 'PATCH /api/me/webhook-endpoints/:id',
    summary: 'Changes the events or the description, or disables or enables the endpoint (enabling resumes its queue)',
    access: 'user',
    params: idParamsSchema,
    body: updateWebhookEndpointSchema,
    responses: { 200: z.object({ endpoint: webhookEndpointDtoSchema }) },
  },
  {
    route: 'DELETE /api/me/webhook-endpoints/:id',
    summary: 'Deletes the endpoint with its delivery log',
    access: 'user',
    params: idParamsSchema,
    responses: { 200: z.object({ deleted: z.literal(true) }) },
  },
  {
    route: 'POST /api/me/webhook-endpoints/:id/roll-secret',
    summary: 'A new signing secret, in this answer only; the old one keeps signing (a second v1 entry) for 24 hours',
    access: 'user',
    params: idParamsSchema,
    responses: { 200: webhookEndpointWithSecretSchema },
  },
  {
    route: 'GET /api/me/webhook-endpoints/:id/deliveries',
    summary: "The endpoint's last 50 deliveries, newest first: status, attempts, the receiver's answer, next try",
    access: 'user',
    params: idParamsSchema,
    responses: { 200: z.object({ deliveries: z.array(webhookDeliveryDtoSchema) }) },
  },
  {
    route: 'POST /api/me/webhook-endpoints/:id/deliveries/:deliveryId/resend',
    summary: "Sends the delivery's event again, as a new delivery at the end of the endpoint's queue (409 while the endpoint is disabled)",
    access: 'user',
    params: deliveryParamsSchema,
    responses: { 201: z.object({ delivery: webhookDeliveryDtoSchema }) },
  },
];
