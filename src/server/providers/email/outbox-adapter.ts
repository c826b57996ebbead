import type { Db } from '../../db/client';
import { insertOutboxMessage } from '../outbox/outbox.repository';
import { textWithActionUrl, type EmailSenderAdapter } from './email-sender';

/** The embedded default: the email lands in the dev outbox, where its link can be clicked. */
export function createOutboxEmailSender({ db }: { db: Db }): EmailSenderAdapter {
  return {
    kind: 'outbox',
    async send(message) {
      await insertOutboxMessage(db, {
        channel: 'email',
        recipient: message.to,
        subject: message.subject,
        body: textWithActionUrl(message),
        data: {
          ...(message.actionUrl ? { actionUrl: message.actionUrl } : {}),
          ...(message.html ? { html: message.html } : {}),
          ...(message.headers ? { headers: message.headers } : {}),
          ...(message.calendar ? { calendar: message.calendar } : {}),
        },
      });
    },
  };
}
