import { useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { browserPlatform, type PlatformProbe } from '../platform';

/**
 * React entry points of the native shell. Outside the shell they do nothing and load nothing: the
 * plugin code is imported lazily, only when Capacitor reports a native platform.
 */

/** Status bar, splash, deep links, push taps and the in-app browser's close (see native-shell.ts). */
export function useNativeShell(
  navigate: (to: string) => void,
  queryClient: QueryClient,
  probe: PlatformProbe = browserPlatform,
) {
  useEffect(() => {
    if (!probe.isNativePlatform()) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('./start-native-shell')
      .then(({ startNativeShell }) => startNativeShell({ navigate, queryClient }))
      .then((remove) => {
        if (cancelled) remove();
        else stop = remove;
      });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [navigate, queryClient, probe]);
}

/** After sign-in: ask for push permission and store the device token. */
export function useNativePush(userId: string | undefined, probe: PlatformProbe = browserPlatform) {
  useEffect(() => {
    if (!userId || !probe.isNativePlatform()) return;
    void import('./native-push').then(({ nativePush }) => nativePush.start()).catch(() => undefined);
  }, [userId, probe]);
}

/** Before sign-out: clear the stored token while the session still exists, then unregister. */
export async function stopNativePush(probe: PlatformProbe = browserPlatform): Promise<void> {
  if (!probe.isNativePlatform()) return;
  const { nativePush } = await import('./native-push');
  await nativePush.stop();
}
