import nodemailer from 'nodemailer';
import { describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { createOutboxPages, type OutboxMessageDto } from '../outbox/outbox.pages';
import { createEmailSender, type EmailMessage, type EmailSender } from './index';
import { createOutboxEmailSender } from './outbox-adapter';
import { createSmtpEmailSender } from './smtp-adapter';
import { useOutboxTestDatabase } from '../outbox/outbox.test-helpers';

let database: DatabaseHandle;
useOutboxTestDatabase((handle) => (database = handle));

const FROM = 'The product <no-reply@example.com>';

/** A real nodemailer transport that builds the message as JSON instead of sending it. */
function jsonTransportSpy() {
  const transporter = nodemailer.createTransport({ jsonTransport: true });
  const sendMail = vi.spyOn(transporter, 'sendMail');
  return {
    transporter,
    async lastMail() {
      const info = (await sendMail.mock.results.at(-1)?.value) as { message: string };
      return JSON.parse(info.message) as {
        from: { address: string; name: string };
        to: Array<{ address: string }>;
        subject: string;
        text: string;
        html?: string;
      };
    },
  };
}

async function outboxEmails(recipient: string) {
  const response = await createOutboxPages({ db: database.db }).request(
    `/messages?channel=email&recipient=${encodeURIComponent(recipient)}`,
  );
  return ((await response.json()) as { messages: OutboxMessageDto[] }).messages;
}

const confirmation: EmailMessage = {
  to: 'ann@example.com',
  subject: 'Confirm your email address',
  text: 'Welcome! Confirm your email address to finish creating your account.',
  actionUrl: 'http://localhost:3000/api/auth/verify-email?token=abc',
};

describe('SMTP email sender', () => {
  it('hands nodemailer the from, to, subject and bodies', async () => {
    const spy = jsonTransportSpy();
    const sender = createSmtpEmailSender({ from: FROM, transporter: spy.transporter });
    await sender.send({ ...confirmation, html: '<p>Welcome!</p>' });
    const mail = await spy.lastMail();
    expect(mail.from).toEqual({ address: 'no-reply@example.com', name: 'The product' });
    expect(mail.to).toEqual([{ address: 'ann@example.com', name: '' }]);
    expect(mail.subject).toBe('Confirm your email address');
    expect(mail.text).toBe(`${confirmation.text}\n\n${confirmation.actionUrl}`);
    expect(mail.html).toBe('<p>Welcome!</p>');
  });

  it('does not repeat a link the text already carries', async () => {
    const spy = jsonTransportSpy();
    const sender = createSmtpEmailSender({ from: FROM, transporter: spy.transporter });
    await sender.send({ ...confirmation, text: `Confirm here: ${confirmation.actionUrl}` });
    expect((await spy.lastMail()).text).toBe(`Confirm here: ${confirmation.actionUrl}`);
  });

  it('rejects when the transport fails', async () => {
    const sender = createSmtpEmailSender({
      from: FROM,
      transporter: { sendMail: async () => Promise.reject(new Error('550 mailbox unavailable')) },
    });
    await expect(sender.send(confirmation)).rejects.toThrow('550 mailbox unavailable');
  });
});

describe('outbox email sender', () => {
  it('writes a row the outbox JSON route returns, with the action URL', async () => {
    await createOutboxEmailSender({ db: database.db }).send(confirmation);
    const [message] = await outboxEmails('ann@example.com');
    expect(message).toMatchObject({
      channel: 'email',
      recipient: 'ann@example.com',
      subject: 'Confirm your email address',
      action_url: confirmation.actionUrl,
    });
    expect(message.body).toContain(confirmation.actionUrl);
  });

  it('shows the action URL as a link on the outbox page', async () => {
    await createOutboxEmailSender({ db: database.db }).send(confirmation);
    const page = await (await createOutboxPages({ db: database.db }).request('/')).text();
    expect(page).toContain(`<a href="${confirmation.actionUrl}">Open the link in this message</a>`);
  });
});

describe('both email adapters honour the same contract', () => {
  const adapters: Array<
    [
      string,
      () => { sender: EmailSender; delivered: () => Promise<{ to: string; subject: string; text: string }> },
    ]
  > = [
    [
      'smtp',
      () => {
        const spy = jsonTransportSpy();
        return {
          sender: createSmtpEmailSender({ from: FROM, transporter: spy.transporter }),
          delivered: async () => {
            const mail = await spy.lastMail();
            return { to: mail.to[0].address, subject: mail.subject, text: mail.text };
          },
        };
      },
    ],
    [
      'outbox',
      () => ({
        sender: createOutboxEmailSender({ db: database.db }),
        delivered: async () => {
          const [message] = await outboxEmails('bob@example.com');
          return { to: message.recipient, subject: message.subject ?? '', text: message.body };
        },
      }),
    ],
  ];

  it.each(adapters)('%s: the recipient gets the subject and a text holding the link', async (_name, make) => {
    const { sender, delivered } = make();
    await expect(sender.send({ ...confirmation, to: 'bob@example.com' })).resolves.toBeUndefined();
    const mail = await delivered();
    expect(mail.to).toBe('bob@example.com');
    expect(mail.subject).toBe(confirmation.subject);
    expect(mail.text).toContain(confirmation.text);
    expect(mail.text).toContain(confirmation.actionUrl);
  });
});

describe('createEmailSender', () => {
  it('uses SMTP when SMTP_URL is set and the outbox otherwise', () => {
    expect(
      createEmailSender({ smtpUrl: 'smtp://user:pass@localhost:2525', from: FROM, db: database.db }).kind,
    ).toBe('smtp');
    expect(createEmailSender({ from: FROM, db: database.db }).kind).toBe('outbox');
  });
});
