import type { Db } from '../../db/client';
import { createMemoryWebPushSender } from './memory-adapter';
import webpush from 'web-push';
import { loadVapidKeys } from './vapid-keys';
import { createWebPushLibrarySender } from './web-push-adapter';
import type { WebPushSender } from './web-push-sender';

export { WebPushSendError, type WebPushPayload, type WebPushSender, type WebPushTarget } from './web-push-sender';
export { createMemoryWebPushSender, type MemoryWebPushSender, type SentWebPush } from './memory-adapter';
export { createWebPushLibrarySender } from './web-push-adapter';
export { loadVapidKeys } from './vapid-keys';

export interface CreateWebPushSenderOptions {
  db: Db;
  dataDir: string;
  vapidPublicKey?: string;
  vapidPrivateKey?: string;
  /** VAPID_SUBJECT: a mailto: or https: contact the push services can reach. */
  vapidSubject?: string;
  publicUrl: string;
  /** Tests and offline development: the in-memory outbox instead of real push services. */
  embedded: boolean;
}

export function createWebPushSender(options: CreateWebPushSenderOptions): WebPushSender {
  if (options.embedded) {
    // Nothing is signed offline: a throw-away pair only gives browsers a valid key to subscribe with.
    const publicKey = options.vapidPublicKey ?? webpush.generateVAPIDKeys().publicKey;
    return createMemoryWebPushSender({ publicKey, db: options.db });
  }
  const keys = loadVapidKeys({ publicKey: options.vapidPublicKey, privateKey: options.vapidPrivateKey, dataDir: options.dataDir });
  return createWebPushLibrarySender({ keys, subject: options.vapidSubject ?? options.publicUrl });
}
