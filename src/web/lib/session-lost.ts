import type { QueryClient } from '@tanstack/react-query';
import { setUnauthorizedHandler } from './api';
import { meQueryKey } from './session';
import { realtime } from './realtime';

/**
 * The one place a lost session is handled (a 401 from any API call while the app thinks the user is
 * signed in): the socket is closed, every cached answer of that user is dropped and the cached user
 * becomes null. RequireAuth then sends a protected page to /auth with "Please sign in to access this
 * page", remembering the page, and the sign-in returns there. Public pages simply show the signed-out header.
 * Returns the uninstaller.
 */
export function installSessionLostHandler(queryClient: QueryClient): () => void {
  return setUnauthorizedHandler(() => {
    if (!queryClient.getQueryData(meQueryKey)) return false;
    realtime.disconnect();
    void queryClient.cancelQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
    queryClient.setQueryData(meQueryKey, null);
    return true;
  });
}
