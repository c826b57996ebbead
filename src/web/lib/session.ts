import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MeDto } from '@shared/schemas/me.schemas';
import { api, ApiError } from './api';

/** The signed-in user with profile and roles, or null when signed out. Shared by the shell and every feature. */
export const meQueryKey = ['me'] as const;

export const meQuery = queryOptions({
  queryKey: meQueryKey,
  queryFn: async (): Promise<MeDto | null> => {
    try {
      return await api.get<MeDto>('/api/me');
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
});

export function useMe() {
  return useQuery(meQuery);
}

/** Signs out on the server, then forgets every cached query. */
export async function signOutRequest(): Promise<void> {
  await api.post('/api/auth/sign-out');
}

/** Asks the server for the session again; the server slides the expiry forward when it is due. */
export async function refreshSessionRequest(): Promise<{ expiresAt: string } | null> {
  const result = await api.get<{ session?: { expiresAt: string } } | null>('/api/auth/get-session', {
    disableCookieCache: true,
  });
  return result?.session ? { expiresAt: result.session.expiresAt } : null;
}
