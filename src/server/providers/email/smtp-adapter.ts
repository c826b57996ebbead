import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import { textWithActionUrl, type EmailSenderAdapter } from './email-sender';

export interface SmtpEmailSenderOptions {
  /** From the environment (SMTP_URL), e.g. smtps://user:pass@smtp.example.com:465. */
  smtpUrl?: string;
  /** The From header (EMAIL_FROM), e.g. `The product <no-reply@example.com>`. */
  from: string;
  /** A ready transport instead of smtpUrl: tests pass nodemailer's JSON or stream transport. */
  transporter?: Pick<Transporter, 'sendMail'>;
}

/** Production email over SMTP through nodemailer. Delivery errors reject so the caller can retry or report. */
export function createSmtpEmailSender(options: SmtpEmailSenderOptions): EmailSenderAdapter {
  const transporter =
    options.transporter ?? (options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined);
  if (!transporter) throw new Error('createSmtpEmailSender needs smtpUrl or transporter');
  return {
    kind: 'smtp',
    async send(message) {
      await transporter.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: textWithActionUrl(message),
        ...(message.html ? { html: message.html } : {}),
        ...(message.headers ? { headers: message.headers } : {}),
        ...(message.calendar
          ? { icalEvent: { method: message.calendar.method, content: message.calendar.content, filename: 'visit.ics' } }
          : {}),
      });
    },
  };
}
