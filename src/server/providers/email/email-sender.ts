/** One email. `text` is always sent; `actionUrl` is the message's main link (a confirmation or reset link). */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  actionUrl?: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on optional mails. */
  headers?: Record<string, string>;
  /** An iCalendar invitation (issue 49): sent as a text/calendar part and a `.ics` attachment. */
  calendar?: { method: string; content: string };
}

/** Sends email: over SMTP in production, into the dev outbox otherwise. */
export interface EmailSender {
  send(message: EmailMessage): Promise<void>;
}

/** A sender together with which adapter it is, for the start-up banner and /api/config. */
export type EmailSenderAdapter = EmailSender & { readonly kind: 'smtp' | 'outbox' };

/** The text a reader sees, with the main link in it even when the caller's text left it out. */
export function textWithActionUrl(message: EmailMessage): string {
  if (!message.actionUrl || message.text.includes(message.actionUrl)) return message.text;
  return `${message.text}\n\n${message.actionUrl}`;
}
