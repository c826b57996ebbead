import { QueryClient } from '@tanstack/react-query';
import { QUERY_CACHE } from '@shared/constants';
import { ApiError } from './api';

/** The spec's caching table: 5 minutes fresh, one retry, no refetch on window focus by default. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_CACHE.staleTimeMs,
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < QUERY_CACHE.retry,
        refetchOnWindowFocus: false,
      },
    },
  });
}
