/**
 * Checks the signature of a webhook delivery from the product (docs/api.md, "Verifying a webhook"), for
 * a receiver written in Node. The header reads `t=<unix seconds>,v1=<hex HMAC-SHA256>`, the HMAC being
 * of `<t>.<raw body>` with the endpoint's secret (`whsec_…`). For 24 hours after a secret is rolled the
 * header carries two `v1=` entries (the new secret's first): a delivery is genuine when any one matches.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface VerifyWebhookSignatureOptions {
  /** The request body exactly as received: the raw bytes or their text, never re-serialized JSON. */
  payload: string | Uint8Array;
  /** The X-Webhook-Signature header. */
  header: string | null | undefined;
  /** The endpoint's secret, or several while you move from one to the next. */
  secrets: string | readonly string[];
  /** How far the signature's time may be from now; 300 s by default. */
  toleranceSeconds?: number;
  /** The receiver's clock; the current time by default. */
  now?: Date;
}

/** True when the header signs this payload with one of the secrets and its time is within the tolerance. */
export function verifyWebhookSignature({
  payload,
  header,
  secrets,
  toleranceSeconds = 300,
  now = new Date(),
}: VerifyWebhookSignatureOptions): boolean {
  if (!header) return false;
  let timestamp: string | undefined;
  const signatures: Buffer[] = [];
  for (const part of header.split(',')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    const name = part.slice(0, separator).trim();
    const value = part.slice(separator + 1).trim();
    if (name === 't') timestamp = value;
    else if (name === 'v1' && /^[0-9a-f]{64}$/i.test(value)) signatures.push(Buffer.from(value, 'hex'));
  }
  if (!timestamp || !/^\d+$/.test(timestamp) || signatures.length === 0) return false;
  // Older than the tolerance is a replay; as far in the future is a clock no one should trust.
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > toleranceSeconds) return false;

  let matched = false;
  for (const secret of typeof secrets === 'string' ? [secrets] : secrets) {
    const expected = createHmac('sha256', secret).update(`${timestamp}.`).update(payload).digest();
    // Every pair is compared (no early exit), each in constant time.
    for (const signature of signatures) if (timingSafeEqual(expected, signature)) matched = true;
  }
  return matched;
}
