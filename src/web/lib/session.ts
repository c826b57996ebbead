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
  await forgetBrowserPush();
  await api.post('/api/auth/sign-out');
}

/**
 * On a shared computer the next person must not get this user's pushes: the browser's push subscription
 * is removed on the server (while the session still exists) and in the browser. Best effort: signing out
 * never waits on it failing.
 */
export async function forgetBrowserPush(): Promise<void> {
  try {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
    const registration = await navigator.serviceWorker.getRegistration('/');
    const subscription = await registration?.pushManager?.getSubscription();
    if (!subscription) return;
    await api.delete(`/api/web-push/subscriptions?endpoint=${encodeURIComponent(subscription.endpoint)}`).catch(() => undefined);
    await subscription.unsubscribe();
  } catch {
    // No service worker, or the browser refused: nothing of this user's is left to forget.
  }
}

/** Asks the server for the session again; the server slides the expiry forward when it is due. */
export async function refreshSessionRequest(): Promise<{ expiresAt: string } | null> {
  const result = await api.get<{ session?: { expiresAt: string } } | null>('/api/auth/get-session', {
    disableCookieCache: true,
  });
  return result?.session ? { expiresAt: result.session.expiresAt } : null;
}
