import { createHmac, randomBytes } from 'node:crypto';
import { WEBHOOKS } from '@shared/constants';

/** A new signing secret: 32 random bytes after a recognisable prefix. */
export const newWebhookSecret = () => `${WEBHOOKS.secretPrefix}${randomBytes(32).toString('base64url')}`;

/**
 * Stripe's scheme (decision 0473): `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, one v1
 * per secret in force (the new one first while a rolled one still overlaps). The timestamp inside the
 * signed text lets receivers refuse a replay older than their tolerance (5 minutes documented).
 */
export function signWebhook(body: string, secrets: readonly string[], at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const signatures = secrets.map((secret) => `v1=${createHmac('sha256', secret).update(`${t}.${body}`, 'utf8').digest('hex')}`);
  return [`t=${t}`, ...signatures].join(',');
}
