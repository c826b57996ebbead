import type { DatabaseHandle, Db } from './db/client';
import { backfillTaskTimeZones } from './modules/tasks/time-zone-backfill';
import { createVisitReminderHandlers } from './modules/appointments/appointment-reminders';
import { createOnsiteLinkHandlers } from './modules/appointments/onsite-link-job';
import { createVisitCancelHandlers } from './modules/appointments/visit-call-off';
import { authSecretOf, type Env } from './env';
import type { Clock } from './lib/clock';
import { AUTH_RATE_LIMITS, createAuth, type AuthRateLimits } from './auth/auth';
import { createSessionCache } from './auth/session-cache';
import { createProviders } from './providers/providers';
import { createChangeBus, type ChangeBus } from './realtime/change-bus';
import { createRealtimeHub } from './realtime/hub';
import { allowedOriginsOf } from './realtime/realtime.routes';
import { createMoneyJobRunner } from './modules/money-jobs/money-jobs';
import { createTaskPayments } from './modules/payments/task-payments';
import { createDataExportHandlers } from './modules/account-control/data-export.jobs';
import { createRefundRetryHandlers } from './modules/disputes/refund-retries';
import { createDeliveryHandlers } from './notify/delivery-handlers';
import { createTaskAlertHandlers, TASK_ALERT_JOB_KINDS } from './modules/task-alerts/task-alert-jobs';
import { createChatBurstHandlers } from './modules/messages/chat-burst';
import { createAdminCountsCompactor } from './modules/admin/admin-counts-compaction';
import { createRetentionHandlers, createRetentionSchedule } from './jobs/retention';
import { createMetrics, noMetrics, type Metrics } from './ops/metrics';
import { createReadiness } from './ops/health';
import { jobQueueStats } from './ops/jobs-stats';

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
  /** The change bus to use instead of the database's own (benchmarks wrap it to time events). */
  changeBus?: ChangeBus;
  /** Overrides the auth rate limits (tests that prove the limiter use small numbers). */
  authRateLimits?: AuthRateLimits;
}) {
  const { env, database, clock, publicUrl } = options;
  const db = database.db;
  // Realtime sockets are counted by the hub, made below; the gauge reads it when scraped.
  const hubRef: { current?: { connectionCount: number } } = {};
  const metrics: Metrics =
    env.METRICS_TOKEN || env.METRICS_PORT
      ? await createMetrics({
          webSocketConnections: () => hubRef.current?.connectionCount ?? 0,
          pool: () => database.poolStats?.() ?? { total: 1, idle: 1, waiting: 0 },
          jobs: async () => {
            const stats = await jobQueueStats(db, { now: clock.now() });
            const age = stats.oldestDueAt
              ? Math.max(0, (clock.now().getTime() - stats.oldestDueAt.getTime()) / 1000)
              : 0;
            return { due: stats.due, oldestDueAgeSeconds: age, failed: stats.failed, failing: stats.failing };
          },
        })
      : noMetrics;
  const providers = await createProviders({ env, db, clock, publicUrl, metrics });
  const auth = createAuth({
    db,
    baseUrl: publicUrl,
    extraTrustedOrigins: extraTrustedOriginsOf(env),
    secret: authSecretOf(env),
    email: providers.email,
    sessionExpiresInSeconds: options.sessionExpiresInSeconds ?? 7 * DAY_SECONDS,
    sessionUpdateAgeSeconds: DAY_SECONDS,
    rateLimit:
      options.authRateLimits ??
      AUTH_RATE_LIMITS[env.NODE_ENV === 'production' ? 'production' : 'development'],
  });
  // Realtime: committed changes (database triggers -> NOTIFY) fan out to sockets; push goes through the job runner.
  const bus = options.changeBus ?? createChangeBus(database);
  // Writes by other instances reach the read caches as NOTIFYs; while the bus is down none is trusted.
  let listenerLive = false;
  const stopEpochWatch = bus.subscribe({
    onChange: () => undefined,
    onNotify: (table) => database.writes.heard(table),
    // Events may have been lost while reconnecting: every cached read and remembered table is stale.
    onResync: () => database.writes.heard(null),
    onLive: (live) => {
      listenerLive = live;
      database.writes.setRemoteLive(live);
    },
  });
  // A session deleted on any instance (sign-out elsewhere, suspension, deletion) ends here at once.
  const sessionCache = createSessionCache();
  const stopSessionWatch = bus.subscribe({
    onChange: () => undefined,
    onNotify: (table) => {
      if (table === 'auth_sessions') sessionCache.clear();
    },
    onResync: () => sessionCache.clear(),
  });
  await bus.start();
  const hub = createRealtimeHub({ db, clock, bus });
  hubRef.current = hub;
  const extraOrigins = [
    env.REALTIME_ALLOWED_ORIGINS,
    env.NODE_ENV === 'production' ? undefined : 'http://localhost:5173',
  ]
    .filter(Boolean)
    .join(',');
  const core = { env, db, auth, clock, providers, publicUrl };
  // Money built once (issue 48): every module that captures or voids uses this one.
  const base = { ...core, taskPayments: createTaskPayments(core) };
  // Timed money work (docs/decisions/0110); main.ts starts it, tests call jobs.runDue().
  // The same runner delivers notifications by email and push (docs/notifications.md, decision 0140).
  const delivery = createDeliveryHandlers({
    db,
    publicUrl,
    secret: authSecretOf(env),
    email: providers.email,
    push: providers.push,
    webPush: providers.webPush,
  });
  const pollIntervalMs = env.NODE_ENV === 'test' ? 60_000 : 2_000;
  // Issue 22: "export my data" archives are built and expired by the same runner.
  const exportJobs = createDataExportHandlers({ db, clock, storage: providers.storage });
  // Refund retries live with refunds (disputes), which use the money module, never the reverse.
  const refundRetries = createRefundRetryHandlers({ db, clock, provider: () => providers.payments });
  // Issue 19: task alerts for nearby experts and the unread-chat mail.
  const reachJobs = { ...createTaskAlertHandlers({ db, clock }), ...createChatBurstHandlers({ db, clock }) };
  // Issue 49: the 24 h and 2 h visit reminders (decision 0423).
  const visitReminders = {
    ...createVisitReminderHandlers({ db, clock }),
    ...createOnsiteLinkHandlers({ db, email: providers.email, publicUrl, secret: authSecretOf(env) }),
    ...createVisitCancelHandlers({ db, email: providers.email }),
  };
  // Issue 53: finished jobs, expired sessions and old rate-limit rows are deleted daily (decision 0433).
  const compactAdminCounts = createAdminCountsCompactor(db);
  const scheduleRetention = createRetentionSchedule(db);
  const jobs = createMoneyJobRunner(base, {
    pollIntervalMs,
    metrics,
    // Task alerts count an expert's alerts this hour and then send (a read, then a write): one chunk
    // at a time keeps two chunks from passing the hourly cap together.
    kindLimits: { [TASK_ALERT_JOB_KINDS.fanOut]: 1, [TASK_ALERT_JOB_KINDS.chunk]: 1, [TASK_ALERT_JOB_KINDS.digest]: 1 },
    extraHandlers: {
      ...delivery,
      ...exportJobs,
      ...refundRetries,
      ...reachJobs,
      ...visitReminders,
      ...createRetentionHandlers({ db, clock }),
    },
    // Issue 24: the admin overview's counter rows are folded about once a minute (decision 0360).
    // Issue 49: tasks older than their time_zone column get it, a batch per pass (decision 0420).
    extraSchedule: withTimeZoneBackfill(db, async (now) => {
      await compactAdminCounts(now);
      await scheduleRetention(now);
    }),
    // A new job wakes the started runner at once: the jobs table's NOTIFY reaches every instance's bus.
    // After a reconnect (notifications may have been missed) it looks once too.
    onJobEnqueued: (wake) =>
      bus.subscribe({
        onChange: () => undefined,
        onNotify: (table) => {
          if (table === 'jobs') wake();
        },
        onResync: wake,
      }),
  });
  let draining = false;
  const readiness = createReadiness({
    db,
    listenerLive: () => listenerLive,
    jobs: () => jobs.state(),
    draining: () => draining,
    // A pass that polls every 2 s and has been silent for a minute is stuck (a hung query, a lost worker).
    runnerStallMs: Math.max(60_000, pollIntervalMs * 3),
  });
  return {
    ...base,
    jobs,
    metrics,
    readiness,
    /** SIGTERM: /readyz answers 503 from now on, so the load balancer moves traffic away. */
    startDraining() {
      draining = true;
    },
    realtime: { hub, bus, allowedOrigins: allowedOriginsOf(publicUrl, extraOrigins) },
    /** Call sessionCache.invalidateUser(userId) when a user is banned or deleted outside the auth API. */
    sessionCache,
    async close() {
      // The database is closed by its owner; the realtime listener has its own connection.
      await jobs.stop();
      hub.close();
      stopEpochWatch();
      stopSessionWatch();
      await bus.close();
    },
  };
}

export type ServerContext = Awaited<ReturnType<typeof createServerContext>>;

/** Runs `schedule`, then fills in the time zones of older tasks (issue 49). */
function withTimeZoneBackfill(db: Db, schedule: (now: Date) => Promise<void>) {
  return async (now: Date) => {
    await schedule(now);
    await backfillTaskTimeZones(db);
  };
}
