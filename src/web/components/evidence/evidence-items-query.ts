import { useQuery } from '@tanstack/react-query';
import type { EvidenceItemsDto } from '@shared/schemas/evidence-trust';
import { api } from '@web/lib/api';

/** Under ['tasks', ...] so every task action's refetch refreshes it too. */
export function useEvidenceItems(taskId: string, enabled = true) {
  return useQuery({
    queryKey: ['tasks', 'evidence-items', taskId],
    queryFn: () => api.get<EvidenceItemsDto>(`/api/tasks/${encodeURIComponent(taskId)}/evidence-items`),
    enabled,
  });
}
