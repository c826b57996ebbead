import { and, isNotNull, lt } from 'drizzle-orm';
import { PHONE_SEND_LIMITS } from '@shared/constants';
import type { Db } from '../db/client';
import { authRateLimits, authSessions, authVerifications, jobs, outboundEvents, phoneCodeSends } from '../db/schema';
import { deleteOldIdempotencyKeys } from '../http/idempotency';
import { enqueueJob, finishJobIn, type JobRow } from './jobs.repository';
import type { JobModule } from './registry';
import type { JobHandler } from './runner';

/** The daily clean-up job (decision 0433). */
export const RETENTION_JOB_KIND = 'retention';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Finished jobs are kept two weeks (the System tab and support look back that far). */
export const FINISHED_JOB_RETENTION_MS = 14 * DAY_MS;
/** An auth rate-limit row unused for a day counts nothing any more (the longest window is a minute). */
const RATE_LIMIT_RETENTION_MS = DAY_MS;
/** Phone code sends are counted only within the longest send window. */
const PHONE_SEND_RETENTION_MS = Math.max(
  ...Object.values(PHONE_SEND_LIMITS).flatMap((limits) => [...limits.perNumber, ...limits.perAddress].map((window) => window.windowMs)),
);

export interface RetentionResult {
  jobs: number;
  rateLimits: number;
  phoneCodeSends: number;
  sessions: number;
  verifications: number;
  /** Issue 54: stored answers of idempotent writes, replayed for 24 hours only. */
  idempotencyKeys: number;
  /** Issue 54: outbound webhook events (their deliveries go with them) after 30 days. */
  webhookEvents: number;
}

/** The endpoint page's log reaches back 30 days (decision 0473). */
export const WEBHOOK_EVENT_RETENTION_MS = 30 * DAY_MS;

/**
 * Deletes only what nothing reads again: finished jobs older than 14 days (failed ones stay for the
 * admins), auth rate-limit rows idle for a day, phone code sends past every send window, sessions
 * and verification tokens (confirmation, reset) that have expired. `now` is the product's clock (jobs
 * and phone sends are written by it); the auth library keeps real time, so its rows are judged by
 * `authNow` (real time: a test or development clock moved forward must not end live sessions).
 */
export async function deleteExpiredRows(db: Db, now: Date, authNow: Date = new Date()): Promise<RetentionResult> {
  const count = async (rows: Promise<unknown[]>) => (await rows).length;
  return {
    jobs: await count(
      db
        .delete(jobs)
        .where(and(isNotNull(jobs.done_at), lt(jobs.done_at, new Date(now.getTime() - FINISHED_JOB_RETENTION_MS))))
        .returning({ id: jobs.id }),
    ),
    rateLimits: await count(
      db
        .delete(authRateLimits)
        .where(lt(authRateLimits.lastRequest, authNow.getTime() - RATE_LIMIT_RETENTION_MS))
        .returning({ id: authRateLimits.id }),
    ),
    phoneCodeSends: await count(
      db
        .delete(phoneCodeSends)
        .where(lt(phoneCodeSends.sent_at, new Date(now.getTime() - PHONE_SEND_RETENTION_MS)))
        .returning({ id: phoneCodeSends.id }),
    ),
    sessions: await deleteExpiredSessions(db, authNow),
    verifications: await count(
      db.delete(authVerifications).where(lt(authVerifications.expiresAt, authNow)).returning({ id: authVerifications.id }),
    ),
    idempotencyKeys: await deleteOldIdempotencyKeys(db, now),
    // Written with the database's time by the triggers (migration 0052): judged by real time.
    webhookEvents: await count(
      db
        .delete(outboundEvents)
        .where(lt(outboundEvents.created_at, new Date(authNow.getTime() - WEBHOOK_EVENT_RETENTION_MS)))
        .returning({ id: outboundEvents.id }),
    ),
  };
}

/**
 * A delete on auth_sessions tells every instance to re-check its sockets' sessions (its statement
 * trigger), even when it deletes nothing: look first, and delete only when something expired.
 */
async function deleteExpiredSessions(db: Db, authNow: Date): Promise<number> {
  const [expired] = await db.select({ id: authSessions.id }).from(authSessions).where(lt(authSessions.expiresAt, authNow)).limit(1);
  if (!expired) return 0;
  return (await db.delete(authSessions).where(lt(authSessions.expiresAt, authNow)).returning({ id: authSessions.id })).length;
}

/**
 * The schedule of the day's clean-up: one job a UTC day across instances (keyed by the date),
 * enqueued by the first pass of the day; later passes of this process skip the insert.
 */
export function createRetentionSchedule(db: Db): (now: Date) => Promise<void> {
  let scheduledDay: string | null = null;
  return async (now) => {
    const day = now.toISOString().slice(0, 10);
    if (day === scheduledDay) return;
    await enqueueJob(db, { kind: RETENTION_JOB_KIND, key: `retention:${day}`, runAt: now, maxAttempts: 3 });
    scheduledDay = day;
  };
}

export function createRetentionHandlers(deps: { db: Db; clock: { now(): Date } }): Record<string, JobHandler> {
  return {
    [RETENTION_JOB_KIND]: async (job: JobRow) => {
      await deps.db.transaction(async (tx) => {
        await deleteExpiredRows(tx, deps.clock.now());
        await finishJobIn(tx, job, deps.clock.now());
      });
    },
  };
}

/** Issue 53: finished jobs, expired sessions and old rate-limit rows are deleted daily (decision 0433). */
export function retentionJobs(deps: { db: Db; clock: { now(): Date } }): JobModule {
  return { name: 'retention', handlers: createRetentionHandlers(deps), schedule: createRetentionSchedule(deps.db) };
}
