import { expect, it } from 'vitest';
import { createJob } from '../test/builders';
import { describeOnPostgres, useOneConnection } from '../test/one-connection';
import { eq } from 'drizzle-orm';
import { jobs } from '../db/schema';
import { claimDueJobs, completeJob } from './jobs.repository';

/**
 * Issue 55: the runner claims after every job that ends, and PostgreSQL planned each claim anew
 * (about 0.2 ms of planning a call under load, as long as it ran). The claim is now built once per
 * lane (and whether it skips kinds) and prepared by name on each pooled connection; the kinds it
 * skips and the money kinds are array parameters, so any list of them runs the same statement.
 */
describeOnPostgres('the job claim as a statement prepared once per lane and connection (PostgreSQL)', () => {
  const now = new Date('2026-12-07T12:00:00.000Z');
  const suite = useOneConnection(async (t) => {
    const due = new Date(now.getTime() - 60_000);
    const money = await createJob(t.db, { kind: 'money_capture', run_at: due });
    const named = await createJob(t.db, { kind: 'refund-hold', run_at: new Date(due.getTime() + 1_000) });
    const mail = await createJob(t.db, { kind: 'deliver-email', run_at: new Date(due.getTime() + 2_000) });
    const push = await createJob(t.db, { kind: 'deliver-push', run_at: new Date(due.getTime() + 3_000) });
    const later = await createJob(t.db, { kind: 'deliver-email', run_at: new Date(now.getTime() + 60_000) });
    // Not a money kind: only `money_` names one (LIKE's `_` escaped).
    const lookalike = await createJob(t.db, { kind: 'moneybox-report', run_at: new Date(due.getTime() + 4_000) });
    return { money, named, mail, push, later, lookalike };
  });

  it('takes each lane its own kinds, skips the kinds asked, leases what it takes, and runs by name', async () => {
    const { connection, seeded } = suite;
    const claim = (options: Partial<Parameters<typeof claimDueJobs>[1]>) =>
      claimDueJobs(connection.db, { now, leaseMs: 30_000, limit: 10, ...options });
    const moneyKinds = ['refund-hold'];

    const other = await claim({ lane: { lane: 'other', moneyKinds }, excludeKinds: ['deliver-push'] });
    expect(other.map((job) => job.id).sort()).toEqual([seeded.mail.id, seeded.lookalike.id].sort());
    expect(other[0]).toMatchObject({ attempts: 1, locked_until: new Date(now.getTime() + 30_000) });

    const money = await claim({ lane: { lane: 'money', moneyKinds }, limit: 1 });
    expect(money.map((job) => job.id)).toEqual([seeded.money.id]);

    // Any lane, no kind skipped: what is left and due (UPDATE ... RETURNING keeps no order); the job
    // due later stays.
    const rest = await claim({});
    expect(rest.map((job) => job.id).sort()).toEqual([seeded.named.id, seeded.push.id].sort());
    expect(await claim({})).toEqual([]);

    expect(await connection.prepared('claim_due_jobs')).toEqual([
      { name: 'claim_due_jobs_any', runs: 2 },
      { name: 'claim_due_jobs_money', runs: 1 },
      { name: 'claim_due_jobs_other_excluding', runs: 1 },
    ]);
  });

  it('finishes a job by name only for the worker holding its lease', async () => {
    const { connection, seeded } = suite;
    const doneAt = async (id: string) => (await connection.db.select({ done: jobs.done_at }).from(jobs).where(eq(jobs.id, id)))[0]!.done;
    const lease = new Date(now.getTime() + 30_000);
    await completeJob(connection.db, { id: seeded.mail.id, lockedUntil: lease, now });
    expect(await doneAt(seeded.mail.id)).toEqual(now);
    // A lease that is not the job's (another worker took it over): left as it is.
    await completeJob(connection.db, { id: seeded.money.id, lockedUntil: new Date(lease.getTime() + 1), now });
    expect(await doneAt(seeded.money.id)).toBeNull();
    await completeJob(connection.db, { id: seeded.push.id, lockedUntil: null, now });
    expect(await doneAt(seeded.push.id)).toEqual(now);
    expect(await connection.prepared('complete_job')).toEqual([
      { name: 'complete_job_leased', runs: 2 },
      { name: 'complete_job_unleased', runs: 1 },
    ]);
  });
});
