import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { authRateLimits, authSessions, authUsers, authVerifications, jobs, phoneCodeSends } from '../db/schema';
import { manualClock } from '../lib/clock';
import { createTestDatabase } from '../test/test-db';
import { enqueueJob, findJob } from './jobs.repository';
import { createRetentionHandlers, createRetentionSchedule, RETENTION_JOB_KIND } from './retention';
import { createJobRunner } from './runner';

const DAY = 24 * 60 * 60 * 1000;

describe('the daily retention job', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => {
    await handle.close();
  });

  it('deletes only what is old: finished jobs past 14 days, idle rate limits, old phone sends, expired sessions and tokens', async () => {
    const clock = manualClock(new Date('2026-04-20T03:00:00Z'));
    const now = clock.now().getTime();
    const ago = (ms: number) => new Date(now - ms);
    const db = handle.db;

    // Jobs: finished 15 days ago (old), finished 13 days ago (kept), failed 30 days ago and never done (kept).
    await enqueueJob(db, { kind: 'k', key: 'ret:old-done', runAt: ago(20 * DAY) });
    await enqueueJob(db, { kind: 'k', key: 'ret:recent-done', runAt: ago(20 * DAY) });
    await enqueueJob(db, { kind: 'k', key: 'ret:old-failed', runAt: ago(30 * DAY), maxAttempts: 1 });
    await db.update(jobs).set({ done_at: ago(15 * DAY) }).where(eq(jobs.key, 'ret:old-done'));
    await db.update(jobs).set({ done_at: ago(13 * DAY) }).where(eq(jobs.key, 'ret:recent-done'));
    await db.update(jobs).set({ attempts: 1, last_error: 'gave up' }).where(eq(jobs.key, 'ret:old-failed'));

    // The auth library's rows keep real time, whatever the product's clock says.
    const real = Date.now();
    await db.insert(authRateLimits).values([
      { id: 'rl-old', key: 'ret-old-key', count: 3, lastRequest: real - 2 * DAY },
      { id: 'rl-new', key: 'ret-new-key', count: 3, lastRequest: real - 60_000 },
    ]);
    await db.insert(phoneCodeSends).values([
      { phone_number: '+15550000001', sent_at: ago(2 * DAY) },
      { phone_number: '+15550000002', sent_at: ago(60 * 60 * 1000) },
    ]);
    const userId = randomUUID();
    await db.insert(authUsers).values({ id: userId, email: `ret-${userId}@example.com`, name: 'R', emailVerified: true, firstName: 'R', lastName: 'T' });
    await db.insert(authSessions).values([
      { id: 's-expired', token: `t-${randomUUID()}`, userId, expiresAt: new Date(real - 1000) },
      { id: 's-live', token: `t-${randomUUID()}`, userId, expiresAt: new Date(real + 60_000) },
    ]);
    await db.insert(authVerifications).values([
      { id: 'v-expired', identifier: 'reset-password:old', value: userId, expiresAt: new Date(real - 1000) },
      { id: 'v-live', identifier: 'reset-password:new', value: userId, expiresAt: new Date(real + 60_000) },
    ]);

    const runner = createJobRunner({
      db,
      clock,
      log: { error: () => undefined },
      handlers: createRetentionHandlers({ db, clock }),
      schedule: createRetentionSchedule(db),
    });
    await runner.runDue();

    const keys = (await db.select({ key: jobs.key }).from(jobs).where(inArray(jobs.key, ['ret:old-done', 'ret:recent-done', 'ret:old-failed']))).map((row) => row.key);
    expect(keys.sort()).toEqual(['ret:old-failed', 'ret:recent-done']);
    expect((await db.select({ id: authRateLimits.id }).from(authRateLimits).where(inArray(authRateLimits.id, ['rl-old', 'rl-new']))).map((r) => r.id)).toEqual(['rl-new']);
    expect((await db.select({ phone: phoneCodeSends.phone_number }).from(phoneCodeSends)).map((r) => r.phone)).toEqual(['+15550000002']);
    expect((await db.select({ id: authSessions.id }).from(authSessions).where(eq(authSessions.userId, userId))).map((r) => r.id)).toEqual(['s-live']);
    expect((await db.select({ id: authVerifications.id }).from(authVerifications).where(eq(authVerifications.value, userId))).map((r) => r.id)).toEqual(['v-live']);

    // One clean-up a day: the day's job is done, and another pass the same day adds none.
    const today = await findJob(db, 'retention:2026-04-20');
    expect(today).toMatchObject({ kind: RETENTION_JOB_KIND });
    expect(today?.done_at).not.toBeNull();
    await runner.runDue();
    expect(await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.kind, RETENTION_JOB_KIND))).toHaveLength(1);
    clock.advance(DAY);
    await runner.runDue();
    expect((await findJob(db, 'retention:2026-04-21'))?.done_at).not.toBeNull();
  });
});
