import webpush from 'web-push';
import type { VapidKeys } from './vapid-keys';
import { WebPushSendError, type WebPushSender } from './web-push-sender';

/**
 * Real browser push: the `web-push` library signs the request (VAPID, RFC 8292) and encrypts the
 * payload (aes128gcm, RFC 8291); the request itself goes through fetch, which tests replace with a
 * local push-service stand-in.
 */
export function createWebPushLibrarySender(options: { keys: VapidKeys; subject: string; fetch?: typeof fetch }): WebPushSender {
  const vapidDetails = { subject: options.subject, publicKey: options.keys.publicKey, privateKey: options.keys.privateKey };
  const fetchImpl = options.fetch ?? fetch;
  return {
    kind: 'web-push',
    publicKey: options.keys.publicKey,
    async send(target, payload) {
      // A day to live: a push about a task that arrives after that is noise.
      const request = webpush.generateRequestDetails(target, JSON.stringify(payload), { vapidDetails, TTL: 24 * 60 * 60 });
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
      // fetch sets the length itself and refuses a hand-written one.
      delete headers['Content-Length'];
      const response = await fetchImpl(request.endpoint, {
        method: request.method,
        headers,
        body: request.body ? new Uint8Array(request.body as Buffer) : null,
        signal: AbortSignal.timeout(15_000),
      });
      if (response.status < 200 || response.status > 299) {
        const text = (await response.text().catch(() => '')).slice(0, 200);
        throw new WebPushSendError(`Push service answered ${response.status}${text ? `: ${text}` : ''}`, response.status);
      }
    },
  };
}
