/** One text message; `to` is an E.164 phone number such as +15551234567. */
export interface SmsMessage {
  to: string;
  body: string;
}

/** Sends SMS: through Twilio in production, into the dev outbox otherwise. */
export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

export type SmsSenderAdapter = SmsSender & { readonly kind: 'twilio' | 'outbox' };

/** The gateway refused or failed the message; `message` carries the gateway's own explanation. */
export class SmsSendError extends Error {
  readonly status: number;
  readonly providerCode?: number | string;

  constructor(message: string, options: { status: number; providerCode?: number | string }) {
    super(message);
    this.name = 'SmsSendError';
    this.status = options.status;
    this.providerCode = options.providerCode;
  }
}
