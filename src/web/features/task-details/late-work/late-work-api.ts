import { useQuery } from '@tanstack/react-query';
import type { LateWorkDto } from '@shared/schemas/evidence-changes.schemas';
import { api } from '@web/lib/api';
import { taskPath } from '../task-query';

/** Under ['tasks', ...] so every task action's refetch refreshes it too. */
export const lateWorkQueryKey = (taskId: string) => ['tasks', 'late-work', taskId] as const;

export function useLateWork(taskId: string, enabled: boolean) {
  return useQuery({
    queryKey: lateWorkQueryKey(taskId),
    queryFn: () => api.get<LateWorkDto>(taskPath(taskId, '/late-work')),
    enabled,
  });
}
