import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyExpertProfileDto, MyExpertProfileResponse } from '@shared/schemas/expert-onboarding.schemas';
import { api } from './api';

/**
 * The signed-in user's own expert profile (null for non-experts). Shared by the profile page, the
 * expert application and the payment-provider return page, which all invalidate this one key.
 */
export const myExpertProfileQueryKey = ['experts', 'me'] as const;

export const myExpertProfileQuery = queryOptions({
  queryKey: myExpertProfileQueryKey,
  queryFn: async (): Promise<MyExpertProfileDto | null> =>
    (await api.get<MyExpertProfileResponse>('/api/experts/me')).expert,
});

export function useMyExpertProfile(options: { enabled?: boolean } = {}) {
  return useQuery({ ...myExpertProfileQuery, enabled: options.enabled ?? true });
}
