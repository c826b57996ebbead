import type { DatabaseHandle } from './db/client';
import { authSecretOf, type Env } from './env';
import type { Clock } from './lib/clock';
import { createAuth } from './auth/auth';
import { createSessionCache } from './auth/session-cache';
import { createProviders } from './providers/providers';

const DAY_SECONDS = 24 * 60 * 60;

/** Everything the app needs, built from the environment: shared by main.ts and the API tests. */
export async function createServerContext(options: {
  env: Env;
  database: DatabaseHandle;
  clock: Clock;
  publicUrl: string;
  sessionExpiresInSeconds?: number;
}) {
  const { env, database, clock, publicUrl } = options;
  const db = database.db;
  const providers = await createProviders({ env, db, clock, publicUrl });
  const auth = createAuth({
    db,
    baseUrl: publicUrl,
    extraTrustedOrigins: env.NODE_ENV === 'production' ? [] : ['http://localhost:5173'],
    secret: authSecretOf(env),
    email: providers.email,
    sessionExpiresInSeconds: options.sessionExpiresInSeconds ?? 7 * DAY_SECONDS,
    sessionUpdateAgeSeconds: DAY_SECONDS,
    rateLimit: env.NODE_ENV === 'production',
  });
  return {
    env,
    db,
    auth,
    clock,
    providers,
    publicUrl,
    /** Call sessionCache.invalidateUser(userId) when a user is banned or deleted outside the auth API. */
    sessionCache: createSessionCache(),
    async close() {
      // Providers hold no open handles today; the database is closed by its owner.
    },
  };
}

export type ServerContext = Awaited<ReturnType<typeof createServerContext>>;
