import { useQuery } from '@tanstack/react-query';
import type { EvidenceItemsDto } from '@shared/schemas/evidence-trust';
import { api } from '@web/lib/api';
import { taskPath } from './task-query';

/** Under ['tasks', ...] so every task action's refetch refreshes it too. */
export function useEvidenceItems(taskId: string) {
  return useQuery({
    queryKey: ['tasks', 'evidence-items', taskId],
    queryFn: () => api.get<EvidenceItemsDto>(taskPath(taskId, '/evidence-items')),
  });
}
