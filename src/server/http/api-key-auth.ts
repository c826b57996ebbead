import type { Context, MiddlewareHandler, Next } from 'hono';
import { API_KEYS } from '@shared/constants';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import { sessionTokenOf } from '../auth/session-cache';
import { AppError, forbidden, unauthenticated } from '../lib/errors';
import { scopeOfRequest } from './api-key-scopes';
import type { AppEnv, SessionUser } from './context';

const text = messages.apiKeys;

/** What the api-keys module tells this middleware (handed in by app.ts: infrastructure imports no module). */
export type ApiKeyCheck =
  | { ok: false; reason: 'invalid' | 'admin' }
  | { ok: true; keyId: string; scopes: readonly string[]; user: SessionUser };

export interface ApiKeyAuthOptions {
  check(key: string, now: Date): Promise<ApiKeyCheck>;
  countRequest(keyId: string, now: Date): Promise<{ count: number; resetAt: Date }>;
  now(): Date;
  limit?: number;
}

/** The key of an `Authorization: Bearer <key>` header; null without one. Never read from a cookie or the query. */
export function bearerKeyOf(c: Context): string | null {
  const header = c.req.header('authorization');
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : '';
}

/**
 * Authenticates `Authorization: Bearer <key>` requests under /api (issue 54, decision 0472). Runs before
 * the auth routes and the session read; a key request is decided here and never falls back to a cookie:
 * - a request with both a session cookie and a key is ambiguous: 400 (a browser page can never add the
 *   header itself, so only a confused client sends both; refusing is clearer than guessing);
 * - an unknown, revoked or expired key, or one whose owner is suspended or deleted: 401;
 * - a route keys may not call, a scope the key lacks, an admin's key: 403;
 * - past the per-key limit: 429 with Retry-After. RateLimit-* headers go out on every counted answer.
 */
export function apiKeyAuth(options: ApiKeyAuthOptions): MiddlewareHandler<AppEnv> {
  const limit = options.limit ?? API_KEYS.rateLimit.max;
  const authenticate = async (c: Context<AppEnv>, next: Next, key: string) => {
    if (sessionTokenOf(c.req.header('cookie'))) throw new AppError('bad_request', text.ambiguousCredentials);
    const now = options.now();
    const checked = key ? await options.check(key, now) : ({ ok: false, reason: 'invalid' } as const);
    if (!checked.ok) {
      if (checked.reason === 'admin') throw forbidden(text.adminKeyRefused);
      c.header('WWW-Authenticate', 'Bearer error="invalid_token"');
      throw unauthenticated(text.invalidKey);
    }
    const scope = scopeOfRequest(c.req.method, c.req.path);
    if (!scope) throw forbidden(text.routeNotForKeys);
    if (!checked.scopes.includes(scope)) throw forbidden(format(text.missingScope, { scope }));

    const { count, resetAt } = await options.countRequest(checked.keyId, now);
    const resetSeconds = Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000));
    c.header('RateLimit-Limit', String(limit));
    c.header('RateLimit-Remaining', String(Math.max(0, limit - count)));
    c.header('RateLimit-Reset', String(resetSeconds));
    if (count > limit) {
      c.header('Retry-After', String(resetSeconds));
      throw new AppError('too_many_requests', format(text.rateLimited, { seconds: resetSeconds }));
    }
    c.set('user', checked.user);
    c.set('session', null);
    c.set('apiKeyId', checked.keyId);
    await next();
  };
  // A request without a key (a browser's) passes on without a promise of this middleware's own (issue 55).
  return (c, next) => {
    const key = bearerKeyOf(c);
    return key === null ? next() : authenticate(c, next, key);
  };
}

/** True for a request this middleware authenticated: the session read and the origin check leave it alone. */
export const isKeyRequest = (c: Context) => bearerKeyOf(c) !== null;
