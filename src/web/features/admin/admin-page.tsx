import { Suspense } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { useNavigate } from '@web/lib/navigation';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { LogOut } from 'lucide-react';
import { BRAND_NAME } from '@shared/brand';
import { messages } from '@shared/messages';
import { Logo } from '@web/app/shell/logo';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { signOutRequest, useMe } from '@web/lib/session';
import { TWO_FACTOR_SETUP_PATH, useAuthSession } from '@web/lib/auth-session';
import { ADMIN_TABS, DEFAULT_TAB, tabOf } from './admin-tabs';

/**
 * /admin: a header with Logout, the sidebar of ADMIN_TABS and the active panel. The tab lives in
 * ?tab= and changes replace the history entry; any other /admin/* path goes to the admin root.
 */
export default function AdminPage() {
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const active = tabOf(params.get('tab'));
  const authSession = useAuthSession();

  if (location.pathname.replace(/\/+$/, '') !== '/admin') return <Navigate to="/admin" replace />;
  // Admins must have two-factor sign-in (issue 22): without it, set it up first on the profile's Security
  // tab. RequireAuth does the same for every signed-in page (issue 53); this stays for the page on its own.
  if (authSession.isPending) {
    return (
      <div className="flex min-h-screen items-center justify-center">
        <Spinner label="Loading..." />
      </div>
    );
  }
  if (authSession.data && authSession.data.user.twoFactorEnabled !== true) {
    return <Navigate to={TWO_FACTOR_SETUP_PATH} replace />;
  }

  const select = (id: string) => {
    const next = new URLSearchParams(params);
    // A link's ?search= belongs to the tab it opened, not to the next one.
    next.delete('search');
    if (id === DEFAULT_TAB) next.delete('tab');
    else next.set('tab', id);
    setParams(next, { replace: true });
  };

  return (
    <div className="flex min-h-screen flex-col bg-muted/30">
      <AdminHeader />
      {/* The page's one main landmark: the sections list and the open panel (its h1 names the tab). */}
      <main className="flex flex-1 flex-col">
        <Tabs
          value={active.id}
          onValueChange={select}
          orientation="vertical"
          className="mx-auto w-full max-w-7xl flex-1 gap-4 px-4 py-4 md:flex-row md:gap-6 md:py-6"
        >
          <TabsList
            aria-label="Admin sections"
            className="h-auto w-full flex-wrap justify-start gap-1 md:w-52 md:flex-nowrap md:shrink-0 md:flex-col md:items-stretch md:self-start"
          >
            {ADMIN_TABS.map(({ id, label, icon: Icon }) => (
              <TabsTrigger key={id} value={id} className="flex-none justify-start px-3 py-2 md:w-full">
                <Icon aria-hidden="true" />
                {label}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value={active.id} className="min-w-0">
            <Suspense
              fallback={
                <div className="flex justify-center py-16">
                  <Spinner label="Loading..." />
                </div>
              }
            >
              <active.Panel />
            </Suspense>
          </TabsContent>
        </Tabs>
      </main>
    </div>
  );
}

function AdminHeader() {
  const { data: me } = useMe();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const signOut = async () => {
    try {
      await signOutRequest();
      queryClient.clear();
      navigate('/', { replace: true });
      toast.success(messages.auth.signedOut);
    } catch {
      toast.error(messages.auth.signOutFailed);
    }
  };
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-7xl items-center justify-between gap-3 px-4">
        <Link
          to="/admin"
          aria-label={`${BRAND_NAME} Admin: Overview`}
          className="flex min-w-0 items-center gap-2 font-semibold"
        >
          <Logo />
          <span className="hidden rounded bg-destructive px-1.5 py-0.5 text-xs text-destructive-foreground sm:inline">
            Admin
          </span>
        </Link>
        <div className="flex items-center gap-2">
          <span className="hidden max-w-56 truncate text-sm text-muted-foreground md:inline">
            {me?.profile.email}
          </span>
          <Button variant="outline" size="sm" onClick={signOut}>
            <LogOut aria-hidden="true" />
            <span>Logout</span>
          </Button>
        </div>
      </div>
    </header>
  );
}
