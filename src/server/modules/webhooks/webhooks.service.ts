import { WEBHOOKS } from '@shared/constants';
import { messages } from '@shared/messages';
import type {
  CreateWebhookEndpointInput,
  UpdateWebhookEndpointInput,
  WebhookDeliveryDto,
  WebhookEndpointDto,
  WebhookEndpointWithSecretDto,
} from '@shared/schemas/webhooks.schemas';
import type { Db } from '../../db/client';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { newWebhookSecret } from './webhook-signature';
import { checkWebhookTarget, WebhookTargetError, type WebhookTargetPolicy } from './webhook-targets';
import { queueDelivery, sendHeadIfReady } from './webhooks.jobs';
import {
  countEndpointsOf,
  deleteEndpointOf,
  findDeliveryOf,
  findEndpointOf,
  insertEndpoint,
  listDeliveriesOf,
  listEndpointsOf,
  lockEndpoint,
  lockOwner,
  updateEndpointOf,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
} from './webhooks.repository';

const text = messages.webhooks;
const iso = (date: Date | null) => date?.toISOString() ?? null;

export const toEndpointDto = (row: WebhookEndpointRow): WebhookEndpointDto => ({
  id: row.id,
  url: row.url,
  description: row.description,
  events: row.events as WebhookEndpointDto['events'],
  disabled_at: iso(row.disabled_at),
  disabled_reason: row.disabled_reason,
  failing_since: iso(row.failing_since),
  previous_secret_expires_at: iso(row.previous_secret_expires_at),
  created_at: row.created_at.toISOString(),
});

const toDeliveryDto = ({ delivery, eventType }: { delivery: WebhookDeliveryRow; eventType: string }): WebhookDeliveryDto => ({
  id: delivery.id,
  event_id: delivery.event_id,
  event_type: eventType as WebhookDeliveryDto['event_type'],
  status: delivery.status,
  attempts: delivery.attempts,
  response_status: delivery.response_status,
  last_error: delivery.last_error,
  last_attempt_at: iso(delivery.last_attempt_at),
  next_attempt_at: iso(delivery.next_attempt_at),
  delivered_at: iso(delivery.delivered_at),
  created_at: delivery.created_at.toISOString(),
});

/** Endpoint management for the owner (decision 0473); every lookup is scoped to the caller. */
export function createWebhooksService(deps: { db: Db; policy: WebhookTargetPolicy; resolve?: (host: string) => Promise<string[]> }) {
  const { db } = deps;

  async function ownEndpoint(userId: string, id: string): Promise<WebhookEndpointRow> {
    const row = await findEndpointOf(db, { userId, id });
    if (!row) throw notFound(text.notFound);
    return row;
  }

  async function checkTarget(url: string) {
    try {
      await checkWebhookTarget(url, deps.policy, deps.resolve);
    } catch (error) {
      if (error instanceof WebhookTargetError) throw badRequest(error.message, { url: error.message });
      throw error;
    }
  }

  return {
    async list(userId: string): Promise<WebhookEndpointDto[]> {
      return (await listEndpointsOf(db, { userId })).map(toEndpointDto);
    },

    async create(userId: string, input: CreateWebhookEndpointInput, now: Date): Promise<WebhookEndpointWithSecretDto> {
      await checkTarget(input.url);
      return db.transaction(async (tx) => {
        await lockOwner(tx, { userId });
        if ((await countEndpointsOf(tx, { userId })) >= WEBHOOKS.maxEndpointsPerUser) throw new AppError('conflict', text.tooManyEndpoints);
        const secret = newWebhookSecret();
        const row = await insertEndpoint(tx, { userId, url: input.url, description: input.description || null, events: input.events, secret, now });
        return { endpoint: toEndpointDto(row), secret };
      });
    },

    async get(userId: string, id: string): Promise<WebhookEndpointDto> {
      return toEndpointDto(await ownEndpoint(userId, id));
    },

    /** Events, description, or on and off; enabling starts the queue again from its oldest pending delivery. */
    async update(userId: string, id: string, input: UpdateWebhookEndpointInput, now: Date): Promise<WebhookEndpointDto> {
      return db.transaction(async (tx) => {
        // Locked first: a send ending now and this change are ordered on the endpoint's row.
        const current = await lockEndpoint(tx, { id });
        if (!current || current.user_id !== userId) throw notFound(text.notFound);
        const changes: Partial<WebhookEndpointRow> = { updated_at: now };
        if (input.events) changes.events = input.events;
        if (input.description !== undefined) changes.description = input.description || null;
        if (input.enabled === false && !current.disabled_at) Object.assign(changes, { disabled_at: now, disabled_reason: 'owner' });
        const enabling = input.enabled === true && current.disabled_at !== null;
        if (enabling) Object.assign(changes, { disabled_at: null, disabled_reason: null, failing_since: null });
        const row = await updateEndpointOf(tx, { userId, id, changes });
        if (!row) throw notFound(text.notFound);
        if (enabling) await sendHeadIfReady(tx, { endpointId: id, now });
        return toEndpointDto(row);
      });
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await deleteEndpointOf(db, { userId, id }))) throw notFound(text.notFound);
    },

    /** A new secret; the old one keeps signing (as a second v1) for 24 hours. */
    async rollSecret(userId: string, id: string, now: Date): Promise<WebhookEndpointWithSecretDto> {
      const current = await ownEndpoint(userId, id);
      const secret = newWebhookSecret();
      const row = await updateEndpointOf(db, {
        userId,
        id,
        changes: {
          secret,
          previous_secret: current.secret,
          previous_secret_expires_at: new Date(now.getTime() + WEBHOOKS.secretOverlapMs),
          updated_at: now,
        },
      });
      if (!row) throw notFound(text.notFound);
      return { endpoint: toEndpointDto(row), secret };
    },

    async deliveries(userId: string, id: string): Promise<WebhookDeliveryDto[]> {
      const endpoint = await ownEndpoint(userId, id);
      return (await listDeliveriesOf(db, { endpointId: endpoint.id, limit: WEBHOOKS.deliveriesPageSize })).map(toDeliveryDto);
    },

    /** Sends the delivery's event again, as a new delivery at the end of the endpoint's queue. */
    async resend(userId: string, id: string, deliveryId: string, now: Date): Promise<WebhookDeliveryDto> {
      const endpoint = await ownEndpoint(userId, id);
      const found = await findDeliveryOf(db, { endpointId: endpoint.id, deliveryId });
      if (!found) throw notFound(text.deliveryNotFound);
      return db.transaction(async (tx) => {
        const locked = await lockEndpoint(tx, { id: endpoint.id });
        if (!locked || locked.disabled_at) throw new AppError('conflict', text.endpointDisabled);
        const delivery = await queueDelivery(tx, { endpointId: endpoint.id, eventId: found.delivery.event_id, now });
        return toDeliveryDto({ delivery, eventType: found.eventType });
      });
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
