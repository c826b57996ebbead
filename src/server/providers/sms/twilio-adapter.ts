import { SmsSendError, type SmsSenderAdapter } from './sms-sender';

export interface TwilioSmsSenderOptions {
  /** TWILIO_ACCOUNT_SID */
  accountSid: string;
  /** TWILIO_AUTH_TOKEN */
  authToken: string;
  /** TWILIO_FROM: the sending number (E.164) or a Messaging Service SID (MG...). */
  from: string;
  fetch?: typeof fetch;
  /** Overridable for tests and regional edges. */
  apiBaseUrl?: string;
  timeoutMs?: number;
}

const DEFAULT_API_BASE = 'https://api.twilio.com';

/** Production SMS through Twilio's Messages REST API. */
export function createTwilioSmsSender(options: TwilioSmsSenderOptions): SmsSenderAdapter {
  const fetchImpl = options.fetch ?? fetch;
  const base = (options.apiBaseUrl ?? DEFAULT_API_BASE).replace(/\/$/, '');
  const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  // A Messaging Service SID goes in its own field; a phone number is the From.
  const senderField = options.from.startsWith('MG') ? 'MessagingServiceSid' : 'From';

  return {
    kind: 'twilio',
    async send(message) {
      const form = new URLSearchParams({ To: message.to, [senderField]: options.from, Body: message.body });
      let response: Response;
      try {
        response = await fetchImpl(url, {
          method: 'POST',
          headers: {
            Authorization: authorization,
            'Content-Type': 'application/x-www-form-urlencoded',
            Accept: 'application/json',
          },
          body: form.toString(),
          signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
        });
      } catch (error) {
        throw new SmsSendError(`Twilio could not be reached: ${(error as Error).message}`, { status: 0 });
      }
      if (response.ok) return;
      const detail = await readTwilioError(response);
      throw new SmsSendError(`Twilio rejected the SMS (${response.status}): ${detail.message}`, {
        status: response.status,
        providerCode: detail.code,
      });
    },
  };
}

async function readTwilioError(response: Response): Promise<{ message: string; code?: number | string }> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { message?: unknown; code?: unknown };
    if (typeof body.message === 'string') {
      const code = typeof body.code === 'number' || typeof body.code === 'string' ? body.code : undefined;
      return { message: body.message, code };
    }
  } catch {
    // Not JSON: fall through to the raw text.
  }
  return { message: text.trim().slice(0, 300) || response.statusText || 'no details' };
}
