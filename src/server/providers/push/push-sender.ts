/** Values are sent as strings (FCM's rule); numbers and booleans are converted. */
export type PushData = Record<string, string | number | boolean>;

/** One push notification to one device token. */
export interface PushMessage {
  token: string;
  title: string;
  body: string;
  data?: PushData;
}

/** Sends push notifications: through FCM HTTP v1 in production, into the dev outbox otherwise. */
export interface PushSender {
  send(message: PushMessage): Promise<void>;
}

export type PushSenderAdapter = PushSender & { readonly kind: 'fcm' | 'outbox' };

export class PushSendError extends Error {
  readonly status: number;
  /** FCM's error code (UNREGISTERED, INVALID_ARGUMENT, QUOTA_EXCEEDED, ...) when it gave one. */
  readonly errorCode?: string;

  constructor(message: string, options: { status: number; errorCode?: string }) {
    super(message);
    this.name = 'PushSendError';
    this.status = options.status;
    this.errorCode = options.errorCode;
  }

  /** The device token is no longer valid: the caller should forget it. */
  get tokenGone(): boolean {
    return this.errorCode === 'UNREGISTERED' || this.status === 404;
  }
}

export function pushDataToStrings(data: PushData | undefined): Record<string, string> | undefined {
  if (!data) return undefined;
  return Object.fromEntries(Object.entries(data).map(([key, value]) => [key, String(value)]));
}
