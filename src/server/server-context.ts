import { Redis } from 'ioredis';
import type { DatabaseHandle } from './db/client';
import { errorField, log } from './ops/logger';
import { taskTimeZoneJobs } from './modules/tasks/time-zone-backfill';
import { reviewRevealJobs } from './modules/reviews/blind-reviews';
import { communityTrustReviewHooks } from './modules/verification/community-trust';
import { appointmentJobs } from './modules/appointments/appointment.jobs';
import { noAccessJobs } from './modules/no-access/no-access.jobs';
import { priceChangeJobs } from './modules/price-changes/price-changes.jobs';
import { onsiteJobs } from './modules/onsite/onsite.jobs';
import { authSecretOf, type Env } from './env';
import type { Clock } from './lib/clock';
import { AUTH_RATE_LIMITS, createAuth, type AuthRateLimits } from './auth/auth';
import { createSessionCache } from './auth/session-cache';
import { createRedisSecondaryStorage } from './auth/redis-secondary-storage';
import { createRedisSessionEnding, localSessionEnding } from './auth/session-ending';
import { ensureProfile, rolesOf } from './modules/profiles/profiles.repository';
import { createProviders } from './providers/providers';
import type { ChangeBus } from './realtime/change-bus';
import { createChangeBusFor } from './realtime/redis-change-bus';
import { createRealtimeHub } from './realtime/hub';
import { loadVisibleTask } from './modules/tasks/task-access';
import { allowedOriginsOf } from './realtime/realtime.routes';
import { holdJobs, moneyJobDepsOf } from './modules/holds/money-jobs';
import { earningsJobs } from './modules/earnings/earnings-sync';
import { tipJobs } from './modules/tips/tips.jobs';
import { reconciliationJobs } from './modules/reconciliation/reconcile.jobs';
import { createTaskPayments } from './modules/payments/task-payments';
import { dataExportJobs } from './modules/account-control/data-export.jobs';
import { refundRetryJobs } from './modules/disputes/refund-retry.jobs';
import { notificationDeliveryJobs } from './modules/notifications/delivery/delivery-handlers';
import { taskAlertJobs } from './modules/task-alerts/task-alert-jobs';
import { chatBurstJobs } from './modules/messages/chat-burst';
import { adminCountsJobs } from './modules/admin/admin-counts-compaction';
import { retentionJobs } from './jobs/retention';
import { createRegisteredJobRunner, type JobModule } from './jobs/registry';
import type { AppDeps } from './app-deps';
import { createMetrics, noMetrics, type Metrics } from './ops/metrics';
import { createReadiness } from './modules/system/readiness';
import { jobQueueStats } from './jobs/jobs-stats';
import { webhookJobs } from './modules/webhooks/webhooks.jobs';
import { webhookPolicyOf } from './modules/webhooks/webhook-policy';
import { webhookObjectReader } from './webhook-objects';

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
  /**
   * Put before every Redis key and channel of this context (tests sharing one Redis server; two
   * instances of one test pass the same). Production uses one Redis server per deployment.
   */
  redisPrefix?: string;
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
  // REDIS_URL with PostgreSQL (several instances): one command client for the whole context, holding
  // Better Auth's session copies and rate limit counters and announcing ended sessions (decision 0477).
  // PGlite is one process: the bus ignores REDIS_URL there, and so does auth.
  const redis = env.REDIS_URL && database.kind === 'postgres' ? await connectRedis(env.REDIS_URL, options.redisPrefix) : undefined;
  const auth = createAuth({
    db,
    baseUrl: publicUrl,
    extraTrustedOrigins: extraTrustedOriginsOf(env),
    secret: authSecretOf(env),
    email: providers.email,
    profiles: { ensure: ensureProfile, rolesOf },
    sessionExpiresInSeconds: options.sessionExpiresInSeconds ?? 7 * DAY_SECONDS,
    sessionUpdateAgeSeconds: DAY_SECONDS,
    rateLimit:
      options.authRateLimits ??
      AUTH_RATE_LIMITS[env.NODE_ENV === 'production' ? 'production' : 'development'],
    secondaryStorage: redis ? createRedisSecondaryStorage(redis, { keyPrefix: `${options.redisPrefix ?? ''}auth:` }) : undefined,
  });
  // Realtime: committed changes (database triggers -> NOTIFY, relayed per topic through Redis when
  // REDIS_URL is set: decision 0476) fan out to sockets; push goes through the job runner.
  const bus = options.changeBus ?? createChangeBusFor(database, env.REDIS_URL, { channelPrefix: options.redisPrefix });
  // Writes by other instances reach the read caches as NOTIFYs; while the bus is down none is trusted.
  let listenerLive = false;
  const stopEpochWatch = bus.subscribe({
    onChange: () => undefined,
    // Per row key when the change names one (a task), so other tasks' cached reads survive it.
    onNotify: (table, key) => database.writes.heard(table, key),
    // Events may have been lost while reconnecting: every cached read and remembered table is stale.
    onResync: () => database.writes.heard(null),
    onLive: (live) => {
      listenerLive = live;
      database.writes.setRemoteLive(live);
    },
  });
  // A session deleted on any instance (sign-out elsewhere, suspension, deletion) ends here at once,
  // and so does a changed account (migration 0055: two-factor turned off, a new email). While those
  // events arrive, an entry lives a minute; while the bus is down, 5 s (decision 0100's addendum).
  let sessionEventsLive = false;
  const sessionCache = createSessionCache({ isLive: () => sessionEventsLive });
  const stopSessionWatch = bus.subscribe({
    onChange: () => undefined,
    onNotify: (table, key) => {
      if (table === 'auth_sessions') sessionCache.clear();
      else if (table === 'auth_users') {
        if (key === undefined) sessionCache.clear();
        else sessionCache.invalidateUser(key);
      }
    },
    onResync: () => sessionCache.clear(),
    onLive: (live) => {
      sessionEventsLive = live;
    },
  });
  // Sessions ended on one instance are forgotten by the others at once (a Redis channel), and
  // Better Auth's copies of them deleted; without Redis the NOTIFY above is the only path.
  const sessionEnding = redis
    ? createRedisSessionEnding({
        sessionCache,
        redis,
        prefix: options.redisPrefix,
        copies: async () => (await auth.$context).internalAdapter,
      })
    : localSessionEnding(sessionCache);
  await sessionEnding.start();
  await bus.start();
  const hub = createRealtimeHub({ db, clock, bus, readTask: loadVisibleTask });
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
  // Timed work (docs/decisions/0110): each module registers its job kinds (jobs/registry.ts); main.ts
  // starts the runner, tests call jobs.runDue(). It delivers notifications too (decision 0140).
  const pollIntervalMs = env.NODE_ENV === 'test' ? 60_000 : 2_000;
  const jobs = createRegisteredJobRunner(serverJobModules(base, { metrics }), {
    db,
    clock,
    pollIntervalMs,
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
    onRun: (job, outcome) => metrics.jobRun({ kind: job.kind, outcome }),
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
    sessionEnding,
    async close() {
      // The database is closed by its owner; the realtime listener has its own connection.
      await jobs.stop();
      hub.close();
      stopEpochWatch();
      stopSessionWatch();
      await bus.close();
      await sessionEnding.close();
      redis?.disconnect();
    },
  };
}

export type ServerContext = Awaited<ReturnType<typeof createServerContext>>;

/** The context's Redis command client, connected before the app serves (auth needs it for sign-in). */
async function connectRedis(url: string, prefix = ''): Promise<Redis> {
  const redis = new Redis(url, { lazyConnect: true, connectionName: `${prefix}auth`, maxRetriesPerRequest: 3 });
  redis.on('error', (error) => log.error({ err: errorField(error) }, 'auth Redis connection error'));
  await redis.connect();
  return redis;
}

/**
 * Every module's job registration (jobs/registry.ts), in the order their schedules run before each
 * claim. Tests build a second worker from the same list.
 */
export function serverJobModules(
  deps: AppDeps,
  options: { metrics?: Pick<Metrics, 'paymentDrift'> } = {},
): JobModule[] {
  const { env, db, clock, providers, publicUrl } = deps;
  const secret = authSecretOf(env);
  const moneyDeps = moneyJobDepsOf(deps);
  return [
    holdJobs(moneyDeps),
    reconciliationJobs(moneyDeps, {
      onDrift: (finding) => options.metrics?.paymentDrift({ kind: finding.kind, outcome: finding.repaired ? 'repaired' : 'unresolved' }),
    }),
    reviewRevealJobs({ db, hooks: communityTrustReviewHooks }),
    notificationDeliveryJobs({ db, publicUrl, secret, email: providers.email, push: providers.push, webPush: providers.webPush }),
    dataExportJobs({ db, clock, storage: providers.storage }),
    refundRetryJobs({ db, clock, provider: () => providers.payments }),
    taskAlertJobs({ db, clock }),
    chatBurstJobs({ db, clock }),
    appointmentJobs({ db, clock, email: providers.email, sms: providers.sms }),
    noAccessJobs({ db, clock }),
    priceChangeJobs({ db, clock, provider: () => providers.payments }),
    onsiteJobs({ db, email: providers.email, sms: providers.sms, publicUrl, secret }),
    adminCountsJobs(db),
    retentionJobs({ db, clock }),
    // Issue 49: tasks older than their time_zone column get it, a batch per pass (decision 0420).
    taskTimeZoneJobs(db),
    // Issue 51: a tip's charge (money lane) and the sync of the expert's payout facts.
    tipJobs({ db, clock, provider: () => deps.providers.payments }),
    earningsJobs({ db, clock, provider: () => deps.providers.payments }),
    // Issue 54: outbound webhooks, one delivery in flight per endpoint (decision 0473).
    webhookJobs({ db, clock, readObject: webhookObjectReader(deps), policy: webhookPolicyOf(env) }),
  ];
}
