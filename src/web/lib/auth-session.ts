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

/**
 * Where an admin without two-factor sign-in is sent from any page (issues 22 and 53, decision 0474):
 * the Security tab of /profile, with the explanation. The API refuses them everything else.
 */
export const TWO_FACTOR_SETUP_PATH = '/profile?tab=security&twoFactorRequired=true';

/** True on the page TWO_FACTOR_SETUP_PATH names (the gate leaves it alone, so it renders). */
export function isTwoFactorSetupPage(location: { pathname: string; search: string }): boolean {
  const params = new URLSearchParams(location.search);
  return (
    location.pathname.replace(/\/+$/, '') === '/profile' &&
    params.get('tab') === 'security' &&
    params.get('twoFactorRequired') === 'true'
  );
}
