import type { QueryClient } from '@tanstack/react-query';
import type { MeDto } from '@shared/schemas/me.schemas';
import type { TaskDetailsDto } from '@shared/schemas/task-api';
import { peekEarlyJson, startEarlyGet } from '@web/lib/api';
import { publicSettingsQuery } from '@web/lib/public-settings';
import { meQuery } from '@web/lib/session';
import { authSessionQuery } from '@web/lib/auth-session';
import { moneyViewerOf } from '@web/features/task-details/money/money-viewer';
import { pageLoaders } from './routes/pages';
import { loadAppShell } from './router';
import { loadToasterOutlet } from './shell/deferred-toaster';

/**
 * Starts, as the entry script runs, what the opened page will ask for only later: its code (route
 * chunks are otherwise requested after the first render, then the signed-in check, then the page)
 * and the API reads it makes on its first render. Without it a signed-in page loads as a waterfall:
 * HTML, entry, /api/me, shell chunk, page chunk, page data, render (decision 0370). The reads must
 * be the exact URLs the pages ask for (src/web/lib/api.ts hands each answer to the first GET of the
 * same URL); a read nobody takes is only a wasted request. "/" starts nothing: the landing page's
 * budget (issue 12) keeps its first load to the static hero and the entry.
 *
 * With a query client, the answers also go into its cache under the pages' own query options, and
 * the promise settles once the page's code and first reads are in (or failed): the entry renders
 * then, so that the page renders once, with its data, in one interruptible transition instead of a
 * loading state followed by one synchronous re-render per arriving answer (decision 0390).
 * `search` is the location's query string: the admin area's first reads depend on its tab.
 */
export function warmUpRoute(pathname: string, queryClient?: QueryClient, search = ''): Promise<void> {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/') return Promise.resolve();
  const segments = path.split('/').slice(1).map(decodeURIComponent);
  const pending: Promise<unknown>[] = [];
  const load = (loader: () => Promise<unknown>) => pending.push(loader().catch(() => undefined));
  /** Fills the cache once the query's code is here; its request is already on its way. */
  const prefetch = (prefetching: (client: QueryClient) => Promise<unknown>) => {
    if (queryClient) pending.push(prefetching(queryClient).catch(() => undefined));
  };
  /** Only a signed-in user's reads go into the cache: a signed-out one is sent to /auth anyway. */
  const whenSignedIn = (prefetching: (client: QueryClient) => Promise<unknown>) =>
    prefetch(async (client) => {
      if (await client.fetchQuery(meQuery)) await prefetching(client);
    });
  const common = () => {
    // Every page past "/" mounts the toast outlet, whose library injects its stylesheet as it starts
    // (60-70 ms under 4x): started on its own, it runs in a task of its own rather than inside the
    // page's code (decision 0408), and while the document loads, when no preload links are added
    // for it (decision 0412).
    load(loadToasterOutlet);
    startEarlyGet('/api/me');
    startEarlyGet('/api/public-settings');
    prefetch((client) => client.prefetchQuery(meQuery));
    prefetch((client) => client.prefetchQuery(publicSettingsQuery));
  };
  const signedIn = () => {
    common();
    load(loadAppShell);
    startEarlyGet('/api/notifications');
    whenSignedIn(async (client) => {
      const { notificationsQuery } = await import('@web/features/notifications/notifications-api');
      await client.prefetchQuery(notificationsQuery);
    });
  };

  if (path === '/auth') {
    common();
    load(pageLoaders.Auth);
  } else if (segments[0] === 'expert' && segments.length === 2) {
    const expertId = segments[1]!;
    common();
    load(pageLoaders.ExpertPublicProfile);
    startEarlyGet(`/api/experts/${encodeURIComponent(expertId)}/public`);
    prefetch(async (client) => {
      const { publicProfileQuery } = await import('@web/features/expert-public-profile/expert-profile-api');
      await client.prefetchQuery(publicProfileQuery(expertId));
    });
  } else if (segments[0] === 'task' && segments.length === 2) {
    const taskId = segments[1]!;
    signedIn();
    load(pageLoaders.TaskDetails);
    const taskUrl = `/api/tasks/${encodeURIComponent(taskId)}`;
    startEarlyGet(taskUrl);
    whenSignedIn(async (client) => {
      const { taskQuery } = await import('@web/features/task-details/task-query');
      await client.prefetchQuery(taskQuery(taskId));
    });
    // The money panel shows to the task's client, its expert and admins: once both answers say the
    // user is one of them, its read starts too, without waiting for the page's code (decision 0401).
    const answers = [
      queryClient ? queryClient.fetchQuery(meQuery).catch(() => null) : peekEarlyJson<MeDto>('/api/me'),
      peekEarlyJson<{ task: TaskDetailsDto }>(taskUrl),
    ] as const;
    pending.push(
      Promise.all(answers).then(async ([me, body]) => {
        const task = body?.task;
        if (!task || !moneyViewerOf(me, task)) return;
        startEarlyGet(`${taskUrl}/money`);
        if (!queryClient) return;
        const { taskMoneyQuery } = await import('@web/features/task-details/money/money-api');
        await queryClient.prefetchQuery(taskMoneyQuery(taskId)).catch(() => undefined);
      }),
    );
  } else if (segments[0] === 'profile' && segments[1] === 'webhooks' && segments.length === 3) {
    // Issue 54: a webhook endpoint's page reads the endpoint and its delivery log.
    const endpointId = segments[2]!;
    signedIn();
    load(pageLoaders.WebhookEndpoint);
    const endpointUrl = `/api/me/webhook-endpoints/${encodeURIComponent(endpointId)}`;
    startEarlyGet(endpointUrl);
    startEarlyGet(`${endpointUrl}/deliveries`);
    whenSignedIn(async (client) => {
      const { webhookEndpointQuery, webhookDeliveriesQuery } = await import('@web/features/profile/webhooks-api');
      await Promise.all([
        client.prefetchQuery(webhookEndpointQuery(endpointId)),
        client.prefetchQuery(webhookDeliveriesQuery(endpointId)),
      ]);
    });
  } else if (path === '/dashboard') {
    signedIn();
    // The dashboard depends on the role: the client's needs its task list, the expert's its own code.
    // With a query client the session check took the early answer into the cache: read it there.
    const me = queryClient
      ? queryClient.fetchQuery(meQuery).catch(() => null)
      : peekEarlyJson<MeDto>('/api/me');
    pending.push(
      me.then(async (me) => {
        if (!me || me.roles.isAdmin) return;
        if (me.roles.isExpert) {
          // The expert's list is centred on their profile's place: the profile is its first read.
          startEarlyGet('/api/experts/me');
          const loading = pageLoaders.ExpertDashboard().catch(() => undefined);
          if (queryClient) {
            const { myExpertProfileQuery } = await import('@web/lib/expert-profile');
            await queryClient.prefetchQuery(myExpertProfileQuery).catch(() => undefined);
          }
          return loading;
        }
        startEarlyGet('/api/tasks', { scope: 'mine', page: 1, pageSize: 50 });
        const loading = pageLoaders.ClientDashboard().catch(() => undefined);
        if (queryClient) {
          const { taskListQuery } = await import('@web/components/task/use-task-list');
          await queryClient.prefetchInfiniteQuery(taskListQuery({ scope: 'mine' })).catch(() => undefined);
        }
        await loading;
      }),
    );
  } else if (path === '/admin') {
    common();
    load(pageLoaders.Admin);
    startEarlyGet('/api/admin/overview');
    // The admin page renders nothing until the two-factor check answers, and the overview shows the waitlist.
    startEarlyGet('/api/auth/get-session');
    const overviewTab = !new URLSearchParams(search).get('tab');
    if (overviewTab) startEarlyGet('/api/admin/waitlist');
    prefetch((client) => client.prefetchQuery(authSessionQuery));
    whenSignedIn(async (client) => {
      const { overviewQuery, waitlistQuery } = await import('@web/features/admin/admin-api');
      await Promise.all([
        client.prefetchQuery(overviewQuery),
        overviewTab && client.prefetchQuery(waitlistQuery),
      ]);
    });
  }
  // Settles, never rejects: a failed chunk or read only means the page fetches it itself later.
  return Promise.allSettled(pending).then(() => undefined);
}
