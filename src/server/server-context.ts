import type { DatabaseHandle } from './db/client';
import { authSecretOf, type Env } from './env';
import type { Clock } from './lib/clock';
import { AUTH_RATE_LIMITS, createAuth, type AuthRateLimits } from './auth/auth';
import { createProviders } from './providers/providers';

const DAY_SECONDS = 24 * 60 * 60;

/** The Vite dev server's origin, trusted outside production only. */
export const VITE_DEV_ORIGIN = 'http://localhost:5173';

/** Origins besides PUBLIC_URL whose writes are accepted: ALLOWED_ORIGINS, and the Vite dev server outside production. */
export function extraTrustedOriginsOf(env: Env): string[] {
  return [...env.ALLOWED_ORIGINS, ...(env.NODE_ENV === 'production' ? [] : [VITE_DEV_ORIGIN])];
}

/** Everything the app needs, built from the environment: shared by main.ts and the API tests. */
export async function createServerContext(options: {
  env: Env;
  database: DatabaseHandle;
  clock: Clock;
  publicUrl: string;
  sessionExpiresInSeconds?: number;
  /** Overrides the auth rate limits (tests that prove the limiter use small numbers). */
  authRateLimits?: AuthRateLimits;
}) {
  const { env, database, clock, publicUrl } = options;
  const db = database.db;
  const providers = await createProviders({ env, db, clock, publicUrl });
  const auth = createAuth({
    db,
    baseUrl: publicUrl,
    extraTrustedOrigins: extraTrustedOriginsOf(env),
    secret: authSecretOf(env),
    email: providers.email,
    sessionExpiresInSeconds: options.sessionExpiresInSeconds ?? 7 * DAY_SECONDS,
    sessionUpdateAgeSeconds: DAY_SECONDS,
    rateLimit: options.authRateLimits ?? AUTH_RATE_LIMITS[env.NODE_ENV === 'production' ? 'production' : 'development'],
  });
  return {
    env,
    db,
    auth,
    clock,
    providers,
    publicUrl,
    async close() {
      // Providers hold no open handles today; the database is closed by its owner.
    },
  };
}

export type ServerContext = Awaited<ReturnType<typeof createServerContext>>;
