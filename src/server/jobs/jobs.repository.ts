import { and, asc, eq, inArray, isNull, like, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { defineShapedStatement } from '../db/prepared';
import { jobs } from '../db/schema';

export type JobRow = typeof jobs.$inferSelect;

/**
 * Adds a job unless one with the same key exists (done or not): the key names the work
 * ("remind the parties 48 h before hold pi_123 lapses"), so enqueuing it again is a no-op.
 * Returns true when this call created it.
 */
export async function enqueueJob(
  db: Db,
  params: { kind: string; key: string; runAt: Date; payload?: Record<string, unknown>; maxAttempts?: number },
): Promise<boolean> {
  const rows = await db
    .insert(jobs)
    .values({
      kind: params.kind,
      key: params.key,
      run_at: params.runAt,
      payload: params.payload ?? {},
      max_attempts: params.maxAttempts ?? 10,
      created_at: params.runAt,
    })
    .onConflictDoNothing({ target: jobs.key })
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** A job to enqueue in bulk (enqueueJobs); created_at defaults to runAt, as in enqueueJob. */
export interface NewJob {
  kind: string;
  key: string;
  runAt: Date;
  createdAt?: Date;
  payload?: Record<string, unknown>;
  maxAttempts?: number;
}

/** Rows per set-based statement (one JSON parameter each). */
export const ENQUEUE_CHUNK = 5000;

/**
 * Adds many keyed jobs, skipping keys that exist, in one statement per ENQUEUE_CHUNK jobs (never
 * one per job): one JSON parameter per statement rather than six per row, since binding tens of
 * thousands of parameters cost more than the insert itself (a fan-out to 10,000 users).
 */
export async function enqueueJobs(db: Db, rows: readonly NewJob[]): Promise<void> {
  for (let start = 0; start < rows.length; start += ENQUEUE_CHUNK) {
    const values = rows.slice(start, start + ENQUEUE_CHUNK).map((row) => ({
      kind: row.kind,
      key: row.key,
      payload: row.payload ?? {},
      run_at: row.runAt,
      created_at: row.createdAt ?? row.runAt,
      max_attempts: row.maxAttempts ?? 10,
    }));
    await db.execute(sql`
      insert into jobs (kind, key, payload, run_at, created_at, max_attempts)
      select x.kind, x.key, x.payload, x.run_at, x.created_at, x.max_attempts
      from jsonb_to_recordset(${JSON.stringify(values)}::jsonb)
        as x(kind text, key text, payload jsonb, run_at timestamptz, created_at timestamptz, max_attempts integer)
      on conflict (key) do nothing`);
  }
}

/** Which jobs a claim may take: the money lane, every other kind, or any (decision 0433). */
export interface ClaimLane {
  /** The money kinds by name; kinds starting with `money_` belong to the lane too. */
  moneyKinds: readonly string[];
  lane: 'money' | 'other';
}

/** The money lane's kinds: those named (an array placeholder) and every `money_` kind (`_` escaped for LIKE). */
const moneyKindSql = (): SQL =>
  sql`(${jobs.kind} = any(${sql.placeholder('moneyKinds')}::text[]) or ${like(jobs.kind, 'money\\_%')})`;

/** A claim's lane, and whether it skips kinds already running at their limit (`_excluding`). */
const CLAIM_SHAPES = ['any', 'money', 'other', 'any_excluding', 'money_excluding', 'other_excluding'] as const;
type ClaimShape = (typeof CLAIM_SHAPES)[number];

/**
 * The claim, built once per shape and prepared by name (db/prepared.ts): the runner asks after every
 * job that ends, and PostgreSQL planned each claim anew (about 0.2 ms of planning a call under load,
 * as long as it ran). The kinds skipped and the money kinds are array placeholders, so the text never
 * depends on them; a claim that skips nothing has no such filter at all, since the generic plan
 * evaluates it on every due row it walks. The generic plan walks jobs_due_idx in run_at order.
 */
const runClaim = defineShapedStatement('claim_due_jobs', CLAIM_SHAPES, (db, shape: ClaimShape, name) => {
  const lane = shape.startsWith('money') ? moneyKindSql() : shape.startsWith('other') ? sql`not ${moneyKindSql()}` : undefined;
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        isNull(jobs.done_at),
        lte(jobs.run_at, sql.placeholder('now')),
        or(isNull(jobs.locked_until), lte(jobs.locked_until, sql.placeholder('now'))),
        lt(jobs.attempts, jobs.max_attempts),
        lane,
        shape.endsWith('_excluding') ? sql`${jobs.kind} <> all(${sql.placeholder('excludeKinds')}::text[])` : undefined,
      ),
    )
    .orderBy(asc(jobs.run_at))
    .limit(sql.placeholder('limit'))
    .for('update', { skipLocked: true });
  return db
    .update(jobs)
    .set({ locked_until: sql`${sql.placeholder('lockedUntil')}::timestamptz`, attempts: sql`${jobs.attempts} + 1` })
    .where(inArray(jobs.id, due))
    .returning()
    .prepare(name);
});

/**
 * Claims up to `limit` due jobs for one worker: a single UPDATE over rows selected with
 * FOR UPDATE SKIP LOCKED, so two workers never claim the same job, and a lease (locked_until)
 * after which a crashed worker's job is due again. `lane` restricts the claim to the money kinds or
 * to the others, `excludeKinds` skips kinds already running at their limit.
 */
export async function claimDueJobs(
  db: Db,
  params: { now: Date; leaseMs: number; limit: number; lane?: ClaimLane; excludeKinds?: readonly string[] },
): Promise<JobRow[]> {
  const excluding = params.excludeKinds !== undefined && params.excludeKinds.length > 0;
  const shape: ClaimShape = `${params.lane?.lane ?? 'any'}${excluding ? '_excluding' : ''}`;
  return runClaim(db, shape, {
    now: params.now.toISOString(),
    lockedUntil: new Date(params.now.getTime() + params.leaseMs).toISOString(),
    limit: params.limit,
    moneyKinds: [...(params.lane?.moneyKinds ?? [])],
    excludeKinds: [...(params.excludeKinds ?? [])],
  });
}

/**
 * Moves a running job's lease forward, only while this worker still holds it (the lease it last set).
 * Returns the new lease, or null when the job was finished, failed or taken over meanwhile.
 */
export async function extendLease(db: Db, params: { id: string; lockedUntil: Date; until: Date }): Promise<Date | null> {
  const rows = await db
    .update(jobs)
    .set({ locked_until: params.until })
    .where(and(eq(jobs.id, params.id), eq(jobs.locked_until, params.lockedUntil), isNull(jobs.done_at)))
    .returning({ locked_until: jobs.locked_until });
  return rows[0]?.locked_until ?? null;
}

/** Hands claimed jobs back unrun (a worker shutting down): due again now, the claim not counted. */
export async function releaseJobs(db: Db, params: { ids: string[] }): Promise<void> {
  if (params.ids.length === 0) return;
  await db
    .update(jobs)
    .set({ locked_until: null, attempts: sql`greatest(${jobs.attempts} - 1, 0)` })
    .where(and(inArray(jobs.id, params.ids), isNull(jobs.done_at)));
}

/** Done: never claimed again. Only the worker holding the lease it claimed with may finish it. */
export async function completeJob(db: Db, params: { id: string; lockedUntil: Date | null; now: Date }): Promise<void> {
  await runComplete(db, params.lockedUntil ? 'leased' : 'unleased', {
    id: params.id,
    now: params.now.toISOString(),
    lockedUntil: params.lockedUntil?.toISOString() ?? null,
  });
}

/** The statement above, once per shape and prepared by name: every job that ends runs it. */
const runComplete = defineShapedStatement('complete_job', ['leased', 'unleased'] as const, (db, shape, name) =>
  db
    .update(jobs)
    .set({ done_at: sql`${sql.placeholder('now')}::timestamptz`, locked_until: null, last_error: null })
    .where(
      and(
        eq(jobs.id, sql.placeholder('id')),
        shape === 'leased' ? sql`${jobs.locked_until} = ${sql.placeholder('lockedUntil')}::timestamptz` : undefined,
      ),
    )
    .returning({ id: jobs.id })
    .prepare(name),
);

/** Failed: due again after `retryAt` (until max_attempts), with the error kept for admins. */
export async function failJob(db: Db, params: { id: string; error: string; retryAt: Date }): Promise<void> {
  await db
    .update(jobs)
    .set({ locked_until: null, run_at: params.retryAt, last_error: params.error.slice(0, 2000) })
    .where(eq(jobs.id, params.id));
}

export async function findJob(db: Db, key: string): Promise<JobRow | undefined> {
  const [row] = await db.select().from(jobs).where(eq(jobs.key, key));
  return row;
}

export async function listJobs(db: Db, params: { kind?: string } = {}): Promise<JobRow[]> {
  return db
    .select()
    .from(jobs)
    .where(params.kind ? eq(jobs.kind, params.kind) : undefined)
    .orderBy(asc(jobs.created_at));
}

/** Thrown inside a handler's transaction when another worker already finished the job: rolls it back. */
export class JobAlreadyDone extends Error {
  constructor(key: string) {
    super(`Job ${key} was already done`);
    this.name = 'JobAlreadyDone';
  }
}

/**
 * Marks the job done inside the transaction of its effect, so the effect (notifications, say)
 * commits exactly once even if a second worker ran the same job after a lost lease.
 */
export async function finishJobIn(db: Db, job: Pick<JobRow, 'id' | 'key'>, now: Date): Promise<void> {
  const rows = await db
    .update(jobs)
    .set({ done_at: now, locked_until: null, last_error: null })
    .where(and(eq(jobs.id, job.id), isNull(jobs.done_at)))
    .returning({ id: jobs.id });
  if (rows.length === 0) throw new JobAlreadyDone(job.key);
}

/**
 * Marks a keyed job done without running it: an outbox job whose work the request that wrote it
 * finished (or that was refused for good) at once, so that nothing waits on it.
 */
export async function finishJobByKey(db: Db, params: { key: string; now: Date }): Promise<void> {
  await db
    .update(jobs)
    .set({ done_at: params.now, locked_until: null })
    .where(and(eq(jobs.key, params.key), isNull(jobs.done_at)));
}
