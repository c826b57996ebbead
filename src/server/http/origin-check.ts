import type { MiddlewareHandler } from 'hono';
import { messages } from '@shared/messages';
import { AppError } from '../lib/errors';

/** Methods that change state: the only ones a cross-site page could forge with the user's cookie. */
export const STATE_CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Paths authenticated by a provider's signature instead of a cookie: the payment provider's webhook
 * (existing) and every future provider webhook under /api/webhooks/. They are exempt from the origin
 * and content-type rules because their callers are servers, not browsers.
 */
export function isSignedWebhookPath(path: string): boolean {
  return path === '/api/payment-webhooks' || path.startsWith('/api/webhooks/');
}

/** The origin a request claims: Origin, else the origin of Referer; null when neither is usable. */
export function claimedOrigin(headers: { origin?: string; referer?: string }): string | null {
  const origin = headers.origin?.trim();
  if (origin) return origin === 'null' ? null : origin.replace(/\/$/, '');
  const referer = headers.referer?.trim();
  if (referer && URL.canParse(referer)) {
    const parsed = new URL(referer);
    if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return parsed.origin;
  }
  return null;
}

/**
 * CSRF defence for cookie-authenticated writes (docs/decisions/0060): a state-changing request is
 * accepted only when its Origin (or, without Origin, its Referer) is one of `allowedOrigins`. A write
 * that carries neither header is refused too: every browser sends Origin on cross-origin and
 * same-origin POST/PUT/PATCH/DELETE, so only non-browser callers omit both, and they can send one.
 */
export function originCheck(options: { allowedOrigins: readonly string[]; bearerExempt?: boolean }): MiddlewareHandler {
  const allowed = new Set(options.allowedOrigins.map((origin) => origin.replace(/\/$/, '').toLowerCase()));
  // Not async (nothing here waits): no promise of its own per request (issue 55).
  return (c, next) => {
    if (!STATE_CHANGING_METHODS.has(c.req.method) || isSignedWebhookPath(c.req.path)) return next();
    // An API-key request (any Authorization header: apiKeyAuth decides it) carries no ambient credential a page could borrow: a
    // browser never adds that header on its own, and one with a cookie too is refused by apiKeyAuth.
    if (options.bearerExempt && c.req.header('authorization')) return next();
    const origin = claimedOrigin({ origin: c.req.header('origin'), referer: c.req.header('referer') });
    if (!origin || !allowed.has(origin.toLowerCase())) {
      throw new AppError('forbidden', messages.security.crossOriginRefused, { details: { origin } });
    }
    return next();
  };
}
