import type { DatabaseHandle } from './db/client';
import { authSecretOf, type Env } from './env';
import type { Clock } from './lib/clock';
import { createAuth } from './auth/auth';
import { createProviders } from './providers/providers';
import { createMoneyJobRunner } from './modules/holds/money-jobs';

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
  const base = { env, db, auth, clock, providers, publicUrl };
  // Timed money work (docs/decisions/0110); main.ts starts it, tests call jobs.runDue().
  const jobs = createMoneyJobRunner(base, { pollIntervalMs: env.NODE_ENV === 'test' ? 60_000 : 2_000 });
  return {
    ...base,
    jobs,
    async close() {
      // Providers hold no open handles today; the database is closed by its owner.
      await jobs.stop();
    },
  };
}

export type ServerContext = Awaited<ReturnType<typeof createServerContext>>;
