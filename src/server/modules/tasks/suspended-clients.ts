type Actor = { userId: string; isAdmin: boolean };
type TaskFacts = { status: string; client_id: string };

/** Whether the rule can hide this task from this caller at all: an open task, seen by someone else than its client or an admin. */
const couldBeHidden = (actor: Actor, task: TaskFacts) =>
  task.status === 'open' && !actor.isAdmin && task.client_id !== actor.userId;

/**
 * An open task of a suspended client is hidden from everyone but its client and admins (issue 22):
 * not only from the lists but at its address too, so an expert cannot open it or apply through a
 * saved link. Tasks already in progress stay visible to their expert (the dispute rules apply).
 * Whether the client is suspended is read with the task itself, in the same statement (the
 * task-details read and the access check, task-access.ts), over auth_users_suspended_idx, a
 * partial index of the few suspended accounts.
 */
export function hiddenFromActor(actor: Actor, task: TaskFacts, clientSuspended: boolean): boolean {
  return clientSuspended && couldBeHidden(actor, task);
}
