import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { useEffect, useState } from 'react';
import { createQueryClient } from '@web/lib/query-client';
import { installSessionLostHandler } from '@web/lib/session-lost';
import { useNavigate } from '@web/lib/navigation';
import { useNativeShell } from '@web/lib/native/use-native';
import { AppRoutes } from './router';
import { OfflineGate } from './shell/offline-gate';
import { DevErrorMonitor } from './shell/dev-error-monitor';
import { DeferredToaster } from './shell/deferred-toaster';

/** Status bar, deep links and push taps in the native shell; nothing in a browser. */
function NativeShell({ queryClient }: { queryClient: QueryClient }) {
  useNativeShell(useNavigate(), queryClient);
  return null;
}

/** `queryClient`: the entry's, already holding the opened page's first reads (decision 0390). */
export function App({ queryClient: givenClient }: { queryClient?: QueryClient } = {}) {
  const [queryClient] = useState(() => givenClient ?? createQueryClient());
  useEffect(() => installSessionLostHandler(queryClient), [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <NativeShell queryClient={queryClient} />
        <OfflineGate>
          <AppRoutes />
        </OfflineGate>
        <DeferredToaster />
      </BrowserRouter>
      {import.meta.env.DEV ? <DevErrorMonitor /> : null}
    </QueryClientProvider>
  );
}
