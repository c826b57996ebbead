import { readFileSync } from 'node:fs';
import { JWT } from 'google-auth-library';
import { PushSendError, pushDataToStrings, type PushSenderAdapter } from './push-sender';

/** The fields of a Google service account key file that FCM HTTP v1 needs. */
export interface FcmServiceAccount {
  project_id: string;
  client_email: string;
  private_key: string;
  token_uri?: string;
}

export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
export const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
const FCM_API_BASE = 'https://fcm.googleapis.com';

/**
 * FCM_SERVICE_ACCOUNT_JSON holds the key file's JSON, or the path of the key file.
 * A key pasted with literal `\n` sequences is repaired.
 */
export function parseServiceAccount(jsonOrPath: string): FcmServiceAccount {
  const text = jsonOrPath.trim().startsWith('{') ? jsonOrPath : readFileSync(jsonOrPath.trim(), 'utf8');
  let parsed: Partial<FcmServiceAccount>;
  try {
    parsed = JSON.parse(text) as Partial<FcmServiceAccount>;
  } catch {
    throw new Error('FCM_SERVICE_ACCOUNT_JSON is not valid JSON');
  }
  const missing = (['project_id', 'client_email', 'private_key'] as const).filter((field) => !parsed[field]);
  if (missing.length > 0) throw new Error(`FCM_SERVICE_ACCOUNT_JSON lacks ${missing.join(', ')}`);
  const privateKey = parsed.private_key!.includes('\n')
    ? parsed.private_key!
    : parsed.private_key!.replace(/\\n/g, '\n');
  return {
    project_id: parsed.project_id!,
    client_email: parsed.client_email!,
    private_key: privateKey,
    token_uri: parsed.token_uri,
  };
}

export interface FcmPushSenderOptions {
  serviceAccount: FcmServiceAccount;
  /** FCM's API origin; tests point it at a loopback stand-in. */
  apiBaseUrl?: string;
  timeoutMs?: number;
}

/**
 * The OAuth client of google-auth-library for the service account (it signs the assertion, caches the
 * access token until 5 minutes before expiry, and shares one exchange between concurrent callers).
 * The library always posts to Google's token endpoint and ignores the key file's token_uri; requests
 * bound there are sent to token_uri instead, so a key for a proxy or a test stand-in is honoured
 * (decision 0300).
 */
function createOAuthClient(account: FcmServiceAccount, timeoutMs: number): JWT {
  const client = new JWT({
    email: account.client_email,
    key: account.private_key,
    scopes: [FCM_SCOPE],
    transporterOptions: { timeout: timeoutMs },
  });
  const tokenUri = account.token_uri;
  if (tokenUri && tokenUri !== GOOGLE_TOKEN_URL) {
    client.transporter.interceptors.request.add({
      resolved: async (config) => {
        if (String(config.url) === GOOGLE_TOKEN_URL) config.url = new URL(tokenUri);
        return config;
      },
    });
  }
  return client;
}

/** What the library's (gaxios) error carries when the token endpoint refused. */
interface TokenEndpointError {
  response?: { status?: number; data?: { error?: string; error_description?: string } };
}

/** Production push through FCM HTTP v1, authorized by google-auth-library's service-account flow. */
export function createFcmPushSender(options: FcmPushSenderOptions): PushSenderAdapter {
  const { serviceAccount } = options;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const apiBase = options.apiBaseUrl ?? FCM_API_BASE;
  const sendUrl = `${apiBase}/v1/projects/${encodeURIComponent(serviceAccount.project_id)}/messages:send`;
  const oauth = createOAuthClient(serviceAccount, timeoutMs);

  async function accessToken(): Promise<string> {
    try {
      const { token } = await oauth.getAccessToken();
      if (!token) throw new Error('no access token in the answer');
      return token;
    } catch (error) {
      const { status, data } = (error as TokenEndpointError).response ?? {};
      const reason = data?.error_description ?? data?.error ?? (error instanceof Error ? error.message : String(error));
      throw new PushSendError(`FCM authorization failed: ${reason}`, { status: status ?? 0, errorCode: data?.error });
    }
  }

  async function post(payload: string): Promise<Response> {
    return fetch(sendUrl, {
      method: 'POST',
      headers: { Authorization: `Bearer ${await accessToken()}`, 'Content-Type': 'application/json' },
      body: payload,
      signal: AbortSignal.timeout(timeoutMs),
    });
  }

  return {
    kind: 'fcm',
    async send(message) {
      const data = pushDataToStrings(message.data);
      const payload = JSON.stringify({
        message: {
          token: message.token,
          notification: { title: message.title, body: message.body },
          ...(data ? { data } : {}),
        },
      });
      let response = await post(payload);
      if (response.status === 401) {
        // The token was revoked or expired early: mark it expired so the library fetches a fresh one, and try once more.
        oauth.credentials = { ...oauth.credentials, expiry_date: 1 };
        response = await post(payload);
      }
      if (response.ok) return;
      const detail = await readFcmError(response);
      throw new PushSendError(`FCM rejected the notification (${response.status}): ${detail.message}`, {
        status: response.status,
        errorCode: detail.errorCode,
      });
    },
  };
}

async function readFcmError(response: Response): Promise<{ message: string; errorCode?: string }> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as {
      error?: { message?: string; status?: string; details?: Array<{ errorCode?: string }> };
    };
    const errorCode =
      body.error?.details?.find((d) => typeof d.errorCode === 'string')?.errorCode ?? body.error?.status;
    return { message: body.error?.message ?? text.slice(0, 300), errorCode };
  } catch {
    return { message: text.trim().slice(0, 300) || response.statusText || 'no details' };
  }
}
