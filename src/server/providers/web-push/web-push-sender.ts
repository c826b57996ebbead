/** One browser push subscription, as the Push API's PushSubscription.toJSON() gives it. */
export interface WebPushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** What the service worker shows: a title, a body and the page a click opens. */
export interface WebPushPayload {
  title: string;
  body: string;
  /** Path inside the product (e.g. /tasks/<id>); the service worker opens it on click. */
  url: string;
  /** Lets the browser replace an older notification of the same thing instead of stacking them. */
  tag?: string;
}

/** Browser web push (Push API + VAPID): `web-push` in production, an in-memory outbox otherwise. */
export interface WebPushSender {
  readonly kind: 'web-push' | 'memory';
  /** The VAPID public key the browser subscribes with (applicationServerKey). */
  readonly publicKey: string;
  send(target: WebPushTarget, payload: WebPushPayload): Promise<void>;
}

export class WebPushSendError extends Error {
  readonly status: number;

  constructor(message: string, status: number) {
    super(message);
    this.name = 'WebPushSendError';
    this.status = status;
  }

  /** 404 and 410 from the push service: the subscription expired or was revoked, forget it. */
  get subscriptionGone(): boolean {
    return this.status === 404 || this.status === 410;
  }
}
