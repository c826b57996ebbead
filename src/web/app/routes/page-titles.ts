import { pageTitlesMessages as titles } from '@shared/messages/page-titles';
import { documentTitle } from '@web/lib/use-document-title';

/** The landing page keeps index.html's title: the brand and what the product does. */
const LANDING_TITLE = typeof document === 'undefined' ? '' : document.title;

/** Each route's tab title (router.tsx has the same routes), first match wins; a path that is no page is "Page not found". */
const ROUTE_TITLES: ReadonlyArray<readonly [RegExp, string]> = [
  [/^\/auth\/reset-password$/, titles.resetPassword],
  [/^\/auth$/, titles.auth],
  [/^\/stripe-return$/, titles.paymentSetup],
  [/^\/expert\/[^/]+$/, titles.expertProfile],
  [/^\/legal\/privacy$/, titles.privacy],
  [/^\/legal\/terms$/, titles.terms],
  [/^\/legal\/support$/, titles.support],
  [/^\/cancellation-policy$/, titles.cancellationPolicy],
  [/^\/reports\/[^/]+\/verify$/, titles.reportVerify],
  [/^\/onsite\/[^/]+$/, titles.onsiteVisit],
  [/^\/dashboard$/, titles.dashboard],
  [/^(\/dashboard)?\/create-task$/, titles.newTask],
  [/^(\/dashboard)?\/messages$/, titles.messages],
  [/^(\/dashboard)?\/task\/[^/]+\/messages$/, titles.taskMessages],
  [/^\/waitlist$/, titles.waitlist],
  [/^\/find-tasks$/, titles.findTasks],
  [/^\/find-experts$/, titles.findExperts],
  [/^\/task\/[^/]+$/, titles.task],
  [/^\/task\/[^/]+\/edit$/, titles.editTask],
  [/^(\/dashboard)?\/profile$/, titles.profile],
  [/^\/profile\/webhooks\/[^/]+$/, titles.webhookEndpoint],
  [/^\/expert-verification$/, titles.expertVerification],
  [/^\/earnings$/, titles.earnings],
  [/^\/admin(\/.*)?$/, titles.admin],
];

/** The tab title of the page at `pathname`. */
export function pageTitleOf(pathname: string, landingTitle = LANDING_TITLE): string {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/') return landingTitle;
  const match = ROUTE_TITLES.find(([pattern]) => pattern.test(path));
  return documentTitle(match ? match[1] : titles.notFound);
}
