import { initialsOf } from '@shared/domain/initials';
import { BRAND_NAME } from '@shared/brand';
import { Link, Outlet } from 'react-router';
import { useNavigate } from '@web/lib/navigation';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { LogOut } from 'lucide-react';
import { messages } from '@shared/messages';
import { Button } from '@web/components/ui/button';
import { Avatar } from '@web/components/ui/avatar';
import { useMe, signOutRequest } from '@web/lib/session';
import { stopNativePush, useNativePush } from '@web/lib/native/use-native';
import { RoleSelectionDialog } from '@web/features/onboarding/role-selection-dialog';
import { NotificationBell } from '@web/features/notifications/notification-bell';
import { ErrorBoundary } from './error-fallback';
import { useSessionExpiry } from './use-session-expiry';
import { Logo } from './logo';
import { BottomNavigation, TopNavigation } from './main-navigation';
import { RealtimeBridge } from './realtime-bridge';

/**
 * The signed-in layout: top bar (with the main navigation from 768 px), page, the bottom navigation
 * under 768 px, and the role-selection dialog when due.
 */
export function AppShell() {
  const { data: me } = useMe();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useSessionExpiry(me?.session.expiresAt);
  useNativePush(me?.user.id);

  if (!me) return null;
  const { profile, roles } = me;
  const fullName = [profile.first_name, profile.last_name].filter(Boolean).join(' ') || profile.email || 'User';

  const signOut = async () => {
    try {
      await stopNativePush().catch(() => undefined);
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
          <div className="flex min-w-0 items-center gap-6">
            <Link to="/dashboard" aria-label={`${BRAND_NAME}: Dashboard`} className="flex shrink-0 items-center gap-2 font-semibold">
              <Logo />
            </Link>
            <TopNavigation isExpert={roles.isExpert} />
          </div>
          <div className="flex items-center gap-2">
            <NotificationBell />
            {/* The name holds the initials the avatar shows (when there is no photo), so that a speech
                user who says what they see reaches it (WCAG 2.5.3). */}
            <Link to="/profile" aria-label={`Your profile (${initialsOf(fullName)})`} className="rounded-full">
              <Avatar src={profile.avatar_url} name={fullName} className="size-8" />
            </Link>
            <Button variant="ghost" size="sm" onClick={signOut}>
              <LogOut aria-hidden="true" />
              <span>Logout</span>
            </Button>
          </div>
        </div>
      </header>
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 pb-[calc(6rem+env(safe-area-inset-bottom))] pt-6 md:pb-10">
        <ErrorBoundary>
          <Outlet />
        </ErrorBoundary>
      </main>
      <BottomNavigation isExpert={roles.isExpert} />
      {!profile.role_selected_at && !roles.isAdmin ? <RoleSelectionDialog /> : null}
    </div>
  );
}
