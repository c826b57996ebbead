import { queryOptions } from '@tanstack/react-query';
import { messages } from '@shared/messages';
import type { WebhookDeliveryDto, WebhookDeliveryStatus, WebhookEndpointDto } from '@shared/schemas/webhooks.schemas';
import type { BadgeVariant } from '@web/components/ui/badge';
import { api } from '@web/lib/api';

const text = messages.webhooks;

/** Issue 54 (decision 0473): the caller's webhook endpoints, one endpoint and its delivery log. */
export const webhookEndpointsQuery = {
  queryKey: ['me', 'webhook-endpoints'] as const,
  queryFn: async () => (await api.get<{ endpoints: WebhookEndpointDto[] }>('/api/me/webhook-endpoints')).endpoints,
};

export const endpointUrl = (id: string) => `/api/me/webhook-endpoints/${encodeURIComponent(id)}`;

export const webhookEndpointQuery = (id: string) =>
  queryOptions({
    queryKey: ['me', 'webhook-endpoints', id] as const,
    queryFn: async () => (await api.get<{ endpoint: WebhookEndpointDto }>(endpointUrl(id))).endpoint,
  });

/** While a delivery is pending the log asks again every few seconds, so the outcome shows up by itself. */
export const DELIVERIES_POLL_MS = 3_000;

export const webhookDeliveriesQuery = (id: string) =>
  queryOptions({
    queryKey: ['me', 'webhook-endpoints', id, 'deliveries'] as const,
    queryFn: async () => (await api.get<{ deliveries: WebhookDeliveryDto[] }>(`${endpointUrl(id)}/deliveries`)).deliveries,
    refetchInterval: (query) => (query.state.data?.some((delivery) => delivery.status === 'pending') ? DELIVERIES_POLL_MS : false),
  });

export type EndpointStatus = 'enabled' | 'disabled' | 'failing';

export function endpointStatusOf(endpoint: WebhookEndpointDto): EndpointStatus {
  if (endpoint.disabled_at) return 'disabled';
  return endpoint.failing_since ? 'failing' : 'enabled';
}

/** Each status has its word on the badge: the colour only repeats it. */
export const ENDPOINT_STATUS: Record<EndpointStatus, { label: string; variant: BadgeVariant }> = {
  enabled: { label: text.statusEnabled, variant: 'success' },
  disabled: { label: text.statusDisabled, variant: 'secondary' },
  failing: { label: text.statusFailing, variant: 'warning' },
};

export const DELIVERY_STATUS: Record<WebhookDeliveryStatus, { label: string; variant: BadgeVariant }> = {
  pending: { label: text.deliveryPending, variant: 'outline' },
  succeeded: { label: text.deliverySucceeded, variant: 'success' },
  failed: { label: text.deliveryFailed, variant: 'destructive' },
};
