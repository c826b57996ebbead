import type { PhoneSendLimits } from '@shared/constants';
import type { Auth } from './auth/auth';
import type { SessionCache } from './auth/session-cache';
import type { Db } from './db/client';
import type { Env } from './env';
import type { Clock } from './lib/clock';
import type { Providers } from './providers/providers';
import type { RealtimeHub } from './realtime/hub';
import type { Metrics } from './ops/metrics';
import type { Readiness } from './ops/health';
import type { TaskPayments } from './modules/payments/task-payments';

/**
 * Everything the app is built from. It lives apart from app.ts so that route modules can name it
 * without importing the module that imports them (no import cycle).
 */
export interface AppDeps {
  env: Env;
  db: Db;
  auth: Auth;
  clock: Clock;
  providers: Providers;
  publicUrl: string;
  /** Overrides of the abuse limits (tests that prove a limit use small numbers). */
  limits?: { phoneSends?: PhoneSendLimits };
  /** Folder of the built web app; served with an SPA fallback when it exists. */
  webRoot?: string;
  /** The WebSocket hub (GET /api/realtime); absent in apps built without a server context. */
  realtime?: { hub: RealtimeHub; allowedOrigins: Set<string> };
  /** The timed-work runner (issue 13); the development clock control runs it after moving time. */
  jobs?: { runDue(): Promise<number> };
  /** Prometheus counters (ops/metrics.ts); no-ops when metrics are off or absent. */
  metrics?: Metrics;
  /** GET /readyz's checks (ops/health.ts); absent: ready whenever the process answers. */
  readiness?: Readiness;
  /** Session reads remembered for a few seconds (auth/session-cache.ts); one per app when absent. */
  sessionCache?: SessionCache;
  /**
   * The task payments (capture, void), built once with the server context and passed down to every
   * module that moves money; tests replace it to inject provider failures. Absent: each module
   * builds one from the same deps.
   */
  taskPayments?: TaskPayments;
}
