import type { Server } from 'node:http';
import { resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { WebSocketServer } from 'ws';
import { hashPassword } from 'better-auth/crypto';
import { BRAND_NAME } from '@shared/brand';
import { authSecretOf, embeddedWarnings, EnvError, loadEnv, publicUrlOf } from './env';
import { openDatabase } from './db/client';
import { pgliteDataDirOf, restorePrebuiltDataDir } from './db/prebuilt';
import { shiftAllDates } from './db/seed/shift-dates';
import { DEMO_EXPERT_COUNT, DEMO_PASSWORD, isDatabaseEmpty, seedDemoData, type DemoAccount } from './db/seed/seed';
import { shiftableClock, systemClock } from './lib/clock';
import { createServerContext } from './server-context';
import { createApp } from './app';
import { DEMO_ADMIN_EMAIL, DEMO_TOTP_SECRET_BASE32, ensureDemoAdminTwoFactor } from './auth/two-factor';
import { errorField, log, usePrettyLogsWhenWatched } from './ops/logger';
import { applyKeepAlive } from './ops/keep-alive';
import { createGracefulShutdown } from './ops/shutdown';
import { metricsOnlyApp } from './ops/ops.routes';
import { startTracing, tracingEnabled } from './ops/tracing';

/** Process entry: environment, database, demo data, providers, HTTP server, graceful shutdown. */
async function main() {
  const startedAt = Date.now();
  // OpenTelemetry only when OTEL_* asks for it, first, so that every request and query after it is traced.
  const tracing = tracingEnabled() ? await startTracing() : null;
  // Production refuses to start half-configured, naming every missing variable (decision 0430).
  const env = loadEnv(process.env, { production: 'strict' });
  if (env.LOG_LEVEL) log.level = env.LOG_LEVEL;
  await usePrettyLogsWhenWatched(env);
  // An explicitly embedded service in production is said at every start, not only once.
  for (const warning of embeddedWarnings(env)) log.warn({ embedded: true }, warning);
  const dataDir = pgliteDataDirOf(env);
  const demo = env.NODE_ENV !== 'production';
  // A first start copies the data directory made at build time (migrated, and seeded outside
  // production) instead of running initdb and the seed (docs/decisions/0106).
  const restored = env.DATABASE_URL ? null : restorePrebuiltDataDir(dataDir, { demo });
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir,
    // PGlite's queries run in a worker thread, off the event loop that serves requests (decision 0102).
    pgliteThread: 'worker',
  });

  let demoAccounts: DemoAccount[] = [];
  if (restored?.demo) {
    // The demo data reads as seeded now: "due in 3 days" counts from this start, not from the build.
    await shiftAllDates(database.db, Date.now() - new Date(restored.demo.seededAt).getTime());
    demoAccounts = restored.demo.accounts;
  } else if (demo && (await isDatabaseEmpty(database.db))) {
    demoAccounts = await seedDemoData(database.db, { passwordHash: await hashPassword(DEMO_PASSWORD) });
  }

  const publicUrl = publicUrlOf(env);
  // Outside production the clock can be moved forward by the development clock control (/dev/clock).
  const clock = env.NODE_ENV === 'production' ? systemClock : shiftableClock(systemClock);
  const context = await createServerContext({ env, database, clock, publicUrl });
  if (demo) await ensureDemoAdminTwoFactor(database.db, { email: DEMO_ADMIN_EMAIL, authSecret: authSecretOf(env) });
  const app = createApp({ ...context, webRoot: resolve('dist/web') });

  const server = serve(
    {
      fetch: app.fetch,
      port: env.PORT,
      hostname: env.HOST,
      // The realtime socket (GET /api/realtime) shares the API's port.
      websocket: { server: new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 }) },
    },
    (info) => {
      log.info({ port: info.port, startupMs: Date.now() - startedAt }, 'listening');
      printBanner({ url: publicUrl, port: info.port, demoAccounts, env, startupMs: Date.now() - startedAt });
    },
  );
  applyKeepAlive(server as Server, env.HTTP_KEEP_ALIVE_TIMEOUT_MS);
  // Metrics on a port of their own (a private network), token or not (docs/decisions/0162).
  const metricsServer =
    env.METRICS_PORT && context.metrics.enabled
      ? serve({ fetch: metricsOnlyApp(context.metrics, env.METRICS_TOKEN).fetch, port: env.METRICS_PORT, hostname: env.HOST })
      : null;
  // Reminders, hold expiry and auto-release: polled from the jobs table, stopped on shutdown.
  context.jobs.start();

  const shutdown = createGracefulShutdown({
    server,
    extraServers: metricsServer ? [metricsServer] : [],
    context,
    database,
    timeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    // The last spans leave before the process does.
    exit: (code) => void (tracing?.shutdown() ?? Promise.resolve()).finally(() => process.exit(code)),
  });
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

function printBanner(options: {
  url: string;
  port: number;
  demoAccounts: DemoAccount[];
  env: ReturnType<typeof loadEnv>;
  startupMs: number;
}) {
  const { url, demoAccounts, env } = options;
  const lines = [`\n${BRAND_NAME} is running at ${url} (started in ${options.startupMs} ms)`];
  if (env.NODE_ENV !== 'production') {
    lines.push(`Dev outbox (emails, SMS and push "sent" offline): ${url}/dev/outbox`);
    lines.push(`Demo accounts (password for all: ${DEMO_PASSWORD}):`);
    lines.push(`  admin@example.com      admin (two-factor on: authenticator secret ${DEMO_TOTP_SECRET_BASE32})`);
    lines.push('  client@example.com     client');
    lines.push('  client2@example.com    client');
    lines.push(`  expert1@example.com … expert${DEMO_EXPERT_COUNT}@example.com   experts in 50 cities (expert1 is in New York)`);
    if (demoAccounts.length === 0) lines.push('  (demo data was seeded on an earlier start)');
  }
  // The banner is for the person at the terminal, not a log line; production prints none of its extras.
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  if (error instanceof EnvError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  log.fatal({ err: errorField(error) }, 'start failed');
  process.exit(1);
});
