import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { createOutboxPages, type OutboxMessageDto } from '../outbox/outbox.pages';
import { createSmsSender, SmsSendError, type SmsSender } from './index';
import { createOutboxSmsSender } from './outbox-adapter';
import { createTwilioSmsSender } from './twilio-adapter';
import { useOutboxTestDatabase } from '../outbox/outbox.test-helpers';

let database: DatabaseHandle;
useOutboxTestDatabase((handle) => (database = handle));

const SID = 'AC0123456789abcdef0123456789abcdef';
const TOKEN = 'secret-token';

interface Captured {
  url: string;
  method?: string;
  headers: Headers;
  body: URLSearchParams;
}

/** A fetch that records the request and answers like Twilio. */
function fakeTwilio(status = 201, body: unknown = { sid: 'SM1', status: 'queued' }) {
  const requests: Captured[] = [];
  const fetchImpl = (async (input: string | URL | Request, init?: RequestInit) => {
    requests.push({
      url: String(input),
      method: init?.method,
      headers: new Headers(init?.headers),
      body: new URLSearchParams(String(init?.body)),
    });
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  }) as typeof fetch;
  return { fetch: fetchImpl, requests };
}

async function outboxSms(query = '?channel=sms') {
  const response = await createOutboxPages({ db: database.db }).request(`/messages${query}`);
  return ((await response.json()) as { messages: OutboxMessageDto[] }).messages;
}

describe('Twilio SMS sender', () => {
  it('posts To, From and Body form-encoded to the account Messages endpoint with basic auth', async () => {
    const twilio = fakeTwilio();
    const sender = createTwilioSmsSender({
      accountSid: SID,
      authToken: TOKEN,
      from: '+15550001111',
      fetch: twilio.fetch,
    });
    await sender.send({ to: '+15552223333', body: 'Your code is 123456' });

    expect(twilio.requests).toHaveLength(1);
    const [request] = twilio.requests;
    expect(request.url).toBe(`https://api.twilio.com/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(request.method).toBe('POST');
    expect(request.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(request.headers.get('authorization')).toBe(
      `Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`,
    );
    expect(Object.fromEntries(request.body)).toEqual({
      To: '+15552223333',
      From: '+15550001111',
      Body: 'Your code is 123456',
    });
  });

  it('sends through a Messaging Service when TWILIO_FROM is one', async () => {
    const twilio = fakeTwilio();
    const sender = createTwilioSmsSender({
      accountSid: SID,
      authToken: TOKEN,
      from: 'MG123',
      fetch: twilio.fetch,
    });
    await sender.send({ to: '+15552223333', body: 'Hi' });
    expect(twilio.requests[0].body.get('MessagingServiceSid')).toBe('MG123');
    expect(twilio.requests[0].body.has('From')).toBe(false);
  });

  it("throws Twilio's own message when the API refuses", async () => {
    const twilio = fakeTwilio(400, {
      code: 21211,
      message: "The 'To' number +1555 is not a valid phone number.",
      more_info: 'https://www.twilio.com/docs/errors/21211',
      status: 400,
    });
    const sender = createTwilioSmsSender({
      accountSid: SID,
      authToken: TOKEN,
      from: '+15550001111',
      fetch: twilio.fetch,
    });
    const failure = await sender.send({ to: '+1555', body: 'Hi' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SmsSendError);
    expect((failure as SmsSendError).message).toContain("The 'To' number +1555 is not a valid phone number.");
    expect((failure as SmsSendError).status).toBe(400);
    expect((failure as SmsSendError).providerCode).toBe(21211);
  });

  it('throws with the raw text when the error is not JSON', async () => {
    const twilio = fakeTwilio(503, 'Service Unavailable');
    const sender = createTwilioSmsSender({
      accountSid: SID,
      authToken: TOKEN,
      from: '+15550001111',
      fetch: twilio.fetch,
    });
    await expect(sender.send({ to: '+15552223333', body: 'Hi' })).rejects.toThrow(/503.*Service Unavailable/);
  });

  it('throws when Twilio cannot be reached', async () => {
    const failing = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    const sender = createTwilioSmsSender({
      accountSid: SID,
      authToken: TOKEN,
      from: '+15550001111',
      fetch: failing,
    });
    await expect(sender.send({ to: '+15552223333', body: 'Hi' })).rejects.toThrow(
      /could not be reached: fetch failed/,
    );
  });
});

describe('outbox SMS sender', () => {
  it('writes a row the outbox JSON route returns', async () => {
    await createOutboxSmsSender({ db: database.db }).send({
      to: '+15552223333',
      body: 'Your code is 654321',
    });
    const messages = await outboxSms('?channel=sms&recipient=%2B15552223333');
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      channel: 'sms',
      recipient: '+15552223333',
      body: 'Your code is 654321',
    });
  });
});

describe('both SMS adapters honour the same contract', () => {
  const adapters: Array<
    [string, () => { sender: SmsSender; delivered: () => Promise<{ to: string; body: string }> }]
  > = [
    [
      'twilio',
      () => {
        const twilio = fakeTwilio();
        return {
          sender: createTwilioSmsSender({
            accountSid: SID,
            authToken: TOKEN,
            from: '+15550001111',
            fetch: twilio.fetch,
          }),
          delivered: async () => ({
            to: twilio.requests[0].body.get('To')!,
            body: twilio.requests[0].body.get('Body')!,
          }),
        };
      },
    ],
    [
      'outbox',
      () => ({
        sender: createOutboxSmsSender({ db: database.db }),
        delivered: async () => {
          const [message] = await outboxSms();
          return { to: message.recipient, body: message.body };
        },
      }),
    ],
  ];

  it.each(adapters)('%s: resolves and delivers the body to the number', async (_name, make) => {
    const { sender, delivered } = make();
    await expect(sender.send({ to: '+15554445555', body: 'Code: 111222' })).resolves.toBeUndefined();
    expect(await delivered()).toEqual({ to: '+15554445555', body: 'Code: 111222' });
  });
});

describe('createSmsSender', () => {
  it('uses Twilio when all three settings are present and the outbox otherwise', () => {
    expect(
      createSmsSender({ db: database.db, accountSid: SID, authToken: TOKEN, from: '+15550001111' }).kind,
    ).toBe('twilio');
    expect(createSmsSender({ db: database.db, accountSid: SID }).kind).toBe('outbox');
    expect(createSmsSender({ db: database.db }).kind).toBe('outbox');
  });
});
