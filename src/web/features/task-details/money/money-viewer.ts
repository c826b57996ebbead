import type { TaskDetailsDto } from '@shared/schemas/task-api';

export type MoneyViewer = 'client' | 'expert' | 'admin';
/** What the rule reads of the signed-in user (a MeDto has it). */
type Viewer = { user: { id: string }; roles: { isAdmin: boolean } };

/**
 * Who sees the task's money panel, and as whom: its client, its assigned expert and admins; nobody
 * else. The task page renders the panel by it, and the route warm-up starts the panel's read by it.
 */
export function moneyViewerOf(
  me: Viewer | null | undefined,
  task: Pick<TaskDetailsDto, 'client_id' | 'expert_id'>,
): MoneyViewer | null {
  if (!me) return null;
  if (task.client_id === me.user.id) return 'client';
  if (task.expert_id !== null && task.expert_id === me.user.id) return 'expert';
  return me.roles.isAdmin ? 'admin' : null;
}
