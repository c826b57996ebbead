import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { defineNamedSql } from '../../db/prepared';
import { decodeReturnedRow } from '../../db/returned-row';
import { expertProfiles, profiles, taskApplications } from '../../db/schema';
import type { ApplicationRow, ExpertProfileRow, ProfileRow } from '../tasks/task-details.repository';

export interface ApplicationWithExpert {
  application: ApplicationRow;
  expert: ExpertProfileRow;
  profile: ProfileRow;
}

/**
 * An expert's application to a task that is still open and not theirs, with `alsoWith`'s CTEs after
 * `inserted_application` in the same statement (the client's notification: notificationsIfChanged,
 * its rows the placeholder `notifications`). One statement built once and run by name
 * (defineNamedSql): PostgreSQL planned it on every application. It re-checks and locks the task's
 * row, and the unique (task, expert) index turns a second or parallel apply into no row: undefined
 * when the task stopped taking applications or this expert already applied.
 */
export function applicationInsert(name: string, alsoWith: SQL) {
  // The task's row lock (decision 0440): a hire's UPDATE of that row waits for this insert to commit
  // and then rejects it with the other pending ones, and an apply that waited for a hire sees the task
  // no longer open. Without it an application sent at the moment of a hire stayed pending. NO KEY
  // UPDATE, the lock the applications' admin-counts trigger takes on the same row right after the
  // insert: a weaker FOR SHARE here let two applies each hold a share and then wait on each other.
  const run = defineNamedSql<Record<string, unknown>>(name, () => sql`
    with open_task as (
      select id from tasks
      where id = ${sql.placeholder('taskId')}::uuid and status = 'open'
        and (expert_id is null or expert_id <> ${sql.placeholder('expertId')}::uuid)
      for no key update
    ),
    inserted_application as (
      insert into task_applications (id, task_id, expert_id, status, proposed_rate, notes, created_at, updated_at)
      select ${sql.placeholder('id')}::uuid, open_task.id, ${sql.placeholder('expertId')}::uuid, 'pending',
             ${sql.placeholder('proposedRate')}, ${sql.placeholder('notes')},
             ${sql.placeholder('now')}::timestamptz, ${sql.placeholder('now')}::timestamptz
      from open_task
      on conflict on constraint task_applications_task_expert_unique do nothing
      returning *
    ), ${alsoWith}
    select * from inserted_application`);
  return async function insertApplicationIfOpen(
    db: Db,
    input: { id: string; taskId: string; expertId: string; proposedRate: number; notes: string; now: Date; notifications: string },
  ): Promise<ApplicationRow | undefined> {
    const [raw] = await run(db, { ...input, now: input.now.toISOString() });
    return raw ? decodeReturnedRow(taskApplications, raw) : undefined;
  };
}

export async function findApplication(db: Db, taskId: string, applicationId: string): Promise<ApplicationRow | undefined> {
  const [row] = await db
    .select()
    .from(taskApplications)
    .where(and(eq(taskApplications.id, applicationId), eq(taskApplications.task_id, taskId)));
  return row;
}

/** The task's applications with each expert's profile, oldest first (the unique (task, expert) index). */
export async function listApplicationsWithExperts(db: Db, taskId: string): Promise<ApplicationWithExpert[]> {
  return db
    .select({ application: taskApplications, expert: expertProfiles, profile: profiles })
    .from(taskApplications)
    .innerJoin(expertProfiles, eq(expertProfiles.id, taskApplications.expert_id))
    .innerJoin(profiles, eq(profiles.id, expertProfiles.profile_id))
    .where(eq(taskApplications.task_id, taskId))
    .orderBy(asc(taskApplications.created_at), asc(taskApplications.id));
}

/** pending -> rejected, only while still pending. */
export async function rejectPendingApplication(
  db: Db,
  input: { taskId: string; applicationId: string; now: Date },
): Promise<ApplicationRow | undefined> {
  const [row] = await db
    .update(taskApplications)
    .set({ status: 'rejected', updated_at: input.now })
    .where(
      and(
        eq(taskApplications.id, input.applicationId),
        eq(taskApplications.task_id, input.taskId),
        eq(taskApplications.status, 'pending'),
      ),
    )
    .returning();
  return row;
}

/**
 * The hired application becomes accepted (undefined when it is no longer pending: the caller rolls
 * back) and every other pending one of the task rejected. The
 * rejections carry `now` (the task's assigned_at) as updated_at, which is how a reopened task finds
 * the applications its assignment rejected (restoreRejectedByAssignment).
 */
export async function settleApplicationsOnAssign(
  db: Db,
  input: { taskId: string; applicationId: string; now: Date },
): Promise<ApplicationRow | undefined> {
  const [accepted] = await db
    .update(taskApplications)
    .set({ status: 'accepted', updated_at: input.now })
    .where(and(eq(taskApplications.id, input.applicationId), eq(taskApplications.status, 'pending')))
    .returning();
  if (!accepted) return undefined;
  await db
    .update(taskApplications)
    .set({ status: 'rejected', updated_at: input.now })
    .where(
      and(
        eq(taskApplications.task_id, input.taskId),
        ne(taskApplications.id, input.applicationId),
        eq(taskApplications.status, 'pending'),
      ),
    );
  return accepted;
}

/**
 * When the hired expert declines or abandons: their application is rejected (they left), and the
 * applications that assignment rejected (stamped with its assigned_at) are pending again, so the
 * client can hire one of them. Applications the client rejected by hand stay rejected.
 */
export async function restoreRejectedByAssignment(
  db: Db,
  input: { taskId: string; leavingExpertId: string; assignedAt: Date | null; now: Date },
): Promise<void> {
  await db
    .update(taskApplications)
    .set({ status: 'rejected', updated_at: input.now })
    .where(and(eq(taskApplications.task_id, input.taskId), eq(taskApplications.expert_id, input.leavingExpertId)));
  if (!input.assignedAt) return;
  await db
    .update(taskApplications)
    .set({ status: 'pending', updated_at: input.now })
    .where(
      and(
        eq(taskApplications.task_id, input.taskId),
        ne(taskApplications.expert_id, input.leavingExpertId),
        eq(taskApplications.status, 'rejected'),
        eq(taskApplications.updated_at, input.assignedAt),
      ),
    );
}

/** An expert's profile and their person profile (same id) in one read; person is null when missing. */
export async function findExpertWithPerson(
  db: Db,
  expertId: string,
): Promise<{ expert: ExpertProfileRow; person: ProfileRow | null } | undefined> {
  const [row] = await db
    .select({ expert: expertProfiles, person: profiles })
    .from(expertProfiles)
    .leftJoin(profiles, eq(profiles.id, expertProfiles.id))
    .where(eq(expertProfiles.id, expertId));
  return row;
}
