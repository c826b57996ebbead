import type { Db } from '../../db/client';
import { createOutboxSmsSender } from './outbox-adapter';
import type { SmsSenderAdapter } from './sms-sender';
import { createTwilioSmsSender } from './twilio-adapter';

export { SmsSendError, type SmsMessage, type SmsSender, type SmsSenderAdapter } from './sms-sender';
export { createOutboxSmsSender } from './outbox-adapter';
export { createTwilioSmsSender } from './twilio-adapter';

export interface CreateSmsSenderOptions {
  db: Db;
  /** TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM: Twilio when all three are set, the dev outbox otherwise. */
  accountSid?: string;
  authToken?: string;
  from?: string;
  fetch?: typeof fetch;
}

export function createSmsSender(options: CreateSmsSenderOptions): SmsSenderAdapter {
  const { accountSid, authToken, from } = options;
  return accountSid && authToken && from
    ? createTwilioSmsSender({ accountSid, authToken, from, fetch: options.fetch })
    : createOutboxSmsSender({ db: options.db });
}
