import type { WebPushKeyDto } from '@shared/schemas/web-push.schemas';
import { api, ApiError } from '@web/lib/api';

/** The Push API needs a service worker, PushManager and Notification; some browsers (older iOS) lack them. */
export function webPushSupported(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator && typeof window !== 'undefined' && 'PushManager' in window && 'Notification' in window;
}

export class NotificationsDeniedError extends Error {}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const padded = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** This browser's push subscription, if it has one (the worker is registered at the root). */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Asks permission, subscribes with the server's VAPID key and saves the subscription for the user. */
export async function enableWebPush(): Promise<void> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new NotificationsDeniedError();
  const { public_key } = await api.get<WebPushKeyDto>('/api/web-push/public-key');
  await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  const registration = await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(public_key) });
  await api.post('/api/web-push/subscriptions', subscription.toJSON());
}

/** Forgets this browser on the server, then in the browser. */
export async function disableWebPush(): Promise<void> {
  const subscription = await currentPushSubscription();
  if (!subscription) return;
  try {
    await api.delete(`/api/web-push/subscriptions?endpoint=${encodeURIComponent(subscription.endpoint)}`);
  } catch (error) {
    // Already gone on the server (another user took the browser over, or the push service expired it).
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
  await subscription.unsubscribe();
}
