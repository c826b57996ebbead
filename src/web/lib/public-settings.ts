import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicSettingsDto } from '@shared/schemas/geo.schemas';
import { api } from './api';

/** The footer and legal texts (system_settings with defaults), shared by the landing footer and legal pages. */
export const publicSettingsQuery = queryOptions({
  queryKey: ['public-settings'],
  queryFn: () => api.get<PublicSettingsDto>('/api/public-settings'),
});

export const usePublicSettings = () => useQuery(publicSettingsQuery);
