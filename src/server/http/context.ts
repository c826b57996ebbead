import type { Context } from 'hono';
import { messages } from '@shared/messages';
import { unauthenticated } from '../lib/errors';

export interface SessionUser {
  id: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

export interface AppVariables {
  user: SessionUser | null;
  session: { id: string; expiresAt: Date } | null;
  /** The caller's address (socket, or a trusted proxy's X-Forwarded-For); null without a socket. */
  clientIp: string | null;
  /** The API key a request was authenticated with (issue 54); unset for session and anonymous requests. */
  apiKeyId?: string;
  /**
   * The session read found an admin without two-factor sign-in (cached with the session); the
   * two-factor gate confirms it with a fresh read before refusing (issue 53, decision 0474).
   */
  twoFactorSetupPending?: boolean;
}

export type AppEnv = { Variables: AppVariables };

/** The signed-in user, or a 401 with the spec's text. */
export function requireUser(c: Context<AppEnv>): SessionUser {
  const user = c.get('user');
  if (!user) throw unauthenticated(messages.auth.notAuthenticated);
  return user;
}
