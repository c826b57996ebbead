import { useEffect, useLayoutEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Wrench } from 'lucide-react';
import { adminMessages } from '@shared/messages/admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { publicSettingsQuery } from '@web/lib/public-settings';
import { removeStaticShell } from '@web/lib/landing-shell';
import { realtime } from '@web/lib/realtime';
import { useMe } from '@web/lib/session';
import { Logo } from './logo';

/** How often the maintenance page asks whether maintenance is over, so it recovers by itself. */
export const MAINTENANCE_POLL_MS = 15_000;
/** A visitor has no socket (it needs a session): their open page asks this often instead. */
export const VISITOR_POLL_MS = 60_000;

/**
 * Maintenance mode in the web: visitors and signed-in non-admins see the maintenance page on every
 * route but /auth (so an admin can still sign in); admins see the product as usual. The server
 * refuses non-admin writes on its own (503), whatever the web shows. A switch reaches signed-in
 * pages at once over the socket (a `settings` frame), visitors' pages within a minute, and the
 * maintenance page polls until it is over (issue 25, docs/decisions/0271).
 */
export function MaintenanceGate({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { data: me } = useMe();
  const signedIn = Boolean(me);
  const { data: settings } = useQuery({
    ...publicSettingsQuery,
    refetchInterval: (query) => (query.state.data?.maintenance_mode ? MAINTENANCE_POLL_MS : signedIn ? false : VISITOR_POLL_MS),
  });
  useEffect(() => {
    const refetch = () => void queryClient.invalidateQueries({ queryKey: publicSettingsQuery.queryKey });
    const stopSettings = realtime.onSettingsChange(refetch);
    const stopReconnect = realtime.onReconnect(refetch);
    return () => {
      stopSettings();
      stopReconnect();
    };
  }, [queryClient]);
  const { pathname } = useLocation();
  if (!settings?.maintenance_mode || me?.roles.isAdmin || pathname.startsWith('/auth')) return <>{children}</>;
  return <MaintenancePage contactEmail={settings.contact_email} signedIn={signedIn} />;
}

function MaintenancePage({ contactEmail, signedIn }: { contactEmail: string | null; signedIn: boolean }) {
  // The static landing hero index.html paints on "/" would otherwise sit above the notice (the landing
  // page, which removes it, never mounts during maintenance).
  useLayoutEffect(removeStaticShell, []);
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-5 bg-muted/30 p-6 text-center">
      <div className="flex items-center gap-2 text-lg font-semibold">
        <Logo />
      </div>
      <Wrench className="size-12 text-muted-foreground" aria-hidden="true" />
      <h1 className="text-2xl font-semibold">{adminMessages.maintenanceTitle}</h1>
      <p className="max-w-md text-muted-foreground">{adminMessages.maintenanceBody}</p>
      {contactEmail ? (
        <p className="text-sm">
          <a className="underline underline-offset-4" href={`mailto:${contactEmail}`}>
            {contactEmail}
          </a>
        </p>
      ) : null}
      {signedIn ? null : (
        <Link to="/auth" className="text-sm text-muted-foreground underline underline-offset-4">
          Admin sign-in
        </Link>
      )}
    </main>
  );
}
