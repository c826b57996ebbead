/**
 * Where a visitor wanted to go before signing up (e.g. "Become an Expert" -> /expert-verification).
 * Kept in browser storage because the email confirmation link signs the user in from another page
 * load, where the router's location state is gone. Read once, then removed.
 */
const STORAGE_KEY = 'post-auth-destination';

/** Only paths inside the app, never back to /auth. */
export function isAppPath(path: unknown): path is string {
  return (
    typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/auth')
  );
}

export function rememberDestination(
  path: string,
  storage: Storage | undefined = globalThis.localStorage,
): void {
  if (!isAppPath(path)) return;
  try {
    storage?.setItem(STORAGE_KEY, path);
  } catch {
    // Storage may be unavailable (private mode); the in-page state still carries the destination.
  }
}

/** Reads without removing (safe during render); `forgetDestination` removes it once used. */
export function peekDestination(storage: Storage | undefined = globalThis.localStorage): string | null {
  try {
    const path = storage?.getItem(STORAGE_KEY) ?? null;
    return isAppPath(path) ? path : null;
  } catch {
    return null;
  }
}

export function forgetDestination(storage: Storage | undefined = globalThis.localStorage): void {
  try {
    storage?.removeItem(STORAGE_KEY);
  } catch {
    // Nothing stored, nothing to forget.
  }
}
