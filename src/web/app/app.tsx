import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { useState } from 'react';
import { Toaster } from '@web/components/ui/toaster';
import { createQueryClient } from '@web/lib/query-client';
import { useNativeShell } from '@web/lib/native/use-native';
import { createAppRouter } from './router';
import { OfflineGate } from './shell/offline-gate';
import { DevErrorMonitor } from './shell/dev-error-monitor';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createAppRouter(queryClient));
  const [navigate] = useState(() => (to: string) => void router.navigate(to));
  useNativeShell(navigate, queryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <OfflineGate>
        <RouterProvider router={router} />
      </OfflineGate>
      <Toaster />
      {import.meta.env.DEV ? <DevErrorMonitor /> : null}
    </QueryClientProvider>
  );
}
