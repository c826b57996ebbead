import { lazy } from 'react';

/**
 * The page of each route, one lazy chunk each. Every feature exports its page as the default
 * export of the file named here.
 */
export const pages = {
  Landing: lazy(() => import('@web/features/landing/landing-page')),
  Auth: lazy(() => import('@web/features/auth/auth-page')),
  ResetPassword: lazy(() => import('@web/features/auth/reset-password-page')),
  StripeReturn: lazy(() => import('@web/features/stripe-return/stripe-return-page')),
  ExpertPublicProfile: lazy(() => import('@web/features/expert-public-profile/expert-public-profile-page')),
  Legal: lazy(() => import('@web/features/legal/legal-page')),
  ClientDashboard: lazy(() => import('@web/features/client-dashboard/client-dashboard-page')),
  ExpertDashboard: lazy(() => import('@web/features/expert-dashboard/expert-dashboard-page')),
  Waitlist: lazy(() => import('@web/features/waitlist/waitlist-page')),
  TaskSearch: lazy(() => import('@web/features/task-search/task-search-page')),
  ExpertDirectory: lazy(() => import('@web/features/expert-directory/expert-directory-page')),
  CreateTask: lazy(() => import('@web/features/task-form/create-task-page')),
  EditTask: lazy(() => import('@web/features/task-form/edit-task-page')),
  TaskDetails: lazy(() => import('@web/features/task-details/task-details-page')),
  Messages: lazy(() => import('@web/features/messages/messages-page')),
  TaskChat: lazy(() => import('@web/features/messages/task-chat-page')),
  Profile: lazy(() => import('@web/features/profile/profile-page')),
  ExpertVerification: lazy(() => import('@web/features/expert-onboarding/expert-verification-page')),
  Admin: lazy(() => import('@web/features/admin/admin-page')),
  ReportVerify: lazy(() => import('@web/features/report-verify/report-verify-page')),
};
