import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api';

export interface RuntimeConfig {
  paymentProvider: 'stripe' | 'local';
  publishableKey: string | null;
  mapTileUrl: string | null;
  mapTileAttribution: string | null;
  appScheme: string;
  devOutbox: boolean;
}

export const runtimeConfigQuery = queryOptions({
  queryKey: ['runtime-config'],
  queryFn: () => api.get<RuntimeConfig>('/api/config'),
  staleTime: Infinity,
});

export const useRuntimeConfig = () => useQuery(runtimeConfigQuery);
