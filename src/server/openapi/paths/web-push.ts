import { webPushSubscribeSchema, webPushUnsubscribeSchema } from '@shared/schemas/web-push.schemas';
import { webPushKeyDtoSchema, webPushSubscriptionDtoSchema } from '@shared/schemas/web-push-api.schemas';
import type { RouteDoc } from '../route-doc';

export const webPushDocs: RouteDoc[] = [
  {
    route: 'GET /api/web-push/public-key',
    summary: 'The VAPID public key browsers subscribe with',
    access: 'user',
    responses: { 200: webPushKeyDtoSchema },
  },
  {
    route: 'POST /api/web-push/subscriptions',
    summary: "Save this browser's push subscription",
    access: 'user',
    body: webPushSubscribeSchema,
    responses: { 201: webPushSubscriptionDtoSchema },
  },
  {
    route: 'DELETE /api/web-push/subscriptions',
    summary: "Forget this browser's push subscription",
    access: 'user',
    query: webPushUnsubscribeSchema,
    produces: { status: 204, description: 'Forgotten: no content.' },
  },
];
