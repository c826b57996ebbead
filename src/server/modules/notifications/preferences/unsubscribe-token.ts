import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_CATEGORIES, type NotificationCategory } from '@shared/notify/notification-categories';

/**
 * A one-click unsubscribe token: user and category, signed with the server secret (HMAC-SHA256),
 * so the link works signed out and cannot be forged for someone else. It does not expire: an old
 * mail's link must still work (RFC 8058 asks for a link that keeps working).
 */
const sign = (secret: string, payload: string) =>
  createHmac('sha256', `unsubscribe:${secret}`).update(payload).digest('base64url');

export function unsubscribeToken(secret: string, userId: string, category: NotificationCategory): string {
  const payload = Buffer.from(`${userId}.${category}`).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
}

export function readUnsubscribeToken(secret: string, token: string): { userId: string; category: NotificationCategory } | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const [userId, category] = Buffer.from(payload, 'base64url').toString().split('.');
  if (!/^[0-9a-f-]{36}$/i.test(userId ?? '')) return null;
  if (!NOTIFICATION_CATEGORIES.includes(category as NotificationCategory)) return null;
  return { userId, category: category as NotificationCategory };
}
