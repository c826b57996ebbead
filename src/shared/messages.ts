import { authMessages } from './messages/auth';
import { onboardingMessages } from './messages/onboarding';
import { shellMessages } from './messages/shell';
import { adminMessages } from './messages/admin';
import { commonMessages } from './messages/common';
import { taskStatusMessages } from './messages/task-status';
import { paymentStatusMessages } from './messages/payment-status';
import { tasksMessages } from './messages/tasks';
import { applicationsMessages } from './messages/applications';
import { evidenceMessages } from './messages/evidence';
import { reviewsMessages } from './messages/reviews';
import { reportsMessages } from './messages/reports';
import { paymentMessages } from './messages/payment';
import { paymentNotificationsMessages } from './messages/payment-notifications';
import { paymentSetupMessages } from './messages/payment-setup';
import { avatarMessages } from './messages/avatar';
import { profileMessages } from './messages/profile';
import { phoneMessages } from './messages/phone';
import { expertMessages } from './messages/expert';
import { verificationMessages } from './messages/verification';
import { locationMessages } from './messages/location';
import { geolocationMessages } from './messages/geolocation';
import { mapMessages } from './messages/map';
import { landingMessages } from './messages/landing';
import { legalMessages } from './messages/legal';
import { chatMessages } from './messages/chat';
import { taskNotificationsMessages } from './messages/task-notifications';
import { notificationsMessages } from './messages/notifications';
import { taskPagesMessages } from './messages/task-pages';
import { taskSidebarMessages } from './messages/task-sidebar';
import { disputesMessages } from './messages/disputes';
import { holdsMessages } from './messages/holds';
import { securityMessages } from './messages/security';
import { polishMessages } from './messages/polish';
import { adminOverridesMessages } from './messages/admin-overrides';
import { discoveryMessages } from './messages/discovery';
import { directoryMessages } from './messages/directory';
import { accountMailMessages } from './messages/account-mail';
import { accountControlMessages } from './messages/account-control';
import { operationsMessages } from './messages/operations';
import { evidenceTrustMessages } from './messages/evidence-trust';
import { reachMessages } from './messages/reach';
import { webPushMessages } from './messages/web-push';
import { invitationsMessages } from './messages/invitations';
import { appointmentsMessages } from './messages/appointments';
import { reliabilityMessages } from './messages/reliability';
import { noAccessMessages } from './messages/no-access';
import { listTotalsMessages } from './messages/list-totals';
import { pageTitlesMessages } from './messages/page-titles';
import { firstUserMessages } from './messages/first-user';
import { evidenceChangesMessages } from './messages/evidence-changes';
import { lateWorkMessages } from './messages/late-work';
import { offersMessages } from './messages/offers';
import { priceChangesMessages } from './messages/price-changes';
import { cancellationsMessages } from './messages/cancellations';
import { receiptsMessages } from './messages/receipts';
import { earningsMessages } from './messages/earnings';
import { apiKeysMessages } from './messages/api-keys';
import { webhooksMessages } from './messages/webhooks';

/**
 * The user-facing texts of the specification's error catalogue, copied exactly, by key.
 * Server errors carry a key's text; the web shows the same texts. Sections grow per feature;
 * keys are never renamed once used. Each section lives in ./messages/<section>.ts; code on the landing
 * page's initial path imports its section directly so that it does not pull in the whole catalogue.
 */
export const messages = {
  auth: authMessages,
  onboarding: onboardingMessages,
  shell: shellMessages,
  admin: adminMessages,
  common: commonMessages,
  taskStatus: taskStatusMessages,
  paymentStatus: paymentStatusMessages,
  tasks: tasksMessages,
  applications: applicationsMessages,
  evidence: evidenceMessages,
  reviews: reviewsMessages,
  reports: reportsMessages,
  payment: paymentMessages,
  paymentNotifications: paymentNotificationsMessages,
  paymentSetup: paymentSetupMessages,
  avatar: avatarMessages,
  profile: profileMessages,
  phone: phoneMessages,
  expert: expertMessages,
  verification: verificationMessages,
  location: locationMessages,
  geolocation: geolocationMessages,
  map: mapMessages,
  landing: landingMessages,
  legal: legalMessages,
  chat: chatMessages,
  taskNotifications: taskNotificationsMessages,
  notifications: notificationsMessages,
  taskPages: taskPagesMessages,
  taskSidebar: taskSidebarMessages,
  disputes: disputesMessages,
  holds: holdsMessages,
  security: securityMessages,
  polish: polishMessages,
  adminOverrides: adminOverridesMessages,
  discovery: discoveryMessages,
  directory: directoryMessages,
  accountMail: accountMailMessages,
  accountControl: accountControlMessages,
  operations: operationsMessages,
  evidenceTrust: evidenceTrustMessages,
  reach: reachMessages,
  webPush: webPushMessages,
  invitations: invitationsMessages,
  appointments: appointmentsMessages,
  reliability: reliabilityMessages,
  noAccess: noAccessMessages,
  listTotals: listTotalsMessages,
  pageTitles: pageTitlesMessages,
  firstUser: firstUserMessages,
  evidenceChanges: evidenceChangesMessages,
  lateWork: lateWorkMessages,
  offers: offersMessages,
  priceChanges: priceChangesMessages,
  cancellations: cancellationsMessages,
  receipts: receiptsMessages,
  earnings: earningsMessages,
  apiKeys: apiKeysMessages,
  webhooks: webhooksMessages,
} as const;
