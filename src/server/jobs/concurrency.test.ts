import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { systemClock, manualClock } from '../lib/clock';
import { createTestDatabase } from '../test/test-db';
import { createChangeBus } from '../realtime/change-bus';
import { enqueueJob, findJob, listJobs } from './jobs.repository';
import { createJobRunner, retryDelayMs, type JobHandler } from './runner';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quiet = { error: () => undefined };

// Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set (decision 0433).
describe('jobs that do not block each other', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => {
    await handle.close();
  });

  it('retries a handler that sleeps past its timeout, and runs a money job queued after it at once', async () => {
    const clock = manualClock(new Date('2026-03-01T10:00:00Z'));
    const events: string[] = [];
    let exportAttempts = 0;
    const handlers: Record<string, JobHandler> = {
      'export-slow': async () => {
        exportAttempts += 1;
        events.push(`export-${exportAttempts}`);
        // The first attempt hangs well past its 400 ms (and ignores the abort signal).
        if (exportAttempts === 1) await sleep(3_000);
      },
      'deliver-email-slow': async () => {
        // The only other slot is the export's until its timeout frees it.
        events.push('email');
        await sleep(200);
      },
      capture_retry: async () => void events.push('capture'),
      money_payout: async () => void events.push('payout'),
    };
    const runner = createJobRunner({
      db: handle.db,
      clock,
      log: quiet,
      handlers,
      concurrency: 1,
      kindTimeoutsMs: { 'export-slow': 400 },
    });
    const at = (ms: number) => new Date(clock.now().getTime() + ms);
    await enqueueJob(handle.db, { kind: 'export-slow', key: 'slow:export', runAt: at(-3) });
    await enqueueJob(handle.db, { kind: 'deliver-email-slow', key: 'slow:email', runAt: at(-2) });
    await enqueueJob(handle.db, { kind: 'capture_retry', key: 'slow:capture', runAt: at(-1) });
    await enqueueJob(handle.db, { kind: 'money_payout', key: 'slow:payout', runAt: at(0) });

    const began = Date.now();
    expect(await runner.runDue()).toBe(4);
    // The pass did not wait for the hung export (3 s), only for its timeout.
    expect(Date.now() - began).toBeLessThan(2_500);
    // The money jobs ran while the export hung, before the email that waited for its slot.
    expect(events.slice(0, 3).sort()).toEqual(['capture', 'export-1', 'payout']);
    expect(events[3]).toBe('email');
    const timedOut = await findJob(handle.db, 'slow:export');
    expect(timedOut).toMatchObject({ attempts: 1, last_error: 'timed out after 400 ms', done_at: null, locked_until: null });

    clock.advance(retryDelayMs(1));
    expect(await runner.runDue()).toBe(1);
    expect(await findJob(handle.db, 'slow:export')).toMatchObject({ attempts: 2, last_error: null });
    expect((await findJob(handle.db, 'slow:export'))?.done_at).not.toBeNull();
  }, 20_000);

  it('runs several jobs at once, at most the limit of each kind', async () => {
    const clock = manualClock(new Date('2026-03-02T10:00:00Z'));
    const running = new Map<string, number>();
    const peak = new Map<string, number>();
    const handler: JobHandler = async (job) => {
      running.set(job.kind, (running.get(job.kind) ?? 0) + 1);
      peak.set(job.kind, Math.max(peak.get(job.kind) ?? 0, running.get(job.kind)!));
      await sleep(150);
      running.set(job.kind, running.get(job.kind)! - 1);
    };
    for (let i = 0; i < 4; i += 1) {
      await enqueueJob(handle.db, { kind: 'limited-a', key: `limited:a:${i}`, runAt: clock.now() });
      await enqueueJob(handle.db, { kind: 'limited-b', key: `limited:b:${i}`, runAt: clock.now() });
    }
    const runner = createJobRunner({
      db: handle.db,
      clock,
      log: quiet,
      handlers: { 'limited-a': handler, 'limited-b': handler },
      concurrency: 4,
      kindLimits: { 'limited-a': 1 },
    });
    // Passes until one runs nothing, as a server's polls would: on PostgreSQL under load a pass has
    // been seen to end with one of these jobs still due (the cause is not found; the closing note of
    // issue 55's second stop names it). The limits below are what this test checks.
    while ((await runner.runDue()) > 0);
    expect(peak.get('limited-a')).toBe(1);
    expect(peak.get('limited-b')).toBe(2);
    expect(await listJobs(handle.db, { kind: 'limited-a' })).toHaveLength(4);
    for (const kind of ['limited-a', 'limited-b']) {
      expect((await listJobs(handle.db, { kind })).every((job) => job.done_at !== null)).toBe(true);
    }
  }, 20_000);

  it('extends the lease while a handler runs, so another worker does not take the job over', async () => {
    const key = `lease:${randomUUID()}`;
    let calls = 0;
    const handlers = {
      'lease-slow': async () => {
        calls += 1;
        await sleep(900);
      },
    };
    await enqueueJob(handle.db, { kind: 'lease-slow', key, runAt: new Date(Date.now() - 1000) });
    const first = createJobRunner({ db: handle.db, clock: systemClock, log: quiet, leaseMs: 300, handlers });
    const second = createJobRunner({ db: handle.db, clock: systemClock, log: quiet, leaseMs: 300, handlers });
    const firstPass = first.runDue();
    await sleep(600);
    // Past the first lease of 300 ms: without the extension the second worker would run it again.
    await second.runDue();
    await firstPass;
    expect(calls).toBe(1);
    expect((await findJob(handle.db, key))?.done_at).not.toBeNull();
  }, 20_000);

  it('wakes at once through LISTEN when a job is enqueued, instead of waiting for the next poll', async () => {
    const key = `wake:${randomUUID()}`;
    let ranAt = 0;
    // The change bus hears the jobs table's NOTIFY (PostgreSQL LISTEN, or PGlite in process).
    const bus = createChangeBus(handle);
    await bus.start();
    const runner = createJobRunner({
      db: handle.db,
      clock: systemClock,
      log: quiet,
      pollIntervalMs: 60_000,
      onJobEnqueued: (wake) =>
        bus.subscribe({
          onChange: () => undefined,
          onNotify: (table) => {
            if (table === 'jobs') wake();
          },
        }),
      handlers: { 'wake-me': async () => void (ranAt = Date.now()) },
    });
    runner.start();
    try {
      await sleep(300);
      const enqueuedAt = Date.now();
      await enqueueJob(handle.db, { kind: 'wake-me', key, runAt: new Date() });
      for (let i = 0; i < 50 && !ranAt; i += 1) await sleep(100);
      expect(ranAt).toBeGreaterThan(0);
      expect(ranAt - enqueuedAt).toBeLessThan(5_000);
    } finally {
      await runner.stop();
      await bus.close();
    }
  }, 20_000);
});
