import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useNavigate } from '@web/lib/navigation';
import { adminMessages } from '@shared/messages/admin';
import { authMessages } from '@shared/messages/auth';
import { useMe } from '@web/lib/session';
import { isTwoFactorSetupPage, TWO_FACTOR_SETUP_PATH, useAuthSession } from '@web/lib/auth-session';
import { lazyToast } from '@web/lib/lazy-toast';
import { hasQuickTaskDraft } from '@web/lib/quick-task-draft';
import { forgetDestination, isAppPath, peekDestination } from '@web/lib/post-auth-destination';
import { FullPageLoading } from './shell/full-page-loading';
import { DashboardFailed } from './shell/dashboard-failed';
import { AccessDenied } from './shell/access-denied';
import { Page } from './routes/page';
import { pages } from './routes/pages';

export interface FromState {
  from?: string;
}

/** Protected routes: a signed-out user goes to /auth, remembering where they came from. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { data: me, isPending, isError } = useMe();
  const location = useLocation();
  const warned = useRef(false);
  const signedOut = !isPending && !isError && !me;
  useEffect(() => {
    if (signedOut && !warned.current) {
      warned.current = true;
      void lazyToast.error(authMessages.signInRequired);
    }
  }, [signedOut]);
  if (isPending) return <FullPageLoading />;
  if (isError) return <DashboardFailed />;
  if (!me) {
    const from = `${location.pathname}${location.search}`;
    return <Navigate to="/auth" replace state={{ from } satisfies FromState} />;
  }
  if (me.roles.isAdmin) return <AdminTwoFactorFirst>{children}</AdminTwoFactorFirst>;
  return <>{children}</>;
}

/**
 * An admin without two-factor sign-in sets it up before anything else (issue 53, decision 0474): every
 * signed-in page (the admin area included) sends them to the Security tab of /profile, with the
 * explanation, where the API lets them set it up. Only admins read the auth library's session here.
 */
function AdminTwoFactorFirst({ children }: { children: ReactNode }) {
  const authSession = useAuthSession();
  const location = useLocation();
  if (authSession.isPending) return <FullPageLoading />;
  if (authSession.data && authSession.data.user.twoFactorEnabled !== true && !isTwoFactorSetupPage(location)) {
    return <Navigate to={TWO_FACTOR_SETUP_PATH} replace />;
  }
  return <>{children}</>;
}

/**
 * "/" and "/auth" for signed-in users: admins go to /admin; others to /dashboard, or from /auth to
 * the quick-task form or the page they came from.
 */
export function RedirectSignedIn({ children, fromAuth = false }: { children: ReactNode; fromAuth?: boolean }) {
  const { data: me, isPending } = useMe();
  const location = useLocation();
  const redirecting = Boolean(me) && fromAuth;
  // The destination remembered at sign-up is used once (read during render, removed after).
  useEffect(() => {
    if (redirecting) forgetDestination();
  }, [redirecting]);
  if (isPending && fromAuth) return <FullPageLoading />;
  if (!me) return <>{children}</>;
  if (me.roles.isAdmin) return <Navigate to="/admin" replace />;
  if (!fromAuth) return <Navigate to="/dashboard" replace />;
  const params = new URLSearchParams(location.search);
  if (params.get('quickTask') === 'true' || hasQuickTaskDraft()) return <Navigate to="/dashboard/create-task" replace />;
  const from = (location.state as FromState | null)?.from;
  return <Navigate to={isAppPath(from) ? from : (peekDestination() ?? '/dashboard')} replace />;
}

/** /dashboard resolves by role: admin to /admin, expert dashboard, otherwise client dashboard. */
export function DashboardIndex() {
  const { data: me } = useMe();
  if (!me) return <FullPageLoading />;
  if (me.roles.isAdmin) return <Navigate to="/admin" replace />;
  return <Page component={me.roles.isExpert ? pages.ExpertDashboard : pages.ClientDashboard} />;
}

/** Pages for experts only (the earnings): anyone else goes to their dashboard. */
export function ExpertOnly({ children }: { children: ReactNode }) {
  const { data: me } = useMe();
  if (!me) return <FullPageLoading />;
  if (!me.roles.isExpert) return <Navigate to="/dashboard" replace />;
  return <>{children}</>;
}

/**
 * The admin area's gate: the Access Denied panel for non-admins, then on to their dashboard. A failed
 * admin check (the /api/me read failing) counts as non-admin and shows its own toast.
 */
export function AdminGate({ children }: { children: ReactNode }) {
  const { data: me, isPending, isError, error } = useMe();
  const navigate = useNavigate();
  const isAdmin = Boolean(me?.roles.isAdmin);
  const denied = isError || (!isPending && Boolean(me) && !isAdmin);
  useEffect(() => {
    if (!denied) return;
    if (isError) void lazyToast.error(error instanceof Error && error.message ? error.message : adminMessages.checkFailed);
    void lazyToast.error(adminMessages.noAccess);
    if (isError) return;
    const timer = window.setTimeout(() => navigate('/dashboard', { replace: true }), 2500);
    return () => window.clearTimeout(timer);
  }, [denied, isError, error, navigate]);
  if (isPending) return <FullPageLoading />;
  if (denied) return <AccessDenied />;
  return <>{children}</>;
}
