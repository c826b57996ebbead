import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { QUERY_CACHE } from '@shared/constants';
import type {
  ExpertPublicProfileResponse,
  ExpertReviewsPageResponse,
} from '@shared/schemas/expert-public.schemas';
import { api, ApiError } from '@web/lib/api';

export const publicProfileKey = (expertId: string) => ['experts', 'public', expertId] as const;

/** A missing expert stays missing: 4xx answers are not retried; other failures once (the spec). */
const retryOnce = (failures: number, error: unknown) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < QUERY_CACHE.retry;

/** The public profile; also started by the route warm-up before the first render (decision 0390). */
export const publicProfileQuery = (expertId: string) =>
  queryOptions({
    queryKey: publicProfileKey(expertId),
    queryFn: async () =>
      (await api.get<ExpertPublicProfileResponse>(`/api/experts/${encodeURIComponent(expertId)}/public`))
        .expert,
    staleTime: QUERY_CACHE.staleTimeMs,
    retry: retryOnce,
  });

export function usePublicProfile(expertId: string) {
  return useQuery(publicProfileQuery(expertId));
}

/** A page of the expert's reviews; the first page also starts with the route warm-up. */
export const expertReviewsQuery = (expertId: string, page: number, pageSize: number) =>
  queryOptions({
    queryKey: ['experts', 'reviews', expertId, page, pageSize] as const,
    queryFn: () =>
      api.get<ExpertReviewsPageResponse>(
        `/api/experts/${encodeURIComponent(expertId)}/reviews?page=${page}&pageSize=${pageSize}`,
      ),
    staleTime: QUERY_CACHE.staleTimeMs,
    retry: retryOnce,
  });

export function useExpertReviews(expertId: string, page: number, pageSize: number) {
  return useQuery({ ...expertReviewsQuery(expertId, page, pageSize), placeholderData: keepPreviousData });
}
