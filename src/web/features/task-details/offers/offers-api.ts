import { useQuery } from '@tanstack/react-query';
import type { OffersResponse } from '@shared/schemas/offers.schemas';
import { api } from '@web/lib/api';
import { taskPath } from '../task-query';

/** Under ['tasks', ...] so every task action's refetch refreshes it too. */
export const offersQueryKey = (taskId: string, applicationId: string) => ['tasks', 'offers', taskId, applicationId] as const;

export const offersPath = (taskId: string, applicationId: string, rest = '') =>
  taskPath(taskId, `/applications/${encodeURIComponent(applicationId)}/offers${rest}`);

export function useOffers(taskId: string, applicationId: string) {
  return useQuery({
    queryKey: offersQueryKey(taskId, applicationId),
    queryFn: () => api.get<OffersResponse>(offersPath(taskId, applicationId)),
  });
}
