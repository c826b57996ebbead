import type { Db } from '../../db/client';
import type { EmailSenderAdapter } from './email-sender';
import { createOutboxEmailSender } from './outbox-adapter';
import { createSmtpEmailSender } from './smtp-adapter';

export type { EmailMessage, EmailSender, EmailSenderAdapter } from './email-sender';
export { createOutboxEmailSender } from './outbox-adapter';
export { createSmtpEmailSender } from './smtp-adapter';

export interface CreateEmailSenderOptions {
  /** SMTP_URL: SMTP when set, the dev outbox otherwise. */
  smtpUrl?: string;
  /** EMAIL_FROM. */
  from: string;
  db: Db;
}

export function createEmailSender(options: CreateEmailSenderOptions): EmailSenderAdapter {
  return options.smtpUrl
    ? createSmtpEmailSender({ smtpUrl: options.smtpUrl, from: options.from })
    : createOutboxEmailSender({ db: options.db });
}
