import { randomUUID } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { Db } from '../db/client';
import { authAccounts, authRateLimits, authSessions, authUsers, authVerifications } from '../db/schema';
import type { EmailSender } from '../providers/email';
import { BRAND_NAME } from '@shared/brand';
import { PASSWORD_MIN_LENGTH } from '@shared/constants';
import { ensureProfile } from '../modules/profiles/profiles.repository';

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
  rateLimit: boolean;
}

export function createAuth(options: AuthOptions) {
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
      },
    }),
    advanced: {
      database: { generateId: () => randomUUID() },
    },
    user: {
      additionalFields: {
        firstName: { type: 'string', required: true, input: true },
        lastName: { type: 'string', required: true, input: true },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      requireEmailVerification: true,
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
    session: {
      expiresIn: options.sessionExpiresInSeconds,
      updateAge: options.sessionUpdateAgeSeconds,
    },
    rateLimit: {
      enabled: options.rateLimit,
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': { window: 60, max: 10 },
        '/sign-up/email': { window: 60, max: 5 },
      },
    },
    databaseHooks: {
      user: {
        create: {
          // Every account gets its profile row in the same breath (create-profile-if-missing).
          after: async (user) => {
            const extra = user as typeof user & { firstName?: string; lastName?: string };
            await ensureProfile(options.db, {
              id: user.id,
              email: user.email,
              first_name: extra.firstName ?? null,
              last_name: extra.lastName ?? null,
            });
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
