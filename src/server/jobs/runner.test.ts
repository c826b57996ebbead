import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { manualClock } from '../lib/clock';
import { createTestDatabase } from '../test/test-db';
import { claimDueJobs, enqueueJob, finishJobIn, findJob, listJobs } from './jobs.repository';
import { createJobRunner, retryDelayMs } from './runner';
import { requestContext } from '../ops/logger';

// Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set (CI runs both).
describe('the table-driven job runner', () => {
  let handle: DatabaseHandle;
  const clock = manualClock(new Date('2026-03-01T10:00:00Z'));
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => {
    await handle.close();
  });

  const quiet = { error: () => undefined };

  it('keeps one job per key, however often it is enqueued', async () => {
    const first = await enqueueJob(handle.db, { kind: 'k', key: 'dedupe:1', runAt: clock.now() });
    const again = await enqueueJob(handle.db, { kind: 'k', key: 'dedupe:1', runAt: clock.now() });
    expect([first, again]).toEqual([true, false]);
    expect((await listJobs(handle.db, { kind: 'k' })).length).toBe(1);
  });

  it('does not run a job before its time', async () => {
    const ran: string[] = [];
    await enqueueJob(handle.db, { kind: 'later', key: 'later:1', runAt: new Date(clock.now().getTime() + 60_000) });
    const runner = createJobRunner({ db: handle.db, clock, log: quiet, handlers: { later: async (job) => void ran.push(job.key) } });
    await runner.runDue();
    expect(ran).toEqual([]);
    clock.advance(60_000);
    await runner.runDue();
    expect(ran).toEqual(['later:1']);
    expect((await findJob(handle.db, 'later:1'))?.done_at).not.toBeNull();
    await runner.runDue();
    expect(ran).toEqual(['later:1']);
  });

  it('runs each job once when two workers run together', async () => {
    const counts = new Map<string, number>();
    const handler = async (job: { key: string }) => {
      counts.set(job.key, (counts.get(job.key) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 2));
    };
    for (let i = 0; i < 30; i += 1) await enqueueJob(handle.db, { kind: 'race', key: `race:${i}`, runAt: clock.now() });
    const workers = [1, 2].map(() => createJobRunner({ db: handle.db, clock, log: quiet, batchSize: 4, handlers: { race: handler } }));
    const ran = await Promise.all(workers.map((worker) => worker.runDue()));
    expect(ran[0] + ran[1]).toBe(30);
    expect(counts.size).toBe(30);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
  });

  it('runs a job again at once, in the same pass, when its transaction lost a deadlock', async () => {
    let calls = 0;
    const runner = createJobRunner({
      db: handle.db,
      clock,
      log: quiet,
      handlers: {
        unlucky: async () => {
          calls += 1;
          if (calls === 1) throw Object.assign(new Error('Failed query'), { cause: { code: '40P01', message: 'deadlock detected' } });
        },
      },
    });
    await enqueueJob(handle.db, { kind: 'unlucky', key: 'unlucky:1', runAt: clock.now() });
    await runner.runDue();
    expect(calls).toBe(2);
    expect((await findJob(handle.db, 'unlucky:1'))?.done_at).not.toBeNull();
  });

  it('retries a failed job with back-off and keeps the error', async () => {
    let calls = 0;
    const runner = createJobRunner({
      db: handle.db,
      clock,
      log: quiet,
      handlers: {
        flaky: async () => {
          calls += 1;
          if (calls === 1) throw new Error('provider unavailable');
        },
      },
    });
    await enqueueJob(handle.db, { kind: 'flaky', key: 'flaky:1', runAt: clock.now() });
    await runner.runDue();
    const failed = await findJob(handle.db, 'flaky:1');
    expect(failed).toMatchObject({ attempts: 1, last_error: 'provider unavailable', done_at: null });
    await runner.runDue();
    expect(calls).toBe(1);
    clock.advance(retryDelayMs(1));
    await runner.runDue();
    expect(calls).toBe(2);
    expect(await findJob(handle.db, 'flaky:1')).toMatchObject({ attempts: 2, last_error: null });
  });

  it('commits a job effect once even when a second worker took it over after a lost lease', async () => {
    await enqueueJob(handle.db, { kind: 'once', key: 'once:1', runAt: clock.now() });
    const job = (await findJob(handle.db, 'once:1'))!;
    await handle.db.transaction(async (tx) => finishJobIn(tx, job, clock.now()));
    await expect(handle.db.transaction(async (tx) => finishJobIn(tx, job, clock.now()))).rejects.toThrow(/already done/);
  });

  it('schedules when asked to while a pass that a new job woke is running (it does not wait for the next tick)', async () => {
    let wakeUp: () => void = () => undefined;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let scheduled = 0;
    const runner = createJobRunner({
      db: handle.db,
      clock,
      log: quiet,
      pollIntervalMs: 60_000,
      handlers: { slow: () => gate },
      schedule: async () => void (scheduled += 1),
      onJobEnqueued: (wake) => {
        wakeUp = wake;
        return () => undefined;
      },
    });
    runner.start();
    try {
      await enqueueJob(handle.db, { kind: 'slow', key: 'slow:woken', runAt: clock.now() });
      // The new job wakes a pass, which does not schedule; it is still running its slow job.
      wakeUp();
      await new Promise((resolve) => setTimeout(resolve, 20));
      const due = runner.runDue();
      release();
      await due;
      expect(scheduled).toBe(1);
      expect((await findJob(handle.db, 'slow:woken'))?.done_at).not.toBeNull();
    } finally {
      await runner.stop();
    }
  });

  it('stops polling on stop()', async () => {
    const runner = createJobRunner({ db: handle.db, clock, log: quiet, pollIntervalMs: 5, handlers: {} });
    runner.start();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await runner.stop();
  });

  // Issue 55: the runner asks for due work after every job that ends; an empty answer costs one
  // statement for both lanes, not one per lane. Counted as a request would count them (request log).
  it('runs the follow-up of a job that ended while a claim found nothing, in the same pass', async () => {
    // A database of its own: the jobs the other tests left must not be due here.
    const own = await createTestDatabase();
    try {
      const ran: string[] = [];
      let letFirstFinish!: () => void;
      const firstMayFinish = new Promise<void>((resolve) => (letFirstFinish = resolve));
      let markFirstEnded!: () => void;
      const firstEnded = new Promise<void>((resolve) => (markFirstEnded = resolve));
      let held = false;
      const runner = createJobRunner({
        db: own.db,
        clock,
        log: quiet,
        handlers: {
          first: async (job) => {
            await firstMayFinish;
            await enqueueJob(own.db, { kind: 'follow_up', key: 'follow:1', runAt: clock.now() });
            ran.push(job.key);
          },
          follow_up: async (job) => void ran.push(job.key),
        },
        // What PostgreSQL's pool allows: the claim's snapshot is taken, then the running job enqueues
        // its follow-up and ends, and only then is the claim's empty answer read.
        claim: async (db, params) => {
          const rows = await claimDueJobs(db, params);
          if (rows.length === 0 && !held) {
            held = true;
            letFirstFinish();
            await firstEnded;
          }
          return rows;
        },
        // After the run's own bookkeeping (its promise's finally) has settled.
        onRun: (job) => {
          if (job.kind === 'first') setImmediate(markFirstEnded);
        },
      });
      await enqueueJob(own.db, { kind: 'first', key: 'first:1', runAt: clock.now() });
      expect(await runner.runDue()).toBe(2);
      expect(ran).toEqual(['first:1', 'follow:1']);
      expect((await findJob(own.db, 'follow:1'))?.done_at).not.toBeNull();
    } finally {
      await own.close();
    }
  });

  it('asks once when nothing is due, and once more after each job, whatever its lane', async () => {
    // A database of its own: the jobs the other tests left must not be due here.
    const own = await createTestDatabase();
    const statementsOf = async (work: () => Promise<unknown>) => {
      const context = { reqId: 'runner-test', queries: 0 };
      await requestContext.run(context, work);
      return context.queries;
    };
    try {
      const ran: string[] = [];
      const runner = createJobRunner({
        db: own.db,
        clock,
        log: quiet,
        handlers: { plain: async (job) => void ran.push(job.key), capture_retry: async (job) => void ran.push(job.key) },
      });
      expect(await statementsOf(() => runner.runDue())).toBe(1);
      await enqueueJob(own.db, { kind: 'plain', key: 'plain:1', runAt: clock.now() });
      await enqueueJob(own.db, { kind: 'capture_retry', key: 'money:1', runAt: clock.now() });
      // Two claims that find a job, one that finds none, two completions, then one look after each
      // job ends (the second finds nothing either way).
      const statements = await statementsOf(() => runner.runDue());
      expect(ran.sort()).toEqual(['money:1', 'plain:1']);
      expect(statements).toBeLessThanOrEqual(7);
      expect(await statementsOf(() => runner.runDue())).toBe(1);
    } finally {
      await own.close();
    }
  });
});
