import {
  savePreferencesSchema,
  unsubscribeParamsSchema,
} from '@shared/schemas/notification-preferences.schemas';
import type { RouteDoc } from '../route-doc';

export const notificationDeliveryDocs: RouteDoc[] = [
  {
    route: 'GET /api/admin/failed-deliveries',
    summary: 'Admin: failed email and push deliveries',
    access: 'admin',
  },
  { route: 'GET /api/notification-preferences', summary: 'My notification preferences', access: 'user' },
  {
    route: 'GET /api/webhooks/unsubscribe/:token',
    summary: 'Read an unsubscribe link',
    access: 'public',
    params: unsubscribeParamsSchema,
  },
  {
    route: 'POST /api/webhooks/unsubscribe/:token',
    summary: 'One-click unsubscribe',
    access: 'public',
    params: unsubscribeParamsSchema,
  },
  {
    route: 'PUT /api/notification-preferences',
    summary: 'Save my notification preferences',
    access: 'user',
    body: savePreferencesSchema,
  },
];
