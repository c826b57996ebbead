import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { EXPERT_FAILURE_KINDS, RELIABILITY, type ExpertOutcome, type ReliabilityEventKind } from '@shared/domain/reliability';
import type { Db } from '../../db/client';
import { applicationPauses, profiles, reliabilityEvents, tasks } from '../../db/schema';

export type ApplicationPauseRow = typeof applicationPauses.$inferSelect;

/** One event per task, user and kind: a retried request records it once. True when written now. */
export async function recordEvent(
  db: Db,
  params: { userId: string; taskId: string | null; kind: ReliabilityEventKind; now: Date },
): Promise<boolean> {
  const rows = await db
    .insert(reliabilityEvents)
    .values({ user_id: params.userId, task_id: params.taskId, kind: params.kind, created_at: params.now })
    .onConflictDoNothing()
    .returning({ id: reliabilityEvents.id });
  return rows.length > 0;
}

/** The times of the expert's cancellations after a hire since `since` (the 30-day look-back). */
export async function expertCancelTimes(db: Db, params: { expertId: string; since: Date }): Promise<Date[]> {
  const rows = await db
    .select({ at: reliabilityEvents.created_at })
    .from(reliabilityEvents)
    .where(
      and(
        eq(reliabilityEvents.user_id, params.expertId),
        eq(reliabilityEvents.kind, 'expert_cancel'),
        gt(reliabilityEvents.created_at, params.since),
      ),
    );
  return rows.map((row) => row.at);
}

/**
 * The expert's last 50 outcomes, newest first: their completed tasks and the events that count
 * against them. Two indexed reads of at most 50 rows each, merged here.
 */
export async function expertOutcomes(db: Db, expertId: string): Promise<ExpertOutcome[]> {
  const [completed, failures] = await Promise.all([
    db
      .select({ at: sql<Date>`coalesce(${tasks.completed_at}, ${tasks.updated_at})`.mapWith((v) => new Date(v)) })
      .from(tasks)
      .where(and(eq(tasks.expert_id, expertId), inArray(tasks.status, ['completed', 'verified'])))
      .orderBy(desc(sql`coalesce(${tasks.completed_at}, ${tasks.updated_at})`))
      .limit(RELIABILITY.window),
    db
      .select({ at: reliabilityEvents.created_at, kind: reliabilityEvents.kind })
      .from(reliabilityEvents)
      .where(and(eq(reliabilityEvents.user_id, expertId), inArray(reliabilityEvents.kind, [...EXPERT_FAILURE_KINDS])))
      .orderBy(desc(reliabilityEvents.created_at))
      .limit(RELIABILITY.window),
  ]);
  return [
    ...completed.map((row) => ({ at: row.at, outcome: 'completed' as ExpertOutcome })),
    ...failures.map((row) => ({ at: row.at, outcome: row.kind as ExpertOutcome })),
  ]
    .sort((a, b) => b.at.getTime() - a.at.getTime())
    .map((row) => row.outcome);
}

/** The pause in force now: not lifted, not yet over. */
export async function pauseInForce(db: Db, expertId: string, now: Date): Promise<ApplicationPauseRow | undefined> {
  const [row] = await db
    .select()
    .from(applicationPauses)
    .where(and(eq(applicationPauses.expert_id, expertId), isNull(applicationPauses.lifted_at), gt(applicationPauses.paused_until, now)));
  return row;
}

/**
 * Pauses the expert until `until`. One open pause per expert (a partial unique index): a pause that
 * ran out on its own is renewed in place, so a parallel third cancel cannot write two.
 */
export async function upsertPause(db: Db, params: { expertId: string; until: Date; now: Date }): Promise<ApplicationPauseRow> {
  const [row] = await db
    .insert(applicationPauses)
    .values({ expert_id: params.expertId, paused_until: params.until, created_at: params.now })
    .onConflictDoUpdate({
      target: applicationPauses.expert_id,
      targetWhere: isNull(applicationPauses.lifted_at),
      set: { paused_until: params.until, created_at: params.now },
    })
    .returning();
  return row!;
}

/** Conditional: lifts the pause in force, once; undefined when there is none (or a parallel lift won). */
export async function liftPause(
  db: Db,
  params: { expertId: string; adminId: string; reason: string; now: Date },
): Promise<ApplicationPauseRow | undefined> {
  const [row] = await db
    .update(applicationPauses)
    .set({ lifted_at: params.now, lifted_by: params.adminId, lift_reason: params.reason })
    .where(
      and(
        eq(applicationPauses.expert_id, params.expertId),
        isNull(applicationPauses.lifted_at),
        gt(applicationPauses.paused_until, params.now),
      ),
    )
    .returning();
  return row;
}

/** The pauses in force, soonest end first, with the expert's name (the admin's list). */
export async function listPausesInForce(db: Db, now: Date) {
  return db
    .select({
      expert_id: applicationPauses.expert_id,
      paused_until: applicationPauses.paused_until,
      created_at: applicationPauses.created_at,
      first_name: profiles.first_name,
      last_name: profiles.last_name,
      email: profiles.email,
    })
    .from(applicationPauses)
    .innerJoin(profiles, eq(profiles.id, applicationPauses.expert_id))
    .where(and(isNull(applicationPauses.lifted_at), gt(applicationPauses.paused_until, now)))
    .orderBy(applicationPauses.paused_until)
    .limit(200);
}

export async function profileExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, id));
  return row !== undefined;
}

/**
 * Locks the expert's profile row for the rest of the transaction: two cancels committing at once
 * would each count only their own event and miss the third, so the count runs one at a time. No key
 * update: rows that merely reference the profile (a notification to the expert) are not held up.
 */
export async function lockExpertRecord(db: Db, expertId: string): Promise<void> {
  await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, expertId)).for('no key update');
}
