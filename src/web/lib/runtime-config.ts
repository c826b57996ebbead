import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RuntimeConfig } from '@shared/schemas/config.schemas';
import { api } from './api';

export type { RuntimeConfig };

export const runtimeConfigQuery = queryOptions({
  queryKey: ['runtime-config'],
  queryFn: () => api.get<RuntimeConfig>('/api/config'),
  staleTime: Infinity,
});

export const useRuntimeConfig = () => useQuery(runtimeConfigQuery);
