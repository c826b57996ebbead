import { randomUUID } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import { createApp } from '../app';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { authAccounts, authUsers, profiles } from '../db/schema';
import { loadEnv } from '../env';
import { systemClock } from '../lib/clock';
import { createServerContext } from '../server-context';
import { postgresTemplateName } from '../test/paths';

/** One instance of the product in process: its own pool, session cache, providers and bus. */
export type ScaleInstance = { app: ReturnType<typeof createApp>; database: DatabaseHandle; close(): Promise<void> };

async function onServer(serverUrl: string, statement: string) {
  const pg = await import('pg');
  const admin = new pg.default.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** A database of its own on the test server, copied from the migrated template: its URL, and its drop. */
export async function databaseFromTemplate(serverUrl: string, prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomUUID().replace(/-/g, '')}`;
  await onServer(serverUrl, `CREATE DATABASE ${name} TEMPLATE ${postgresTemplateName()}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** An instance in production mode (the production rate limits), sharing `dataDir` as its file store. */
export async function startScaleInstance(
  url: string,
  options: { origin: string; dataDir: string; authSecret: string; redisPrefix: string; env?: Record<string, string> },
): Promise<ScaleInstance> {
  const database = await openDatabase({ databaseUrl: url, migrate: false });
  const env = loadEnv({ NODE_ENV: 'production', DATA_DIR: options.dataDir, PUBLIC_URL: options.origin, AUTH_SECRET: options.authSecret, ...options.env });
  const context = await createServerContext({ env, database, clock: systemClock, publicUrl: options.origin, redisPrefix: options.redisPrefix });
  return { app: createApp(context), database, close: () => context.close() };
}

/** A verified account with a password and a finished profile, made through instance `a`'s database. */
export async function seedPasswordUser(a: ScaleInstance, options: { emailPrefix: string; password: string; firstName: string; lastName: string }) {
  const id = randomUUID();
  const email = `${options.emailPrefix}-${id.slice(0, 8)}@example.com`;
  const { db } = a.database;
  await db.insert(authUsers).values({ id, email, name: `${options.firstName} ${options.lastName}`, emailVerified: true, firstName: options.firstName, lastName: options.lastName });
  await db.insert(authAccounts).values({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password: await hashPassword(options.password) });
  await db.insert(profiles).values({ id, email, first_name: options.firstName, last_name: options.lastName, onboarding_completed: true });
  return { id, email };
}
