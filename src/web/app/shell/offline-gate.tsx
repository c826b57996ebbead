import { useLayoutEffect, useSyncExternalStore, type ReactNode } from 'react';
import { removeStaticShell } from '@web/lib/landing-shell';
import { WifiOff } from 'lucide-react';
import { shellMessages } from '@shared/messages/shell';
import { Button } from '@web/components/ui/button';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Shows the offline screen while the browser reports no connection. */
export function OfflineGate({ children }: { children: ReactNode }) {
  const online = useSyncExternalStore(subscribe, () => navigator.onLine, () => true);
  if (online) return <>{children}</>;
  return <OfflineScreen />;
}

function OfflineScreen() {
  useLayoutEffect(removeStaticShell, []);
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <WifiOff className="size-12 text-muted-foreground" aria-hidden="true" />
      <h1 className="text-2xl font-semibold">{shellMessages.offlineTitle}</h1>
      <p className="text-muted-foreground">{shellMessages.offlineText}</p>
      <Button onClick={() => window.location.reload()}>Retry</Button>
    </main>
  );
}
