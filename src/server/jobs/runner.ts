import type { Db } from '../db/client';
import type { Clock } from '../lib/clock';
import { log as defaultLog } from '../ops/logger';
import {
  claimDueJobs,
  completeJob,
  extendLease,
  failJob,
  JobAlreadyDone,
  releaseJobs,
  type ClaimLane,
  type JobRow,
} from './jobs.repository';

/**
 * The work of one job kind. It must be idempotent: a job may run again after a crash, a lost lease
 * or a timeout. `signal` aborts when the handler's time is up (a handler may ignore it; its result
 * is then ignored and the job retried).
 */
export type JobHandler = (job: JobRow, signal?: AbortSignal) => Promise<void>;

export interface JobRunnerOptions {
  db: Db;
  clock: Clock;
  handlers: Record<string, JobHandler>;
  /**
   * Finds work that has become due (deadlines stored on tasks) and enqueues it with keyed jobs;
   * runs before every claim so nothing depends on an enqueue having happened at the right moment.
   */
  schedule?: (now: Date) => Promise<void>;
  /** How long a claimed job stays with its worker before another may take it; extended while it runs. */
  leaseMs?: number;
  /** Kept for compatibility: at most this many claims (x50) in one pass. */
  batchSize?: number;
  /** Real milliseconds between polls when started. */
  pollIntervalMs?: number;
  log?: { error(fields: object, message: string): void };
  /** Told of every run (metrics). */
  onRun?: (job: JobRow, outcome: 'done' | 'failed') => void;
  /** Called when a job used its last attempt and failed (admins are told; decision 0164). */
  onExhausted?: (job: JobRow, error: string) => Promise<void>;
  /** Jobs of the other kinds run at once (default 4). */
  concurrency?: number;
  /** Money jobs run at once, in a lane of their own that other kinds never fill (default 2). */
  moneyConcurrency?: number;
  /** Jobs of one kind at once (default 2), and per kind overrides. */
  perKindLimit?: number;
  kindLimits?: Record<string, number>;
  /** A handler still running after this is failed and retried (default 10 min), and per kind overrides. */
  timeoutMs?: number;
  kindTimeoutsMs?: Record<string, number>;
  /**
   * Subscribes to "a job was enqueued" and returns the unsubscribe: a new job wakes the started
   * runner at once instead of at the next poll. server-context.ts subscribes through the change bus,
   * which hears the jobs table's insert trigger (migration 0038) on every instance.
   */
  onJobEnqueued?: (wake: () => void) => () => void;
  /** The claim statement; the repository's by default. A test wraps it to end a job while a claim runs. */
  claim?: typeof claimDueJobs;
}

/**
 * Kinds that move or release money, or remind people before it moves: they never wait behind
 * exports or deliveries (decision 0433). Any kind named `money_*` joins them.
 */
export const MONEY_JOB_KINDS: readonly string[] = [
  'capture_retry',
  'void_retry',
  'refund_retry',
  'auto_release',
  'hold_reminder',
  'hold_lapse',
  'review_reminder',
  'void_replaced_hold',
];
export const isMoneyJobKind = (kind: string) => MONEY_JOB_KINDS.includes(kind) || kind.startsWith('money_');

const RETRY_BASE_MS = 30_000;
const RETRY_MAX_MS = 60 * 60 * 1000;

/** Exponential back-off by attempt: 30 s, 1 min, 2 min, ... at most an hour. */
export const retryDelayMs = (attempts: number) => Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);

class JobTimeout extends Error {}

type Lane = ClaimLane['lane'];

/**
 * A small durable job runner on the jobs table (docs/decisions/0110, 0433): jobs are claimed with
 * FOR UPDATE SKIP LOCKED, leased (the lease extended while the handler runs), retried with back-off,
 * and never claimed again once done, so several workers (instances) share the work and each job
 * runs once. Several jobs run at once: money kinds in their own lane, every kind within its limit,
 * each handler within its timeout. Time is the injected clock, so tests and the development clock
 * control move it.
 */
export function createJobRunner(options: JobRunnerOptions) {
  const { db, clock, handlers } = options;
  const leaseMs = options.leaseMs ?? 5 * 60 * 1000;
  const maxClaimsPerPass = (options.batchSize ?? 20) * 50;
  const capacity: Record<Lane, number> = { money: options.moneyConcurrency ?? 2, other: options.concurrency ?? 4 };
  const limitOf = (kind: string) => options.kindLimits?.[kind] ?? options.perKindLimit ?? 2;
  const timeoutOf = (kind: string) => options.kindTimeoutsMs?.[kind] ?? options.timeoutMs ?? 10 * 60 * 1000;
  const log = options.log ?? defaultLog;
  const claim = options.claim ?? claimDueJobs;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<number> | null = null;
  /** Whether the pass in `running` began with the schedule (a pass a new job woke does not). */
  let runningScheduled = false;
  /** A pass that must schedule was asked for while a woken one ran: the next pass schedules. */
  let scheduleWanted = false;
  let stopped = true;
  let stopping = false;
  let unsubscribe: (() => void) | null = null;
  /** Wakes a pass waiting for its running jobs (a new job, a stop); set while one waits. */
  let poke: (() => void) | null = null;
  let wokenMeanwhile = false;
  /** Real time (not the injectable clock) of the last sign of life: readiness reads it. */
  let lastTickAt: number | null = null;

  /** Runs the handler within its timeout, extending the lease meanwhile; resolves to the lease it ends with. */
  async function runHandler(job: JobRow, handler: JobHandler): Promise<Date | null> {
    let lease = job.locked_until;
    let extending: Promise<void> | null = null;
    const abort = new AbortController();
    const timeoutMs = timeoutOf(job.kind);
    const extend = setInterval(() => {
      if (!lease || extending) return;
      extending = extendLease(db, { id: job.id, lockedUntil: lease, until: new Date(clock.now().getTime() + leaseMs) })
        .then((next) => {
          if (next) lease = next;
        })
        .catch((error: unknown) => log.error({ job: { kind: job.kind, key: job.key }, err: String(error) }, 'job lease extension failed'))
        .finally(() => {
          extending = null;
        });
    }, Math.max(50, Math.floor(leaseMs / 3)));
    let timeout: ReturnType<typeof setTimeout> | undefined;
    try {
      await Promise.race([
        handler(job, abort.signal),
        new Promise<never>((_, reject) => {
          timeout = setTimeout(() => {
            abort.abort();
            reject(new JobTimeout(`timed out after ${timeoutMs} ms`));
          }, timeoutMs);
        }),
      ]);
    } finally {
      clearTimeout(timeout);
      clearInterval(extend);
      // An extension in flight settles first, so the job completes against the lease it really holds.
      await extending;
    }
    return lease;
  }

  async function runJob(job: JobRow): Promise<void> {
    const handler = handlers[job.kind];
    try {
      if (!handler) throw new Error(`No handler for job kind ${job.kind}`);
      const lease = await runHandler(job, handler);
      await completeJob(db, { id: job.id, lockedUntil: lease, now: clock.now() });
      options.onRun?.(job, 'done');
    } catch (error) {
      if (error instanceof JobAlreadyDone) return;
      const message = error instanceof Error ? error.message : String(error);
      log.error({ job: { kind: job.kind, key: job.key, attempts: job.attempts }, err: message }, 'job failed');
      options.onRun?.(job, 'failed');
      // A deadlock or serialization failure with another job's transaction is nobody's fault and
      // undid the whole change: the job is due again at once (the pass claims it again), not after
      // the back-off meant for a failing service.
      const retryAt = isTransientConflict(error) ? clock.now() : new Date(clock.now().getTime() + retryDelayMs(job.attempts));
      await failJob(db, { id: job.id, error: message, retryAt });
      if (job.attempts >= job.max_attempts) {
        await options.onExhausted?.(job, message).catch((alertError: unknown) =>
          log.error({ job: { kind: job.kind, key: job.key }, err: String(alertError) }, 'job failure alert failed'),
        );
      }
    } finally {
      lastTickAt = Date.now();
    }
  }

  /**
   * One pass: schedules due work, then keeps every lane busy with due jobs until none is left and
   * none runs; returns how many ran. A running job is waited for only while nothing else can start.
   */
  async function pass(withSchedule: boolean): Promise<number> {
    lastTickAt = Date.now();
    if (withSchedule && options.schedule) await options.schedule(clock.now());
    let ran = 0;
    let claims = 0;
    const inFlight = new Set<Promise<void>>();
    const perLane: Record<Lane, number> = { money: 0, other: 0 };
    const perKind = new Map<string, number>();
    const empty: Record<Lane, boolean> = { money: false, other: false };

    const start = (job: JobRow, lane: Lane) => {
      perLane[lane] += 1;
      perKind.set(job.kind, (perKind.get(job.kind) ?? 0) + 1);
      const done: Promise<void> = runJob(job).finally(() => {
        perLane[lane] -= 1;
        perKind.set(job.kind, (perKind.get(job.kind) ?? 1) - 1);
        inFlight.delete(done);
        ran += 1;
      });
      inFlight.add(done);
    };

    const lanes = ['money', 'other'] as const;
    while (!stopping) {
      for (;;) {
        // The lanes that may take a job now. While both may, one claim serves both (the oldest due
        // job of any kind goes to its own lane): an empty answer then costs one statement, not two,
        // and it is asked after every job that ends (issue 55: half the runner's statements were
        // empty claims). A lane at capacity is left out, so the money lane still never waits
        // behind other kinds (decision 0433).
        const open = lanes.filter((lane) => !empty[lane] && perLane[lane] < capacity[lane]);
        if (stopping || open.length === 0 || claims >= maxClaimsPerPass) break;
        const saturated = [...perKind].filter(([kind, count]) => count >= limitOf(kind)).map(([kind]) => kind);
        const ranBefore = ran;
        const [job, ...extra] = await claim(db, {
          now: clock.now(),
          leaseMs,
          limit: 1,
          lane: open.length === 1 ? { lane: open[0], moneyKinds: MONEY_JOB_KINDS } : undefined,
          excludeKinds: saturated,
        });
        // PostgreSQL may run the SKIP LOCKED subquery more than once and claim past its LIMIT:
        // a job claimed but not started here is handed back at once, not left leased.
        if (extra.length > 0) await releaseJobs(db, { ids: extra.map((row) => row.id) });
        if (!job) {
          // A job that ended while this claim ran may have enqueued a follow-up after the claim's
          // snapshot was taken: ask again, or the pass could end with that job due and nothing
          // running (on PostgreSQL a test's runDue() then returned before the mail was sent).
          if (ran !== ranBefore) continue;
          for (const lane of open) empty[lane] = true;
          break;
        }
        claims += 1;
        start(job, isMoneyJobKind(job.kind) ? 'money' : 'other');
      }
      if (inFlight.size === 0) break;
      // Wait for a job to end, a new job (LISTEN) or the poll interval, then look for work again.
      await Promise.race([
        ...inFlight,
        new Promise<void>((resolve) => {
          poke = resolve;
          setTimeout(resolve, options.pollIntervalMs ?? 5_000).unref();
        }),
      ]);
      poke = null;
      empty.money = false;
      empty.other = false;
    }
    // Stopping: the jobs in hand finish (or time out); nothing more is claimed.
    await Promise.allSettled([...inFlight]);
    lastTickAt = Date.now();
    return ran;
  }

  /**
   * One pass at a time per runner; a pass asked for while one runs waits for it. A pass that must
   * schedule, asked for while a woken pass (no schedule) runs, runs right after it: otherwise the
   * schedule's work due now (a reminder) would wait for the next tick, and a later one could overtake it.
   */
  function tick(withSchedule = true): Promise<number> {
    if (running && withSchedule && !runningScheduled) {
      // The next pass schedules, whoever starts it (a wake's follow-up too): no wait can starve it.
      scheduleWanted = true;
      return running.catch(() => 0).then(() => tick(true));
    }
    if (!running) {
      runningScheduled = withSchedule || scheduleWanted;
      scheduleWanted = false;
    }
    running ??= pass(runningScheduled).finally(() => {
      running = null;
      // A job enqueued while the pass was finishing: look again at once.
      if (wokenMeanwhile && !stopped) {
        wokenMeanwhile = false;
        void tick(false).catch((error: unknown) => log.error({ err: String(error) }, 'job runner pass failed'));
      }
    });
    return running;
  }

  /** A new job was enqueued somewhere: a running pass looks for it now, an idle runner starts one. */
  function wake() {
    if (stopped) return;
    if (running) {
      wokenMeanwhile = true;
      poke?.();
      return;
    }
    void tick(false).catch((error: unknown) => log.error({ err: String(error) }, 'job runner pass failed'));
  }

  function loop() {
    if (stopped) return;
    timer = setTimeout(() => {
      tick()
        .catch((error: unknown) => log.error({ err: String(error) }, 'job runner pass failed'))
        .finally(loop);
    }, options.pollIntervalMs ?? 5_000);
  }

  return {
    runDue: () => tick(),
    start() {
      if (!stopped) return;
      stopped = false;
      stopping = false;
      lastTickAt = Date.now();
      loop();
      unsubscribe ??= options.onJobEnqueued?.(wake) ?? null;
    },
    /** Stops polling, lets the running jobs finish and claims nothing more. */
    async stop() {
      stopped = true;
      stopping = true;
      if (timer) clearTimeout(timer);
      timer = null;
      poke?.();
      unsubscribe?.();
      unsubscribe = null;
      await running?.catch(() => undefined);
    },
    /** For readiness: polling, and when it last showed a sign of life (real time). */
    state: () => ({ running: !stopped, lastTickAt }),
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;

/** PostgreSQL's deadlock_detected (40P01) or serialization_failure (40001), wrapped or not. */
export function isTransientConflict(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (code === '40P01' || code === '40001') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
