import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES, WEBHOOKS, type WebhookEventType } from '../constants';
import { messages } from '../messages';

const text = messages.webhooks;

/** One endpoint as its owner sees it (issue 54): never its secret, which is shown once. */
export interface WebhookEndpointDto {
  id: string;
  url: string;
  description: string | null;
  events: WebhookEventType[];
  /** Disabled by its owner or, after failing for 3 days, by the product. */
  disabled_at: string | null;
  disabled_reason: 'owner' | 'failing' | null;
  /** The first failed attempt since the last delivered one; null while deliveries succeed. */
  failing_since: string | null;
  /** While a rolled secret's predecessor still signs (24 hours after the roll). */
  previous_secret_expires_at: string | null;
  created_at: string;
}

export const webhookEndpointDtoSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    description: z.string().nullable(),
    events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
    disabled_at: z.string().nullable(),
    disabled_reason: z.enum(['owner', 'failing']).nullable(),
    failing_since: z.string().nullable(),
    previous_secret_expires_at: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'WebhookEndpoint' });

const eventsSchema = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, text.invalidEvents), text.invalidEvents)
  .min(1, text.invalidEvents)
  .max(WEBHOOK_EVENT_TYPES.length, text.invalidEvents)
  .transform((events) => [...new Set(events)]);

/** The URL's shape; whether its host may be called (https, public address) is the server's check. */
const urlSchema = z
  .string(text.invalidUrl)
  .trim()
  .max(WEBHOOKS.urlMaxLength, text.invalidUrl)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
    } catch {
      return false;
    }
  }, text.invalidUrl);

const descriptionSchema = z.string(text.invalidDescription).trim().max(WEBHOOKS.descriptionMaxLength, text.invalidDescription);

export const createWebhookEndpointSchema = z.object({
  url: urlSchema,
  events: eventsSchema,
  description: descriptionSchema.nullable().optional(),
});
export type CreateWebhookEndpointInput = z.infer<typeof createWebhookEndpointSchema>;

/** Events, description, or enabled on or off; at least one of them. */
export const updateWebhookEndpointSchema = z
  .object({
    events: eventsSchema.optional(),
    description: descriptionSchema.nullable().optional(),
    enabled: z.boolean(text.nothingToChange).optional(),
  })
  .refine((input) => input.events !== undefined || input.description !== undefined || input.enabled !== undefined, text.nothingToChange);
export type UpdateWebhookEndpointInput = z.infer<typeof updateWebhookEndpointSchema>;

/** The answer to a create or a roll: the endpoint and, this once, its signing secret. */
export const webhookEndpointWithSecretSchema = z.object({ endpoint: webhookEndpointDtoSchema, secret: z.string() });
export type WebhookEndpointWithSecretDto = z.infer<typeof webhookEndpointWithSecretSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** One delivery of one event to the endpoint, as the endpoint page lists it. */
export const webhookDeliveryDtoSchema = z
  .object({
    id: z.string(),
    event_id: z.string(),
    event_type: z.enum(WEBHOOK_EVENT_TYPES),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    attempts: z.number().int(),
    /** The receiver's last HTTP status; null when it never answered (timeout, refused connection). */
    response_status: z.number().int().nullable(),
    /** Why the last attempt failed, or the start of the receiver's answer. */
    last_error: z.string().nullable(),
    last_attempt_at: z.string().nullable(),
    next_attempt_at: z.string().nullable(),
    delivered_at: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDeliveryDto = z.infer<typeof webhookDeliveryDtoSchema>;

export const deliveryParamsSchema = z.object({
  id: z.uuid(messages.webhooks.notFound),
  deliveryId: z.uuid(messages.webhooks.deliveryNotFound),
});
