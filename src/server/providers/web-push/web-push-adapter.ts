import webpush, { WebPushError } from 'web-push';
import type { VapidKeys } from './vapid-keys';
import { WebPushSendError, type WebPushSender } from './web-push-sender';

/** Real browser push through the `web-push` library: VAPID-signed, payload encrypted per RFC 8291. */
export function createWebPushLibrarySender(options: { keys: VapidKeys; subject: string }): WebPushSender {
  const vapidDetails = { subject: options.subject, publicKey: options.keys.publicKey, privateKey: options.keys.privateKey };
  return {
    kind: 'web-push',
    publicKey: options.keys.publicKey,
    async send(target, payload) {
      try {
        // A day to live: a push about a task that arrives after that is noise.
        await webpush.sendNotification(target, JSON.stringify(payload), { vapidDetails, TTL: 24 * 60 * 60 });
      } catch (error) {
        if (error instanceof WebPushError) {
          throw new WebPushSendError(`Push service answered ${error.statusCode}: ${error.body || error.message}`, error.statusCode);
        }
        throw error;
      }
    },
  };
}
