import type { ComponentType, LazyExoticComponent } from 'react';
import { preloadable } from './preloadable';

/**
 * The page of each route, one lazy chunk each. Every feature exports its page as the default
 * export of the file named here.
 */
const importers = {
  Landing: () => import('@web/features/landing/landing-page'),
  Auth: () => import('@web/features/auth/auth-page'),
  ResetPassword: () => import('@web/features/auth/reset-password-page'),
  StripeReturn: () => import('@web/features/stripe-return/stripe-return-page'),
  ExpertPublicProfile: () => import('@web/features/expert-public-profile/expert-public-profile-page'),
  Legal: () => import('@web/features/legal/legal-page'),
  CancellationPolicy: () => import('@web/features/legal/cancellation-policy-page'),
  ClientDashboard: () => import('@web/features/client-dashboard/client-dashboard-page'),
  ExpertDashboard: () => import('@web/features/expert-dashboard/expert-dashboard-page'),
  Waitlist: () => import('@web/features/waitlist/waitlist-page'),
  TaskSearch: () => import('@web/features/task-search/task-search-page'),
  ExpertDirectory: () => import('@web/features/expert-directory/expert-directory-page'),
  CreateTask: () => import('@web/features/task-form/create-task-page'),
  EditTask: () => import('@web/features/task-form/edit-task-page'),
  TaskDetails: () => import('@web/features/task-details/task-details-page'),
  Messages: () => import('@web/features/messages/messages-page'),
  TaskChat: () => import('@web/features/messages/task-chat-page'),
  Profile: () => import('@web/features/profile/profile-page'),
  WebhookEndpoint: () => import('@web/features/profile/webhook-endpoint-page'),
  ExpertVerification: () => import('@web/features/expert-onboarding/expert-verification-page'),
  Admin: () => import('@web/features/admin/admin-page'),
  ReportVerify: () => import('@web/features/report-verify/report-verify-page'),
  Onsite: () => import('@web/features/onsite/onsite-page'),
  Earnings: () => import('@web/features/earnings/earnings-page'),
};

type PageName = keyof typeof importers;
const preloadables = Object.fromEntries(
  Object.entries(importers).map(([name, importer]) => [name, preloadable(importer)]),
) as unknown as Record<
  PageName,
  { load: () => Promise<unknown>; Component: LazyExoticComponent<ComponentType> }
>;

/** Starts (once) the code of a page; src/web/app/route-warmup.ts calls it for the page being opened. */
export const pageLoaders = Object.fromEntries(
  Object.entries(preloadables).map(([name, { load }]) => [name, load]),
) as Record<PageName, () => Promise<unknown>>;

export const pages = Object.fromEntries(
  Object.entries(preloadables).map(([name, { Component }]) => [name, Component]),
) as Record<PageName, LazyExoticComponent<ComponentType>>;
