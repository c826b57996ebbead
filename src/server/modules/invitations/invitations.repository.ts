import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { expertProfiles, profiles, taskApplications, taskInvitations, tasks } from '../../db/schema';

export type InvitationRow = typeof taskInvitations.$inferSelect;

export async function findExpertSetting(db: Db, expertId: string): Promise<{ accepts_invitations: boolean } | undefined> {
  const [row] = await db
    .select({ accepts_invitations: expertProfiles.accepts_invitations })
    .from(expertProfiles)
    .where(eq(expertProfiles.id, expertId))
    .limit(1);
  return row;
}

export async function updateExpertSetting(db: Db, params: { expertId: string; accepts: boolean; now: Date }): Promise<boolean> {
  const rows = await db
    .update(expertProfiles)
    .set({ accepts_invitations: params.accepts, updated_at: params.now })
    .where(eq(expertProfiles.id, params.expertId))
    .returning({ id: expertProfiles.id });
  return rows.length > 0;
}

/**
 * Holds the client's profile row until the transaction ends: two invitations of the same client
 * (whatever the task) then count and insert one after the other, so neither limit is overshot.
 */
export async function lockClientForInvitations(db: Db, clientId: string): Promise<void> {
  await db.execute(sql`select id from profiles where id = ${clientId} for update`);
}

export async function countTaskInvitations(db: Db, taskId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(taskInvitations)
    .where(eq(taskInvitations.task_id, taskId));
  return Number(row?.n ?? 0);
}

export async function countClientInvitationsSince(db: Db, clientId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(taskInvitations)
    .where(and(eq(taskInvitations.client_id, clientId), gt(taskInvitations.created_at, since)));
  return Number(row?.n ?? 0);
}

/** Inserts once per task and expert; undefined when the pair was already invited. */
export async function insertInvitation(
  db: Db,
  params: { taskId: string; clientId: string; expertId: string; now: Date },
): Promise<InvitationRow | undefined> {
  const [row] = await db
    .insert(taskInvitations)
    .values({ task_id: params.taskId, client_id: params.clientId, expert_id: params.expertId, created_at: params.now })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function findInvitation(db: Db, taskId: string, expertId: string): Promise<InvitationRow | undefined> {
  const [row] = await db
    .select()
    .from(taskInvitations)
    .where(and(eq(taskInvitations.task_id, taskId), eq(taskInvitations.expert_id, expertId)))
    .limit(1);
  return row;
}

/** Pending to declined, once: a parallel second decline changes nothing and gets undefined. */
export async function declinePendingInvitation(db: Db, params: { id: string; now: Date }): Promise<InvitationRow | undefined> {
  const [row] = await db
    .update(taskInvitations)
    .set({ status: 'declined', responded_at: params.now })
    .where(and(eq(taskInvitations.id, params.id), eq(taskInvitations.status, 'pending')))
    .returning();
  return row;
}

export async function firstNameOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ first_name: profiles.first_name }).from(profiles).where(eq(profiles.id, userId)).limit(1);
  return row?.first_name ?? null;
}

/** The client's open, unassigned tasks (newest first, through tasks_client_created_idx). */
export async function listOpenTasksOf(db: Db, clientId: string): Promise<{ id: string; title: string }[]> {
  return db
    .select({ id: tasks.id, title: tasks.title })
    .from(tasks)
    .where(and(eq(tasks.client_id, clientId), eq(tasks.status, 'open'), sql`${tasks.expert_id} is null`))
    .orderBy(desc(tasks.created_at))
    .limit(100);
}

/** For each of the tasks: how many experts it invited, and whether it invited or has an application of the expert. */
export async function invitationFactsOf(
  db: Db,
  taskIds: string[],
  expertId: string,
): Promise<{ counts: Map<string, number>; invited: Set<string>; applied: Set<string> }> {
  if (taskIds.length === 0) return { counts: new Map(), invited: new Set(), applied: new Set() };
  const [counts, invited, applied] = await Promise.all([
    db
      .select({ task_id: taskInvitations.task_id, n: sql<number>`count(*)::int` })
      .from(taskInvitations)
      .where(inArray(taskInvitations.task_id, taskIds))
      .groupBy(taskInvitations.task_id),
    db
      .select({ task_id: taskInvitations.task_id })
      .from(taskInvitations)
      .where(and(inArray(taskInvitations.task_id, taskIds), eq(taskInvitations.expert_id, expertId))),
    db
      .select({ task_id: taskApplications.task_id })
      .from(taskApplications)
      .where(and(inArray(taskApplications.task_id, taskIds), eq(taskApplications.expert_id, expertId))),
  ]);
  return {
    counts: new Map(counts.map((row) => [row.task_id, Number(row.n)])),
    invited: new Set(invited.map((row) => row.task_id)),
    applied: new Set(applied.map((row) => row.task_id)),
  };
}
