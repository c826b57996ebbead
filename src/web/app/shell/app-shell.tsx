import { Link, NavLink, Outlet, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ClipboardList, LogOut, MessageSquare, User } from 'lucide-react';
import { messages } from '@shared/messages';
import { Button } from '@web/components/ui/button';
import { Avatar } from '@web/components/ui/avatar';
import { useMe, signOutRequest } from '@web/lib/session';
import { RoleSelectionDialog } from '@web/features/onboarding/role-selection-dialog';
import { NotificationBell } from '@web/features/notifications/notification-bell';
import { ErrorBoundary } from './error-fallback';
import { useSessionExpiry } from './use-session-expiry';
import { Logo } from './logo';
import { RealtimeBridge } from './realtime-bridge';

/** The signed-in layout: top bar, page, bottom navigation, and the role-selection dialog when due. */
export function AppShell() {
  const { data: me } = useMe();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useSessionExpiry(me?.session.expiresAt);

  if (!me) return null;
  const { profile, roles } = me;
  const fullName = [profile.first_name, profile.last_name].filter(Boolean).join(' ') || profile.email || 'User';

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
    <div className="flex min-h-screen flex-col bg-muted/30">
      <RealtimeBridge userId={profile.id} isExpert={roles.isExpert} />
      <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur">
        <div className="mx-auto flex h-14 max-w-6xl items-center justify-between gap-3 px-4">
          <Link to="/dashboard" aria-label="Dashboard" className="flex items-center gap-2 font-semibold">
            <Logo />
          </Link>
          <div className="flex items-center gap-2">
            <NotificationBell />
            <Link to="/profile" aria-label="Your profile" className="rounded-full">
              <Avatar src={profile.avatar_url} name={fullName} className="size-8" />
            </Link>
            <Button variant="ghost" size="sm" onClick={signOut}>
              <LogOut aria-hidden="true" />
              <span>Logout</span>
            </Button>
          </div>
        </div>
      </header>
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 pb-24 pt-6">
        <ErrorBoundary>
          <Outlet />
        </ErrorBoundary>
      </main>
      <BottomNavigation isExpert={roles.isExpert} />
      {!profile.role_selected_at && !roles.isAdmin ? <RoleSelectionDialog /> : null}
    </div>
  );
}

function BottomNavigation({ isExpert }: { isExpert: boolean }) {
  const item = ({ isActive }: { isActive: boolean }) =>
    `flex flex-1 flex-col items-center gap-1 py-2 text-xs font-medium ${isActive ? 'text-primary' : 'text-muted-foreground hover:text-foreground'}`;
  return (
    <nav aria-label="Main" className="fixed inset-x-0 bottom-0 z-40 border-t bg-background">
      <div className="mx-auto flex max-w-md">
        <NavLink to="/dashboard" end className={item}>
          <ClipboardList className="size-5" aria-hidden="true" />
          {isExpert ? 'Available Tasks' : 'My Tasks'}
        </NavLink>
        <NavLink to="/dashboard/messages" className={item}>
          <MessageSquare className="size-5" aria-hidden="true" />
          Messages
        </NavLink>
        <NavLink to="/profile" className={item}>
          <User className="size-5" aria-hidden="true" />
          Profile
        </NavLink>
      </div>
    </nav>
  );
}
