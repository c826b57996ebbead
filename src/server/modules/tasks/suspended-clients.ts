import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authUsers } from '../../db/schema';

type Actor = { userId: string; isAdmin: boolean };
type TaskFacts = { status: string; client_id: string };

/** Whether the rule can hide this task from this caller at all: an open task, seen by someone else than its client or an admin. */
const couldBeHidden = (actor: Actor, task: TaskFacts) =>
  task.status === 'open' && !actor.isAdmin && task.client_id !== actor.userId;

/**
 * An open task of a suspended client is hidden from everyone but its client and admins (issue 22):
 * not only from the lists but at its address too, so an expert cannot open it or apply through a
 * saved link. Tasks already in progress stay visible to their expert (the dispute rules apply).
 * This form is for a caller that already read whether the client is suspended (the task-details read).
 */
export function hiddenFromActor(actor: Actor, task: TaskFacts, clientSuspended: boolean): boolean {
  return clientSuspended && couldBeHidden(actor, task);
}

/** The same rule with its own probe: auth_users_suspended_idx is a partial index of the few suspended accounts. */
export async function hiddenBySuspension(db: Db, actor: Actor, task: TaskFacts): Promise<boolean> {
  if (!couldBeHidden(actor, task)) return false;
  const [suspended] = await db
    .select({ id: authUsers.id })
    .from(authUsers)
    .where(and(eq(authUsers.id, task.client_id), isNotNull(authUsers.suspendedAt)))
    .limit(1);
  return Boolean(suspended);
}
