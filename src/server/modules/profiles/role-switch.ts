import { and, eq, inArray } from 'drizzle-orm';
import type { TaskStatus } from '@shared/domain/task-status';
import { messages } from '@shared/messages';
import type { Db } from '../../db/client';
import { expertProfiles, taskApplications, tasks, userRoles } from '../../db/schema';
import { conflict } from '../../lib/errors';

/** Statuses in which an assigned expert still owes the client something (docs/decisions/0270). */
export const IN_FLIGHT_STATUSES: TaskStatus[] = ['assigned', 'in_progress', 'pending_approval', 'disputed', 'payment_lapsed', 'changes_requested', 'no_access_reported'];

/**
 * Expert back to client. Pending applications are withdrawn first: that delete takes their row locks,
 * so an assignment racing with the switch either lands before the task check below (and the switch is
 * refused) or finds no application to accept. The expert profile stays, for a later way back.
 */
export async function switchToClient(db: Db, userId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const pending = and(eq(taskApplications.expert_id, userId), eq(taskApplications.status, 'pending'));
    // Locks in the hire's order, task before application: deleting an application refreshes its
    // task's admin figures (migration 0032's trigger locks the task row), and a hire holds the task
    // row while it settles the applications. Deleting first deadlocked with a racing hire (a 500).
    await tx
      .select({ id: tasks.id })
      .from(tasks)
      .where(inArray(tasks.id, tx.select({ id: taskApplications.task_id }).from(taskApplications).where(pending)))
      .orderBy(tasks.id)
      .for('no key update');
    await tx.delete(taskApplications).where(pending);
    const [busy] = await tx
      .select({ id: tasks.id })
      .from(tasks)
      .where(and(eq(tasks.expert_id, userId), inArray(tasks.status, IN_FLIGHT_STATUSES)))
      .limit(1);
    if (busy) throw conflict(messages.polish.roleTaskInFlight);
    const removed = await tx
      .delete(userRoles)
      .where(and(eq(userRoles.user_id, userId), eq(userRoles.role, 'expert')))
      .returning({ id: userRoles.id });
    return removed.length > 0;
  });
}

/** Client back to expert: only with an application on file (a first application goes through /expert-verification). */
export async function switchToExpert(db: Db, userId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [held] = await tx
      .select({ id: userRoles.id })
      .from(userRoles)
      .where(and(eq(userRoles.user_id, userId), eq(userRoles.role, 'expert')));
    if (held) return false;
    const [expert] = await tx
      .select({ accepted: expertProfiles.lpca_terms_accepted })
      .from(expertProfiles)
      .where(eq(expertProfiles.id, userId));
    if (!expert?.accepted) throw conflict(messages.polish.roleApplicationNeeded);
    const added = await tx.insert(userRoles).values({ user_id: userId, role: 'expert' }).onConflictDoNothing().returning({ id: userRoles.id });
    return added.length > 0;
  });
}
