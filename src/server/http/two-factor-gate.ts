import type { MiddlewareHandler } from 'hono';
import { messages } from '@shared/messages';
import { AppError } from '../lib/errors';
import type { AppEnv } from './context';

/**
 * What an admin without two-factor sign-in may still ask of the API (issue 53, decision 0474): what
 * the web needs to show the Security tab of /profile, where two-factor sign-in is set up, and to sign
 * out. Everything else under /api answers 403 `two_factor_required` until it is set up.
 *
 * The auth library's own routes (/api/auth/*: get-session, sign-out, two-factor enable and
 * verify-totp) are not listed: app.ts answers them before the session read, so this gate never sees
 * them. Each entry is one method and one exact path: a new route is refused until it is added here,
 * with the reason the setup page needs it.
 */
export const TWO_FACTOR_SETUP_ROUTES: ReadonlyArray<{ method: string; path: string; why: string }> = [
  { method: 'GET', path: '/api/me', why: 'who is signed in, the roles and the session expiry: every signed-in page starts from it' },
  { method: 'GET', path: '/api/config', why: "the web app's runtime configuration" },
  { method: 'GET', path: '/api/public-settings', why: 'the maintenance gate around every page' },
  { method: 'GET', path: '/api/account/sessions', why: 'the signed-in devices card of the Security tab' },
  { method: 'GET', path: '/api/phone-verification', why: 'the phone card of the Security tab' },
  { method: 'DELETE', path: '/api/web-push/subscriptions', why: "signing out forgets the browser's push subscription" },
];

const allowed = new Set(TWO_FACTOR_SETUP_ROUTES.map(({ method, path }) => `${method} ${path}`));

export interface TwoFactorGateOptions {
  /** A fresh read: is this user still an admin without two-factor sign-in? Only asked for a flagged session. */
  stillPending(userId: string): Promise<boolean>;
}

/**
 * A signed-in admin without two-factor sign-in reaches nothing but TWO_FACTOR_SETUP_ROUTES. The flag
 * comes with the session read (`twoFactorSetupPending`, cached with the session), so a request of anyone
 * else costs nothing here; a flagged request is confirmed by `stillPending` before it is refused, so the
 * first request after a setup made anywhere (another instance, a test writing the table) goes through.
 */
export function twoFactorGate(options: TwoFactorGateOptions): MiddlewareHandler<AppEnv> {
  const gate: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (allowed.has(`${c.req.method === 'HEAD' ? 'GET' : c.req.method} ${c.req.path}`)) return next();
    if (!(await options.stillPending(c.get('user')!.id))) return next();
    throw new AppError('two_factor_required', messages.accountControl.twoFactorRequired);
  };
  // Everyone but an admin still setting up passes on without a promise of this middleware's own (issue 55).
  return (c, next) => (!c.get('user') || c.get('twoFactorSetupPending') !== true ? next() : gate(c, next));
}
