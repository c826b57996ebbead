import { useLayoutEffect } from 'react';
import { removeStaticShell } from '@web/lib/landing-shell';
import { Navigate, Outlet, Route, Routes, useLocation } from 'react-router';
import { pages } from './routes/pages';
import { preloadable } from './routes/preloadable';
import { Page } from './routes/page';
import { RequireAuth, RedirectSignedIn, AdminGate, DashboardIndex, ExpertOnly } from './guards';
import { ErrorBoundary } from './shell/error-fallback';
import { NotFoundPage } from './routes/not-found-page';
import { MaintenanceGate } from './shell/maintenance-gate';
import { pageTitleOf } from './routes/page-titles';

/**
 * Every route of the product (spec 000 section 2, 001 section 2, 002 section 2). Pages are
 * lazy-loaded per route so the landing page's initial JS stays small, and the routes are declared
 * for `<BrowserRouter>` rather than a data router, whose loader machinery the product never used
 * and which cost the landing page 14 KB on the wire (decision 0108).
 */
// The signed-in shell (bell, dialogs, navigation) is its own chunk: visitors of the landing page never load it.
const appShell = preloadable(() => import('./shell/app-shell').then((module) => ({ default: module.AppShell })));
export const loadAppShell = appShell.load;
const AppShell = appShell.Component;

export function AppRoutes() {
  // A render error shows the full-page fallback until the user goes to another page.
  const { pathname } = useLocation();
  // Away from "/" (a signed-in visitor redirected before the landing page loaded) the static hero goes,
  // and a page's own shell (decision 0404) gives way to the page on its first commit.
  useLayoutEffect(() => {
    if (pathname !== '/') removeStaticShell();
  }, [pathname]);
  // Each page names the browser tab (and the history list and bookmarks) after itself; a page that
  // knows more (a task's title) replaces it from its own effect, which runs after this one.
  useLayoutEffect(() => {
    document.title = pageTitleOf(pathname);
  }, [pathname]);
  return (
    <ErrorBoundary resetKey={pathname}>
      <Routes>
        <Route
          element={
            <MaintenanceGate>
              <Outlet />
            </MaintenanceGate>
          }
        >
          <Route
            path="/"
            element={
              <RedirectSignedIn>
                <Page component={pages.Landing} />
              </RedirectSignedIn>
            }
          />
          <Route
            path="/auth"
            element={
              <RedirectSignedIn fromAuth>
                <Page component={pages.Auth} />
              </RedirectSignedIn>
            }
          />
          <Route path="/auth/reset-password" element={<Page component={pages.ResetPassword} />} />
          <Route path="/stripe-return" element={<Page component={pages.StripeReturn} />} />
          <Route path="/expert/:expertId" element={<Page component={pages.ExpertPublicProfile} />} />
          <Route path="/legal/:document" element={<Page component={pages.Legal} />} />
          <Route path="/cancellation-policy" element={<Page component={pages.CancellationPolicy} />} />
          <Route path="/reports/:reportId/verify" element={<Page component={pages.ReportVerify} />} />
          <Route path="/onsite/:token" element={<Page component={pages.Onsite} />} />
          <Route
            element={
              <RequireAuth>
                <Page component={AppShell} />
              </RequireAuth>
            }
          >
            <Route path="/dashboard" element={<DashboardIndex />} />
            <Route path="/dashboard/create-task" element={<Page component={pages.CreateTask} />} />
            <Route path="/create-task" element={<Page component={pages.CreateTask} />} />
            <Route path="/dashboard/messages" element={<Page component={pages.Messages} />} />
            <Route path="/messages" element={<Page component={pages.Messages} />} />
            <Route path="/dashboard/task/:taskId/messages" element={<Page component={pages.TaskChat} />} />
            <Route path="/task/:taskId/messages" element={<Page component={pages.TaskChat} />} />
            <Route path="/dashboard/profile" element={<Navigate to="/profile" replace />} />
            <Route path="/waitlist" element={<Page component={pages.Waitlist} />} />
            <Route path="/find-tasks" element={<Page component={pages.TaskSearch} />} />
            <Route path="/find-experts" element={<Page component={pages.ExpertDirectory} />} />
            <Route path="/task/:taskId" element={<Page component={pages.TaskDetails} />} />
            <Route path="/task/:taskId/edit" element={<Page component={pages.EditTask} />} />
            <Route path="/profile" element={<Page component={pages.Profile} />} />
            {/* Issue 54: one webhook endpoint of the Developers tab, with its delivery log. */}
            <Route path="/profile/webhooks/:endpointId" element={<Page component={pages.WebhookEndpoint} />} />
            <Route path="/expert-verification" element={<Page component={pages.ExpertVerification} />} />
            {/* Issue 51: the expert's earnings and payouts. */}
            <Route
              path="/earnings"
              element={
                <ExpertOnly>
                  <Page component={pages.Earnings} />
                </ExpertOnly>
              }
            />
            <Route path="/dashboard/*" element={<NotFoundPage />} />
          </Route>
          <Route
            path="/admin/*"
            element={
              <AdminGate>
                <RequireAuth>
                  <Page component={pages.Admin} />
                </RequireAuth>
              </AdminGate>
            }
          />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </ErrorBoundary>
  );
}
