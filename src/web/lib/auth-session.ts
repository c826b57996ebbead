import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api';

/** The auth library's view of the signed-in account (two-factor flag included): issue 22. */
export interface AuthSessionView {
  user: { id: string; email: string; twoFactorEnabled?: boolean };
  session: { id: string };
}

export const authSessionKey = ['auth-session'] as const;

/** Also started by the route warm-up of /admin, whose first render waits for it (decision 0401). */
export const authSessionQuery = queryOptions({
  queryKey: authSessionKey,
  queryFn: () => api.get<AuthSessionView | null>('/api/auth/get-session'),
});

export function useAuthSession() {
  return useQuery(authSessionQuery);
}
