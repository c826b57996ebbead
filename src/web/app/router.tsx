import { createBrowserRouter, Navigate, Outlet } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { pages } from './routes/pages';
import { Page } from './routes/page';
import { RequireAuth, RedirectSignedIn, AdminGate, DashboardIndex } from './guards';
import { lazy } from 'react';
import { RouteErrorFallback } from './shell/error-fallback';
import { NotFoundPage } from './routes/not-found-page';
import { MaintenanceGate } from './shell/maintenance-gate';

/**
 * Every route of the product (spec 000 section 2, 001 section 2, 002 section 2). Pages are
 * lazy-loaded per route so the landing page's initial JS stays small.
 */
// The signed-in shell (bell, dialogs, navigation) is its own chunk: visitors of the landing page never load it.
const AppShell = lazy(() => import('./shell/app-shell').then((module) => ({ default: module.AppShell })));

export function createAppRouter(_queryClient: QueryClient) {
  return createBrowserRouter([
    {
      element: (
        <MaintenanceGate>
          <Outlet />
        </MaintenanceGate>
      ),
      errorElement: <RouteErrorFallback />,
      children: [
        {
          path: '/',
          element: (
            <RedirectSignedIn>
              <Page component={pages.Landing} />
            </RedirectSignedIn>
          ),
        },
        {
          path: '/auth',
          element: (
            <RedirectSignedIn fromAuth>
              <Page component={pages.Auth} />
            </RedirectSignedIn>
          ),
        },
        { path: '/stripe-return', element: <Page component={pages.StripeReturn} /> },
        { path: '/expert/:expertId', element: <Page component={pages.ExpertPublicProfile} /> },
        { path: '/legal/:document', element: <Page component={pages.Legal} /> },
        {
          element: (
            <RequireAuth>
              <Page component={AppShell} />
            </RequireAuth>
          ),
          children: [
            { path: '/dashboard', element: <DashboardIndex /> },
            { path: '/dashboard/create-task', element: <Page component={pages.CreateTask} /> },
            { path: '/create-task', element: <Page component={pages.CreateTask} /> },
            { path: '/dashboard/messages', element: <Page component={pages.Messages} /> },
            { path: '/messages', element: <Page component={pages.Messages} /> },
            { path: '/dashboard/task/:taskId/messages', element: <Page component={pages.TaskChat} /> },
            { path: '/task/:taskId/messages', element: <Page component={pages.TaskChat} /> },
            { path: '/dashboard/profile', element: <Navigate to="/profile" replace /> },
            { path: '/task/:taskId', element: <Page component={pages.TaskDetails} /> },
            { path: '/task/:taskId/edit', element: <Page component={pages.EditTask} /> },
            { path: '/profile', element: <Page component={pages.Profile} /> },
            { path: '/expert-verification', element: <Page component={pages.ExpertVerification} /> },
            { path: '/dashboard/*', element: <NotFoundPage /> },
          ],
        },
        {
          path: '/admin/*',
          element: (
            <AdminGate>
              <RequireAuth>
                <Page component={pages.Admin} />
              </RequireAuth>
            </AdminGate>
          ),
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ]);
}
