import type { PhoneSendLimits } from '@shared/constants';
import type { Auth } from './auth/auth';
import type { SessionCache } from './auth/session-cache';
import type { SessionEnding } from './auth/session-ending';
import type { Db } from './db/client';
import type { Env } from './env';
import type { Clock } from './lib/clock';
import type { Providers } from './providers/providers';
import type { RealtimeHub } from './realtime/hub';
import type { Metrics } from './ops/metrics';
import type { Readiness } from './ops/health';
import type { CaptureResultDto } from '@shared/schemas/task-api';
import type { CancelHoldReason } from './providers/payments/payment-provider';

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
  /** GET /readyz's checks (ops/health.ts, built by modules/system/readiness.ts); absent: ready whenever the process answers. */
  readiness?: Readiness;
  /** Session reads remembered for a few seconds (auth/session-cache.ts); one per app when absent. */
  sessionCache?: SessionCache;
  /** What ends sessions everywhere (auth/session-ending.ts): this instance's cache only when absent. */
  sessionEnding?: SessionEnding;
  /**
   * The task payments (capture, void), built once with the server context and passed down to every
   * module that moves money; tests replace it to inject provider failures.
   */
  taskPayments: TaskPayments;
}

/**
 * Capture and void of a task's payment hold, built once (modules/payments/task-payments.ts,
 * createTaskPayments) and passed to every module that moves money.
 */
export interface TaskPayments {
  /** Voids the task's payment hold if one exists (idempotent; no-op without an intent). Throws PaymentProviderError on provider failure. */
  cancelHold(
    task: { id: string; stripe_payment_intent_id: string | null },
    reason: CancelHoldReason,
  ): Promise<void>;
  /**
   * Captures the hold of a task the client verified (all of it, or `amountCents` with its `feeCents`
   * for a dispute settled in part); writes the transactions row and payment_captured notification;
   * never throws for provider failures — returns { success: false, error } instead. A capture the
   * provider already made (an answer lost to a crash) is recorded, not repeated.
   */
  capture(
    task: { id: string; stripe_payment_intent_id: string | null },
    options?: { amountCents?: number; feeCents?: number },
  ): Promise<CaptureResultDto>;
}
