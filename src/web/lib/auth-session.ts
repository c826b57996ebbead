import { useQuery } from '@tanstack/react-query';
import { api } from './api';

/** The auth library's view of the signed-in account (two-factor flag included): issue 22. */
export interface AuthSessionView {
  user: { id: string; email: string; twoFactorEnabled?: boolean };
  session: { id: string };
}

export const authSessionKey = ['auth-session'] as const;

export function useAuthSession() {
  return useQuery({
    queryKey: authSessionKey,
    queryFn: () => api.get<AuthSessionView | null>('/api/auth/get-session'),
  });
}
