import { parseArgs } from 'node:util';
import { authSecretOf, EnvError, loadEnv, providerNames, publicUrlOf } from '../env';
import { createAuth, AUTH_RATE_LIMITS } from '../auth/auth';
import { openDatabase } from '../db/client';
import { pgliteDataDirOf } from '../db/prebuilt';
import { createEmailSender } from '../providers/email';
import { extraTrustedOriginsOf } from '../server-context';
import { AdminCreateError, createAdmin } from '../modules/admin/first-admin';
import { ensureProfile, rolesOf } from '../modules/profiles/profiles.repository';

/**
 * `npm run admin:create -- --email someone@example.com` (and `node dist/server/admin-create.js
 * --email ...` in the image): the first admin, without SQL (decision 0431). Reads the same
 * environment as the server, production's refusal included. With the embedded database, run it
 * while the server is stopped (one process owns a PGlite directory).
 */
async function main() {
  const { values } = parseArgs({ options: { email: { type: 'string' } }, strict: true });
  if (!values.email) throw new AdminCreateError('usage: npm run admin:create -- --email someone@example.com');
  const env = loadEnv(process.env, { production: 'strict' });
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: pgliteDataDirOf(env) });
  try {
    const publicUrl = publicUrlOf(env);
    const email = createEmailSender({
      smtpUrl: providerNames(env).email === 'smtp' ? env.SMTP_URL : undefined,
      from: env.EMAIL_FROM,
      db: database.db,
    });
    const auth = createAuth({
      db: database.db,
      baseUrl: publicUrl,
      extraTrustedOrigins: extraTrustedOriginsOf(env),
      secret: authSecretOf(env),
      email,
      profiles: { ensure: ensureProfile, rolesOf },
      sessionExpiresInSeconds: 7 * 24 * 60 * 60,
      sessionUpdateAgeSeconds: 24 * 60 * 60,
      rateLimit: AUTH_RATE_LIMITS.production,
    });
    const result = await createAdmin({ db: database.db, auth, email, publicUrl, address: values.email });
    const messages = {
      promoted: `${values.email} is now an admin. At its next sign-in it sets up two-factor sign-in before using the admin area.`,
      'already-admin': `${values.email} is already an admin; nothing changed.`,
      invited: `${values.email} was invited: a link to set its password was emailed (${email.kind}). After signing in it sets up two-factor sign-in before anything else.`,
    };
    process.stdout.write(`${messages[result.outcome]}\n`);
  } finally {
    await database.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    if (error instanceof EnvError || error instanceof AdminCreateError) process.stderr.write(`${error.message}\n`);
    else process.stderr.write(`admin:create failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
