import http from 'node:http';
import https from 'node:https';
import { WEBHOOKS } from '@shared/constants';
import { checkWebhookTarget, publicOnlyLookup, type WebhookTargetPolicy } from './webhook-targets';

export interface WebhookAttempt {
  ok: boolean;
  /** The receiver's HTTP status; null when it never answered. */
  status: number | null;
  /** Why it failed, or the start of a non-2xx answer's body. */
  error: string | null;
}

/**
 * Sends one delivery with Node's own http client (not fetch): only it takes a `lookup`, which is how
 * the public policy checks the address actually connected to. Never throws; a timeout, a refused
 * connection, a refused address and a non-2xx answer are failed attempts.
 */
export async function sendWebhook(params: {
  url: string;
  body: string;
  headers: Record<string, string>;
  policy: WebhookTargetPolicy;
  timeoutMs?: number;
}): Promise<WebhookAttempt> {
  try {
    // An IP literal never reaches `lookup`: it is checked here, as at registration.
    await checkWebhookTarget(params.url, params.policy, null);
  } catch (error) {
    return { ok: false, status: null, error: (error as Error).message };
  }
  const url = new URL(params.url);
  const client = url.protocol === 'https:' ? https : http;
  const timeoutMs = params.timeoutMs ?? WEBHOOKS.timeoutMs;
  return new Promise<WebhookAttempt>((resolve) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...params.headers, 'content-length': Buffer.byteLength(params.body).toString() },
        timeout: timeoutMs,
        ...(params.policy === 'public' ? { lookup: publicOnlyLookup as never } : {}),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        response.on('data', (chunk: Buffer) => {
          // Only the start of the answer is kept for the log; the rest is read and dropped.
          if (kept < WEBHOOKS.answerExcerptChars) {
            chunks.push(chunk);
            kept += chunk.length;
          }
        });
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          const ok = status >= 200 && status < 300;
          const excerpt = Buffer.concat(chunks).toString('utf8').slice(0, WEBHOOKS.answerExcerptChars);
          resolve({ ok, status, error: ok ? null : excerpt || `HTTP ${status}` });
        });
        response.on('error', (error) => resolve({ ok: false, status: response.statusCode ?? null, error: error.message }));
      },
    );
    request.on('timeout', () => request.destroy(new Error(`No answer within ${Math.round(timeoutMs / 1000)} seconds`)));
    request.on('error', (error) => resolve({ ok: false, status: null, error: error.message }));
    request.end(params.body);
  });
}
