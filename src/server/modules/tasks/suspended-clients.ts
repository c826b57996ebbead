import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authUsers } from '../../db/schema';

/**
 * An open task of a suspended client is hidden from everyone but its client and admins (issue 22):
 * not only from the lists but at its address too, so an expert cannot open it or apply through a
 * saved link. Tasks already in progress stay visible to their expert (the dispute rules apply).
 * auth_users_suspended_idx is a partial index of the few suspended accounts: one tiny probe.
 */
/** The same rule when the caller already knows whether the client is suspended (the task-details read). */
export function hiddenFromActor(
  actor: { userId: string; isAdmin: boolean },
  task: { status: string; client_id: string },
  clientSuspended: boolean,
): boolean {
  return clientSuspended && task.status === 'open' && !actor.isAdmin && task.client_id !== actor.userId;
}

export async function hiddenBySuspension(
  db: Db,
  actor: { userId: string; isAdmin: boolean },
  task: { status: string; client_id: string },
): Promise<boolean> {
  if (task.status !== 'open' || actor.isAdmin || task.client_id === actor.userId) return false;
  const [suspended] = await db
    .select({ id: authUsers.id })
    .from(authUsers)
    .where(and(eq(authUsers.id, task.client_id), isNotNull(authUsers.suspendedAt)))
    .limit(1);
  return Boolean(suspended);
}
