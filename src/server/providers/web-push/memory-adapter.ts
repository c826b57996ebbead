import type { Db } from '../../db/client';
import { insertOutboxMessage } from '../outbox/outbox.repository';
import { WebPushSendError, type WebPushPayload, type WebPushSender, type WebPushTarget } from './web-push-sender';

export interface SentWebPush {
  target: WebPushTarget;
  payload: WebPushPayload;
}

export type MemoryWebPushSender = WebPushSender & {
  /** Every push "sent", oldest first: tests read it. */
  readonly sent: SentWebPush[];
  /** Endpoints the stand-in push service answers with this status (e.g. 410 = the browser unsubscribed). */
  readonly failures: Map<string, number>;
};

/**
 * The embedded default (tests, `npm start` offline): nothing leaves the machine. Each push is kept in
 * memory and, when a database is given, also shown in the dev outbox's push channel.
 */
export function createMemoryWebPushSender(options: { publicKey: string; db?: Db }): MemoryWebPushSender {
  const sent: SentWebPush[] = [];
  const failures = new Map<string, number>();
  return {
    kind: 'memory',
    publicKey: options.publicKey,
    sent,
    failures,
    async send(target, payload) {
      const status = failures.get(target.endpoint);
      if (status) throw new WebPushSendError(`Push service answered ${status}`, status);
      sent.push({ target, payload });
      if (options.db) {
        await insertOutboxMessage(options.db, {
          channel: 'push',
          recipient: target.endpoint,
          subject: payload.title,
          body: payload.body,
          data: { web_push: true, url: payload.url },
        });
      }
    },
  };
}
