import {
  savePreferencesSchema,
  unsubscribeParamsSchema,
} from '@shared/schemas/notification-preferences.schemas';
import {
  failedDeliveriesSchema,
  notificationPreferencesDtoSchema,
} from '@shared/schemas/notification-preferences-api.schemas';
import type { RouteDoc } from '../route-doc';

export const notificationDeliveryDocs: RouteDoc[] = [
  {
    route: 'GET /api/admin/failed-deliveries',
    summary: 'Admin: failed email and push deliveries (the newest 100)',
    access: 'admin',
    responses: { 200: failedDeliveriesSchema },
  },
  {
    route: 'GET /api/notification-preferences',
    summary: 'My notification preferences',
    access: 'user',
    responses: { 200: notificationPreferencesDtoSchema },
  },
  {
    route: 'GET /api/webhooks/unsubscribe/:token',
    summary: 'Read an unsubscribe link',
    access: 'public',
    params: unsubscribeParamsSchema,
    produces: {
      status: 200,
      contentType: 'text/html',
      description: 'A small page with the one-click button (an invalid link answers a 404 page).',
    },
  },
  {
    route: 'POST /api/webhooks/unsubscribe/:token',
    summary: 'One-click unsubscribe (RFC 8058)',
    access: 'public',
    params: unsubscribeParamsSchema,
    produces: {
      status: 200,
      contentType: 'text/html',
      description:
        'A small page saying the emails of that category are off (an invalid link answers a 404 page).',
    },
  },
  {
    route: 'PUT /api/notification-preferences',
    summary: 'Save my notification preferences',
    access: 'user',
    body: savePreferencesSchema,
    responses: { 200: notificationPreferencesDtoSchema },
  },
];
