import type { MeDto } from '@shared/schemas/me.schemas';
import { peekEarlyJson, startEarlyGet } from '@web/lib/api';
import { pageLoaders } from './routes/pages';
import { loadAppShell } from './router';

/**
 * Starts, as the entry script runs, what the opened page will ask for only later: its code (route
 * chunks are otherwise requested after the first render, then the signed-in check, then the page)
 * and the API reads it makes on its first render. Without it a signed-in page loads as a waterfall:
 * HTML, entry, /api/me, shell chunk, page chunk, page data, render (decision 0370). The reads must
 * be the exact URLs the pages ask for (src/web/lib/api.ts hands each answer to the first GET of the
 * same URL); a read nobody takes is only a wasted request. "/" starts nothing: the landing page's
 * budget (issue 12) keeps its first load to the static hero and the entry.
 */
export function warmUpRoute(pathname: string): void {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/') return;
  const segments = path.split('/').slice(1).map(decodeURIComponent);
  const signedIn = () => {
    startEarlyGet('/api/me');
    void loadAppShell().catch(() => undefined);
    startEarlyGet('/api/notifications');
  };
  const load = (loader: () => Promise<unknown>) => void loader().catch(() => undefined);

  if (path === '/auth') {
    startEarlyGet('/api/me');
    load(pageLoaders.Auth);
  } else if (segments[0] === 'expert' && segments.length === 2) {
    startEarlyGet('/api/me');
    load(pageLoaders.ExpertPublicProfile);
    startEarlyGet(`/api/experts/${encodeURIComponent(segments[1]!)}/public`);
  } else if (segments[0] === 'task' && segments.length === 2) {
    signedIn();
    load(pageLoaders.TaskDetails);
    startEarlyGet(`/api/tasks/${encodeURIComponent(segments[1]!)}`);
  } else if (path === '/dashboard') {
    signedIn();
    // The dashboard depends on the role: the client's needs its task list, the expert's its own code.
    void peekEarlyJson<MeDto>('/api/me').then((me) => {
      if (!me || me.roles.isAdmin) return;
      if (me.roles.isExpert) return load(pageLoaders.ExpertDashboard);
      load(pageLoaders.ClientDashboard);
      startEarlyGet('/api/tasks', { scope: 'mine', page: 1, pageSize: 50 });
    });
  } else if (path === '/admin') {
    startEarlyGet('/api/me');
    load(pageLoaders.Admin);
    startEarlyGet('/api/admin/overview');
  }
}
