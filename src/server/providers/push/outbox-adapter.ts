import type { Db } from '../../db/client';
import { insertOutboxMessage } from '../outbox/outbox.repository';
import { pushDataToStrings, type PushSenderAdapter } from './push-sender';

/** The embedded default: the notification lands in the dev outbox (recipient = the device token). */
export function createOutboxPushSender({ db }: { db: Db }): PushSenderAdapter {
  return {
    kind: 'outbox',
    async send(message) {
      const data = pushDataToStrings(message.data);
      await insertOutboxMessage(db, {
        channel: 'push',
        recipient: message.token,
        subject: message.title,
        body: message.body,
        data: data ? { data } : null,
      });
    },
  };
}
