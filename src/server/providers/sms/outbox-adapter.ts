import type { Db } from '../../db/client';
import { insertOutboxMessage } from '../outbox/outbox.repository';
import type { SmsSenderAdapter } from './sms-sender';

/** The embedded default: the SMS lands in the dev outbox, where a person reads its code. */
export function createOutboxSmsSender({ db }: { db: Db }): SmsSenderAdapter {
  return {
    kind: 'outbox',
    async send(message) {
      await insertOutboxMessage(db, { channel: 'sms', recipient: message.to, body: message.body });
    },
  };
}
