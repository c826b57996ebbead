import { sign as signWithKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
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
const ASSERTION_LIFETIME_SECONDS = 3600;
/** Renew the access token this long before Google says it expires. */
const TOKEN_RENEW_MARGIN_MS = 60_000;

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

const base64Url = (input: string | Buffer) => Buffer.from(input).toString('base64url');

/** The signed JWT (RS256) exchanged for an OAuth access token: Google's service-account flow. */
export function signServiceAccountJwt(account: FcmServiceAccount, nowSeconds: number): string {
  const header = base64Url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const claims = base64Url(
    JSON.stringify({
      iss: account.client_email,
      scope: FCM_SCOPE,
      aud: account.token_uri ?? GOOGLE_TOKEN_URL,
      iat: nowSeconds,
      exp: nowSeconds + ASSERTION_LIFETIME_SECONDS,
    }),
  );
  const signature = signWithKey('RSA-SHA256', Buffer.from(`${header}.${claims}`), account.private_key);
  return `${header}.${claims}.${base64Url(signature)}`;
}

export interface FcmPushSenderOptions {
  serviceAccount: FcmServiceAccount;
  fetch?: typeof fetch;
  now?: () => Date;
  timeoutMs?: number;
}

interface AccessToken {
  value: string;
  expiresAtMs: number;
}

/** Production push through FCM HTTP v1, with the OAuth access token cached until shortly before it expires. */
export function createFcmPushSender(options: FcmPushSenderOptions): PushSenderAdapter {
  const { serviceAccount } = options;
  const fetchImpl = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());
  const timeoutMs = options.timeoutMs ?? 15_000;
  const sendUrl = `${FCM_API_BASE}/v1/projects/${encodeURIComponent(serviceAccount.project_id)}/messages:send`;
  let cached: AccessToken | null = null;
  // Concurrent sends share one token exchange.
  let pending: Promise<AccessToken> | null = null;

  async function exchangeToken(): Promise<AccessToken> {
    const issuedAt = now();
    const assertion = signServiceAccountJwt(serviceAccount, Math.floor(issuedAt.getTime() / 1000));
    const response = await fetchImpl(serviceAccount.token_uri ?? GOOGLE_TOKEN_URL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion,
      }).toString(),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = (await response.json().catch(() => ({}))) as {
      access_token?: string;
      expires_in?: number;
      error?: string;
      error_description?: string;
    };
    if (!response.ok || !body.access_token) {
      const reason = body.error_description ?? body.error ?? `HTTP ${response.status}`;
      throw new PushSendError(`FCM authorization failed: ${reason}`, {
        status: response.status,
        errorCode: body.error,
      });
    }
    return { value: body.access_token, expiresAtMs: issuedAt.getTime() + (body.expires_in ?? 3600) * 1000 };
  }

  async function accessToken(): Promise<string> {
    if (cached && now().getTime() < cached.expiresAtMs - TOKEN_RENEW_MARGIN_MS) return cached.value;
    pending ??= exchangeToken().finally(() => {
      pending = null;
    });
    cached = await pending;
    return cached.value;
  }

  async function post(payload: string): Promise<Response> {
    return fetchImpl(sendUrl, {
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
        // The token was revoked or expired early: get a fresh one and try once more.
        cached = null;
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
