import { z } from 'zod';
import { webPushMessages } from '../messages/web-push';

const invalid = { message: webPushMessages.invalidSubscription };

/** base64url as the Push API gives keys (no padding). */
const base64url = z.string(invalid).regex(/^[A-Za-z0-9_-]+$/, invalid);

/** POST /api/web-push/subscriptions: PushSubscription.toJSON() of this browser. */
export const webPushSubscribeSchema = z.object({
  endpoint: z.url({ protocol: /^https$/, ...invalid }).max(2000, invalid),
  keys: z.object(
    {
    p256dh: base64url.min(20, invalid).max(200, invalid),
    auth: base64url.min(8, invalid).max(100, invalid),
    },
    invalid,
  ),
}, invalid);
export type WebPushSubscribeRequest = z.infer<typeof webPushSubscribeSchema>;

/** DELETE /api/web-push/subscriptions: which browser to forget. */
export const webPushUnsubscribeSchema = z.object({ endpoint: z.url({ protocol: /^https$/, ...invalid }).max(2000, invalid) }, invalid);

export interface WebPushKeyDto {
  public_key: string;
}

export interface WebPushSubscriptionDto {
  id: string;
  endpoint: string;
  created_at: string;
}
