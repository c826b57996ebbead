import type { Db } from '../db/client';
import type { Clock } from '../lib/clock';
import { log as defaultLog } from '../ops/logger';
import { claimDueJobs, completeJob, failJob, JobAlreadyDone, releaseJobs, type JobRow } from './jobs.repository';

/** The work of one job kind. It must be idempotent: a job may run again after a crash or a lost lease. */
export type JobHandler = (job: JobRow) => Promise<void>;

export interface JobRunnerOptions {
  db: Db;
  clock: Clock;
  handlers: Record<string, JobHandler>;
  /**
   * Finds work that has become due (deadlines stored on tasks) and enqueues it with keyed jobs;
   * runs before every claim so nothing depends on an enqueue having happened at the right moment.
   */
  schedule?: (now: Date) => Promise<void>;
  /** How long a claimed job stays with its worker before another may take it. */
  leaseMs?: number;
  batchSize?: number;
  /** Real milliseconds between polls when started. */
  pollIntervalMs?: number;
  log?: { error(fields: object, message: string): void };
  /** Told of every run (metrics). */
  onRun?: (job: JobRow, outcome: 'done' | 'failed') => void;
  /** Called when a job used its last attempt and failed (admins are told; decision 0164). */
  onExhausted?: (job: JobRow, error: string) => Promise<void>;
}

const RETRY_BASE_MS = 30_000;
const RETRY_MAX_MS = 60 * 60 * 1000;

/** Exponential back-off by attempt: 30 s, 1 min, 2 min, ... at most an hour. */
export const retryDelayMs = (attempts: number) => Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);

/**
 * A small durable job runner on the jobs table (docs/decisions/0110): jobs are claimed with
 * FOR UPDATE SKIP LOCKED, leased, retried with back-off, and never claimed again once done, so
 * several workers (instances) share the work and each job runs once. Time is the injected clock,
 * so tests and the development clock control move it.
 */
export function createJobRunner(options: JobRunnerOptions) {
  const { db, clock, handlers } = options;
  const leaseMs = options.leaseMs ?? 5 * 60 * 1000;
  const batchSize = options.batchSize ?? 20;
  const log = options.log ?? defaultLog;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<number> | null = null;
  let stopped = true;
  let stopping = false;
  /** Real time (not the injectable clock) of the last sign of life: readiness reads it. */
  let lastTickAt: number | null = null;

  async function runJob(job: JobRow): Promise<void> {
    const handler = handlers[job.kind];
    try {
      if (!handler) throw new Error(`No handler for job kind ${job.kind}`);
      await handler(job);
      await completeJob(db, { id: job.id, lockedUntil: job.locked_until, now: clock.now() });
      options.onRun?.(job, 'done');
    } catch (error) {
      if (error instanceof JobAlreadyDone) return;
      const message = error instanceof Error ? error.message : String(error);
      log.error({ job: { kind: job.kind, key: job.key, attempts: job.attempts }, err: message }, 'job failed');
      options.onRun?.(job, 'failed');
      await failJob(db, { id: job.id, error: message, retryAt: new Date(clock.now().getTime() + retryDelayMs(job.attempts)) });
      if (job.attempts >= job.max_attempts) {
        await options.onExhausted?.(job, message).catch((alertError: unknown) =>
          log.error({ job: { kind: job.kind, key: job.key }, err: String(alertError) }, 'job failure alert failed'),
        );
      }
    } finally {
      lastTickAt = Date.now();
    }
  }

  /** Schedules due work, then claims and runs due jobs until none is left; returns how many ran. */
  async function runDue(): Promise<number> {
    lastTickAt = Date.now();
    if (options.schedule) await options.schedule(clock.now());
    let ran = 0;
    for (let round = 0; round < 50; round += 1) {
      const claimed = await claimDueJobs(db, { now: clock.now(), leaseMs, limit: batchSize });
      if (claimed.length === 0) break;
      for (const [index, job] of claimed.entries()) {
        // Shutting down: finish the job in hand, hand the rest of the batch back at once rather
        // than leaving it leased until the lease runs out.
        if (stopping) {
          await releaseJobs(db, { ids: claimed.slice(index).map((rest) => rest.id) });
          return ran;
        }
        await runJob(job);
        ran += 1;
      }
    }
    lastTickAt = Date.now();
    return ran;
  }

  /** One pass at a time per runner; a pass asked for while one runs waits for it. */
  function tick(): Promise<number> {
    running ??= runDue().finally(() => {
      running = null;
    });
    return running;
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
    runDue: tick,
    start() {
      if (!stopped) return;
      stopped = false;
      stopping = false;
      lastTickAt = Date.now();
      loop();
    },
    /** Stops polling, lets the running job finish and releases the rest of its batch. */
    async stop() {
      stopped = true;
      stopping = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running?.catch(() => undefined);
    },
    /** For readiness: polling, and when it last showed a sign of life (real time). */
    state: () => ({ running: !stopped, lastTickAt }),
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
