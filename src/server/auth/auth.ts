import { randomUUID } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { Db } from '../db/client';
import { authAccounts, authRateLimits, authSessions, authTwoFactors, authUsers, authVerifications } from '../db/schema';
import type { EmailSender } from '../providers/email';
import { BRAND_NAME } from '@shared/brand';
import { PASSWORD_MIN_LENGTH } from '@shared/constants';
import { CLIENT_IP_HEADER } from '../http/client-ip';
import { authEmailOptions, syncProfileEmail } from './auth-emails';
import { adminsKeepTwoFactor, twoFactorPlugin } from './two-factor';
import { refuseSuspendedSession } from './suspension-hook';
import type { AuthSecondaryStorage } from './redis-secondary-storage';

export interface AuthOptions {
  db: Db;
  baseUrl: string;
  /** Other origins allowed to call the auth endpoints (the Vite dev server outside production). */
  extraTrustedOrigins?: string[];
  secret: string;
  email: EmailSender;
  /** Session lifetime; the web refreshes 5 minutes before it ends. */
  sessionExpiresInSeconds: number;
  /** A session's expiry slides forward on use once this much time has passed since it was last extended. */
  sessionUpdateAgeSeconds: number;
  rateLimit: AuthRateLimits;
  /** The accounts' profile rows (modules/profiles), handed in by the composition root: auth imports no module. */
  profiles: AuthProfiles;
  /**
   * Redis/Valkey when REDIS_URL is set (docs/decisions/0477): Better Auth keeps a copy of each
   * session there and its rate limit counters, shared by every instance. Absent: the database only.
   */
  secondaryStorage?: AuthSecondaryStorage;
}

/** What auth needs of the profiles module (modules/profiles/profiles.repository.ts). */
export interface AuthProfiles {
  /** Gives a new account its profile row unless it has one (create-profile-if-missing). */
  ensure(db: Db, input: { id: string; email: string; first_name: string | null; last_name: string | null }): Promise<unknown>;
  /** The user's roles (admins keep their second factor). */
  rolesOf(db: Db, userId: string): Promise<{ isAdmin: boolean }>;
}

/**
 * Requests per window (seconds) and client address; counters live in auth_rate_limits, or in the
 * secondary storage (Redis) when there is one: shared by instances either way.
 */
export interface AuthRateLimits {
  window: number;
  /** Any other auth endpoint. */
  max: number;
  signInMax: number;
  signUpMax: number;
  /** Confirmation and password-reset emails. */
  emailMax: number;
  /** Two-factor code checks ("/two-factor/*"); absent: the plugin's own 3 per 10 seconds. */
  twoFactorMax?: number;
}

/**
 * Production numbers, and looser ones for development and tests, where one browser or one test file
 * signs in dozens of times a minute from one address (docs/decisions/0062). Limits stay on in both.
 */
export const AUTH_RATE_LIMITS: Record<'production' | 'development', AuthRateLimits> = {
  production: { window: 60, max: 100, signInMax: 10, signUpMax: 5, emailMax: 3 },
  development: { window: 60, max: 2000, signInMax: 300, signUpMax: 100, emailMax: 100, twoFactorMax: 300 },
};

export function createAuth(options: AuthOptions) {
  // Password reset and email change mails (issue 19).
  const accountMail = authEmailOptions(options.email);
  return betterAuth({
    baseURL: options.baseUrl,
    basePath: '/api/auth',
    secret: options.secret,
    trustedOrigins: [options.baseUrl, ...(options.extraTrustedOrigins ?? [])],
    database: drizzleAdapter(options.db, {
      provider: 'pg',
      schema: {
        user: authUsers,
        session: authSessions,
        account: authAccounts,
        verification: authVerifications,
        rateLimit: authRateLimits,
        twoFactor: authTwoFactors,
      },
    }),
    advanced: {
      database: { generateId: () => randomUUID() },
      // The app sets this header from the socket address (or a trusted proxy's X-Forwarded-For) after
      // dropping any client-sent copy; X-Forwarded-For itself is never read by the limiter.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    user: {
      additionalFields: {
        firstName: { type: 'string', required: true, input: true },
        lastName: { type: 'string', required: true, input: true },
      },
      changeEmail: accountMail.changeEmail,
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      requireEmailVerification: true,
      ...accountMail.emailAndPassword,
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user, url }) => {
        await options.email.send({
          to: user.email,
          subject: `Confirm your email address for ${BRAND_NAME}`,
          text: `Welcome to ${BRAND_NAME}! Confirm your email address to finish creating your account: ${url}`,
          actionUrl: url,
        });
      },
    },
    // Sessions stay in auth_sessions even with a secondary storage: the product's SQL lists and ends
    // them (account control, suspension, deletion, the realtime hub's session checks).
    ...(options.secondaryStorage
      ? { secondaryStorage: options.secondaryStorage, verification: { storeInDatabase: true } }
      : {}),
    session: {
      expiresIn: options.sessionExpiresInSeconds,
      updateAge: options.sessionUpdateAgeSeconds,
      storeSessionInDatabase: true,
    },
    rateLimit: {
      enabled: true,
      storage: options.secondaryStorage ? 'secondary-storage' : 'database',
      window: options.rateLimit.window,
      max: options.rateLimit.max,
      customRules: {
        '/sign-in/email': { window: options.rateLimit.window, max: options.rateLimit.signInMax },
        '/sign-up/email': { window: options.rateLimit.window, max: options.rateLimit.signUpMax },
        '/send-verification-email': { window: options.rateLimit.window, max: options.rateLimit.emailMax },
        '/request-password-reset': { window: options.rateLimit.window, max: options.rateLimit.emailMax },
        '/change-password': { window: options.rateLimit.window, max: options.rateLimit.signInMax },
        '/change-email': { window: options.rateLimit.window, max: options.rateLimit.signInMax },
        ...(options.rateLimit.twoFactorMax
          ? { '/two-factor/*': { window: options.rateLimit.window, max: options.rateLimit.twoFactorMax } }
          : {}),
      },
    },
    plugins: [twoFactorPlugin(BRAND_NAME), adminsKeepTwoFactor(options.db, options.profiles.rolesOf)],
    databaseHooks: {
      // A suspended or deleted account gets no new session (issue 22).
      session: { create: { before: refuseSuspendedSession(options.db) } },
      user: {
        create: {
          // Every account gets its profile row in the same breath (create-profile-if-missing).
          after: async (user) => {
            const extra = user as typeof user & { firstName?: string; lastName?: string };
            await options.profiles.ensure(options.db, {
              id: user.id,
              email: user.email,
              first_name: extra.firstName ?? null,
              last_name: extra.lastName ?? null,
            });
          },
        },
        update: { after: (user) => syncProfileEmail(options.db, user) },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
