import { shellMessages } from '@shared/messages/shell';
import { Button } from '@web/components/ui/button';

export function DashboardFailed() {
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <p role="alert">{shellMessages.dashboardFailed}</p>
      <Button onClick={() => window.location.reload()}>Reload Page</Button>
    </main>
  );
}
